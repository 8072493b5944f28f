// Every enum of the data model, written once: the TypeScript types (wireTypes.ts), the PostgreSQL enums
// (server/src/db/schema.ts) and the zod schemas are derived from these lists. The stored values never change.

export const COURSE_STATES = ['draft', 'announced', 'can_be_subscribed'] as const;
export const DISCIPLES_AGES = ['DISCIPLES_AGE_CHILDREN', 'DISCIPLES_AGE_ADULTS'] as const;
export const CURRENCIES = ['CURRENCY_CHOICE_RUB', 'CURRENCY_CHOICE_EURO', 'CURRENCY_CHOICE_USD'] as const;
/** Only `draft` has a meaning visitors see: the lesson is hidden. */
export const LESSON_STATES = ['draft', 'published'] as const;
export const PARTICIPATION_STATES = ['subscribed', 'reserved', 'waiting_list', 'approved'] as const;
export const MAIN_LANGUAGES = ['Russian', 'English', 'Other'] as const;
export const PAYMENT_SYSTEMS = ['yookassa', 'paypal'] as const;
export const PAYMENT_STATES = ['STATE_IN_PROGRESS', 'STATE_COMPLETED', 'STATE_FAILURE'] as const;
/**
 * Why a payment ended without money (STATE_FAILURE, or the places it held ended): the payer cancelled, its hold
 * lapsed, a newer payment replaced it, the person withdrew or deleted the account, the provider failed, no places were
 * left, an author approved the places without it, or an author turned the person away. Two more name why money that
 * arrived for an ended payment was refunded at once (docs/PAYMENTS.md): the payer's account was deleted, or the promo
 * code it was charged with had been used up meanwhile.
 */
export const PAYMENT_FAILURE_REASONS = ['canceled', 'expired', 'superseded', 'withdrawn', 'provider_error', 'no_places', 'approved', 'rejected', 'account_deleted', 'promo_used_up'] as const;

/** What the authors' history records (table audit_log): the kind of object written and the kind of write. */
export const AUDIT_ENTITIES = [
  'course',
  'prices',
  // Who leads a course: before and after as {authors: [{id, name}]} (services/mutabo/courseAuthors.ts).
  'authors',
  'lesson',
  'upload',
  // The content both authors share, and each author's own page (GET /api/v1/mutabo/history/?entity=...).
  'quotation',
  'feedback',
  'libraryItem',
  'libraryCategory',
  'author',
  'timetable',
  // The seller's details and the public offer (routes/mutabo/pages.ts).
  'seller',
  'offer',
  // The personal-data processing policy, a page like the offer (routes/mutabo/pages.ts).
  'policy',
  // The participants' actions, the refunds asked and their confirmation (routes/mutabo/participants.ts, payments.ts).
  'participant',
  'payment',
  'refund',
  // A person's data exported or deleted on their written request (routes/mutabo/people.ts): `entityId` = the user.
  'person',
] as const;
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'reorder', 'approve', 'promote', 'reject', 'refund', 'export'] as const;
