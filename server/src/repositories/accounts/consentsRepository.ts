// The consent records (migration 0017, docs/PRIVACY.md): only inserted, in the transaction of the change they record;
// there is no update or delete here, and none is to be added while the account exists.
import { sql } from 'drizzle-orm';
import { DEFAULT_POLICY_VERSION, POLICY_SLUG, policyVersionLabel } from '../../../../common/policy.ts';
import { MAX_CONSENT_USER_AGENT, type ConsentAction, type ConsentKind, type ConsentSource } from '../../../../common/privacy.ts';
import type { Executor } from '../../db/client.ts';
import { consents, pagesContent } from '../../db/schema.ts';

/** Where and from what a request gave or withdrew a consent: the route knows it (http/consentOrigin.ts), the service records it. */
export interface ConsentOrigin {
  source: ConsentSource;
  /** request.ip (X-Forwarded-For as far as TRUST_PROXY says). */
  ip: string | null;
  userAgent: string | null;
}

interface ConsentEvent {
  userId: number;
  kind: ConsentKind;
  action: ConsentAction;
  /** A news consent's course; none for the consent to processing. */
  courseId?: number | null;
}

/**
 * Records a consent given or withdrawn under the policy version in force: read in the insert itself, so in the
 * transaction of the change (the policy's row, or '0' for its default text before the authors' first save).
 */
export async function recordConsent(db: Executor, event: ConsentEvent, origin: ConsentOrigin): Promise<void> {
  await db.insert(consents).values({
    userId: event.userId,
    kind: event.kind,
    courseId: event.courseId ?? null,
    action: event.action,
    policyVersion: sql`COALESCE((SELECT ${pagesContent.version}::text FROM ${pagesContent} WHERE ${pagesContent.slug} = ${POLICY_SLUG}), ${policyVersionLabel(DEFAULT_POLICY_VERSION)})`,
    source: origin.source,
    ip: origin.ip,
    userAgent: origin.userAgent === null ? null : origin.userAgent.slice(0, MAX_CONSENT_USER_AGENT),
  });
}
