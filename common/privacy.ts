// The consent records of issue 20 (docs/PRIVACY.md): what a person agreed to, under which policy, and where. A record
// names the version of the policy (common/policy.ts) in force when it was made.

/** `processing`: to the processing of personal data (sign-up); `news`: to a course's news letters. */
export const CONSENT_KINDS = ['processing', 'news'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const CONSENT_ACTIONS = ['given', 'withdrawn'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

/** Where a consent was given or withdrawn (`account-deletion`: withdrawn by deleting the account, services/accounts/deletion.ts). */
export const CONSENT_SOURCES = ['signup', 'course-page', 'account', 'payment', 'unsubscribe-link', 'account-deletion'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** The longest user agent a record keeps. */
export const MAX_CONSENT_USER_AGENT = 500;
