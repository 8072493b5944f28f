// The consent records (migration 0017, docs/PRIVACY.md): only inserted, in the transaction of the change they record;
// there is no update or delete here, and none is to be added while the account exists.
import { asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_POLICY_VERSION, POLICY_SLUG, policyVersionLabel } from '../../../../common/policy.ts';
import { MAX_CONSENT_USER_AGENT, type ConsentAction, type ConsentKind, type ConsentSource } from '../../../../common/privacy.ts';
import type { Executor } from '../../db/client.ts';
import { consents, pagesContent } from '../../db/schema.ts';

/** Where and from what a request gave or withdrew a consent: the route knows it, the service records it. */
export interface ConsentOrigin {
  source: ConsentSource;
  /** request.ip (X-Forwarded-For as far as TRUST_PROXY says). */
  ip: string | null;
  userAgent: string | null;
}

export interface ConsentEvent {
  userId: number;
  kind: ConsentKind;
  action: ConsentAction;
  /** A news consent's course; none for the consent to processing. */
  courseId?: number | null;
}

/**
 * A request's origin: its address and user agent (cut to a sane length). The routes take it from http/consentOrigin.ts;
 * this copy stays only while routes/users.ts, newsUnsubscribe.ts and participants.ts import it here (tests/layout.test.ts PENDING).
 */
export function consentOrigin(source: ConsentSource, request: { ip: string; headers: Record<string, string | string[] | undefined> }): ConsentOrigin {
  const agent = request.headers['user-agent'];
  const userAgent = (Array.isArray(agent) ? agent[0] : agent)?.trim();
  return { source, ip: request.ip || null, userAgent: userAgent ? userAgent.slice(0, MAX_CONSENT_USER_AGENT) : null };
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

/** A user's records, oldest first. */
export async function consentsOf(db: Executor, userId: number) {
  return db.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.id));
}
