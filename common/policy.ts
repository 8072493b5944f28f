// The personal-data processing policy (issue 20, item 2; docs/PRIVACY.md): a page of the site the authors edit in
// their area like the offer, with numbered versions. It always exists: before the authors' first save the server
// answers its default text (common/policyText.ts) as version 0. Plain data only: the site's policy page imports it.

/** The `pages_content` row of the policy. */
export const POLICY_SLUG = 'policy';

/** The policy's heading until the authors change it. */
export const DEFAULT_POLICY_NAME = 'Политика конфиденциальности';

/** Version 0 is the default text, before the authors' first save. */
export const DEFAULT_POLICY_VERSION = 0;

/** The date of the default text (version 0): when it was written. */
export const DEFAULT_POLICY_PUBLISHED_AT = '2026-11-26T00:00:00.000Z';

/**
 * `GET /api/v2/user/pages-content/policy/`: the policy in force. `text` is draft-js raw JSON; `version` 0 is the
 * default text, each save of the authors is the next number; `publishedAt` is when that version was saved (ISO).
 */
export interface Policy {
  name: string;
  text: string;
  version: number;
  publishedAt: string;
}

/** `GET`, `PATCH /api/v1/mutabo/pages-content/policy/`: the same, for the authors' editor. */
export type MutaboPolicy = Policy;

/** A consent record's `policy_version`: the policy's version as text ('0' for the default text). */
export const policyVersionLabel = (version: number): string => String(version);

export const policyMessages = {
  stale: 'Пока вы редактировали политику конфиденциальности, её уже изменили (другой автор или вы в другой вкладке): обновите страницу, чтобы увидеть новую версию, и внесите свои изменения снова.',
  textRequired: 'Текст политики не может быть пустым: на сайте должна быть действующая политика.',
} as const;

/** «26 ноября 2026 г.»: the day a version was published, in Moscow, whatever the reader's zone. */
export function policyDate(publishedAt: string): string {
  const date = new Date(publishedAt);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' }).format(date);
}

/** «Редакция от 26 ноября 2026 г. (версия 3)», the number kept with its word on a narrow screen. */
export const policyEdition = (policy: Pick<Policy, 'version' | 'publishedAt'>): string =>
  `Редакция от ${policyDate(policy.publishedAt)} (версия\u00a0${policy.version})`;
