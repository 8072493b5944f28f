// The personal-data processing policy in force (issue 20, item 2; docs/PRIVACY.md): the authors' last saved version
// (pages_content, slug `policy`), or before their first save the default text (common/policyText.ts) as version 0,
// naming the operator: the seller's details once the seller's name is filled in, OPERATOR_NAME and OPERATOR_EMAIL
// until then. Public (GET /api/v2/user/pages-content/policy/, cached: the seller and pages_content tables drop the
// cache) and the authors' editor read it here.
import { DEFAULT_POLICY_NAME, DEFAULT_POLICY_PUBLISHED_AT, DEFAULT_POLICY_VERSION, POLICY_SLUG, type Policy } from '../../../../common/policy.ts';
import { policyOperator, policySections } from '../../../../common/policyText.ts';
import { absoluteUrl } from '../../../../common/pageMeta.ts';
import { SITE_ROUTES } from '../../../../common/sitePaths.ts';
import type { AppConfig } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { paragraphsToDraftRaw } from '../../db/draftRaw.ts';
import { findPage } from '../../repositories/content/pagesRepository.ts';
import { readSeller } from '../../repositories/payments/sellerRepository.ts';

export type PolicyConfig = Pick<AppConfig, 'publicUrl' | 'operatorName' | 'operatorEmail'>;

/** The default text as draft-js raw JSON, naming the operator known now; section titles are headings. */
export async function defaultPolicyText(db: Executor, config: PolicyConfig): Promise<string> {
  const operator = policyOperator(await readSeller(db), { name: config.operatorName, email: config.operatorEmail });
  const sections = policySections(operator, absoluteUrl(config.publicUrl, SITE_ROUTES.policy));
  return paragraphsToDraftRaw(sections.flatMap((section) => [`## ${section.title}`, ...section.paragraphs]));
}

export async function currentPolicy(db: Executor, config: PolicyConfig): Promise<Policy> {
  const row = await findPage(db, POLICY_SLUG);
  if (row) return { name: row.name, text: row.text, version: row.version, publishedAt: row.updatedAt.toISOString() };
  return { name: DEFAULT_POLICY_NAME, text: await defaultPolicyText(db, config), version: DEFAULT_POLICY_VERSION, publishedAt: DEFAULT_POLICY_PUBLISHED_AT };
}
