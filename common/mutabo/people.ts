// «Люди» in the authors' area (issue 20, item 5): finding a person, their card, and answering their written request
// about personal data (an export, a deletion). The wire types, the deletion's body schema, the Russian messages and
// the words the area uses for consent records. docs/PRIVACY.md, «Requests to the operator».
import { z } from 'zod';
import type { ConsentAction, ConsentKind, ConsentSource } from '../privacy.ts';
import type { Currency, ParticipationState, PaymentState, PaymentSystem } from '../wireTypes.ts';
import type { MutaboDiscount } from '../discounts.ts';
import type { PersonRecordingAccess } from '../recordings.ts';

/**
 * `GET /api/v1/mutabo/people/?search=&page=`: live accounts (not deleted ones), newest first, MUTABO_PAGE_SIZE a page; `search` looks in the
 * first name, the last name, both together in either order, and the e-mail (case-insensitive, typed text literally).
 */
export interface MutaboPersonListItem {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  /** ISO time of the sign-up. */
  registeredAt: string;
  /** The address was confirmed (the account is active). */
  confirmed: boolean;
  /** An author's account: it cannot be deleted from the area. */
  isAuthor: boolean;
}

/** A place (held, awaited or confirmed) in a lesson. */
export interface MutaboPersonLesson {
  courseId: number;
  courseTitle: string;
  lessonId: number;
  lessonNumber: number;
  lessonTitle: string;
  /** ISO time of the lesson, null while it has none. */
  startsAt: string | null;
  state: ParticipationState;
  /** When a hold lapsed unpaid (ISO), null otherwise. */
  expiredAt: string | null;
  /** When the person asked for the place (ISO). */
  since: string;
  /** When they first came into the lesson's room through the site's join link (ISO), null if they never did. */
  joinedAt: string | null;
  /** They watched the lesson's recording on the site: «смотрел запись». */
  watchedRecording: boolean;
}

export interface MutaboPersonPayment {
  id: number;
  system: PaymentSystem;
  currency: Currency;
  /** Decimal text, «2400.00». */
  amount: string;
  state: PaymentState;
  createdAt: string;
  paidAt: string | null;
  /** The lessons it pays for, with their courses. */
  lessons: { id: number; number: number; title: string; courseTitle: string }[];
}

export interface MutaboPersonRefund {
  id: number;
  paymentId: number;
  amount: string;
  currency: Currency;
  state: 'pending' | 'succeeded' | 'failed';
  createdAt: string;
  completedAt: string | null;
}

export interface MutaboPersonSubscription {
  courseId: number;
  courseTitle: string;
  /** ISO time. */
  since: string;
}

/** One consent record, as stored (never edited): what, given or withdrawn, under which policy, where, when, from where. */
export interface MutaboPersonConsent {
  kind: ConsentKind;
  action: ConsentAction;
  /** A news consent's course; null for the consent to processing or a course that is gone. */
  courseId: number | null;
  courseTitle: string | null;
  policyVersion: string;
  source: ConsentSource;
  ip: string | null;
  userAgent: string | null;
  /** ISO time. */
  at: string;
}

/**
 * `GET /api/v1/mutabo/people/{id}/`: the person's card. A deleted account (services/accounts/deletion.ts) keeps its card
 * with `deletedAt`, no names and no address: what the law keeps (payments, refunds, the consent records) stays on it.
 */
export interface MutaboPersonCard extends MutaboPersonListItem {
  /** When the account was deleted (ISO), null for a live one. */
  deletedAt: string | null;
  yearOfBirth: number | null;
  lessons: MutaboPersonLesson[];
  payments: MutaboPersonPayment[];
  refunds: MutaboPersonRefund[];
  newsSubscriptions: MutaboPersonSubscription[];
  consents: MutaboPersonConsent[];
  /** Their personal discounts on the caller's courses (`POST /api/v1/mutabo/courses/{id}/discounts/` grants one). */
  discounts: MutaboDiscount[];
  /** Their recording windows in the caller's courses that have one (common/recordings.ts, docs/RECORDINGS.md «Watching»). */
  recordingAccess: PersonRecordingAccess[];
}

export const peopleMessages = {
  personNotFound: 'Такого человека на сайте нет.',
  writtenRequestRequired: 'Подтвердите, что у вас есть письменное заявление этого человека об удалении его данных.',
  personDeleted: 'Аккаунт этого человека уже удалён.',
  authorNotDeletable:
    'Аккаунт автора курсов — свой или другого автора — нельзя удалить из раздела авторов: сначала оператор сайта снимает роль автора.',
  invalidBody: 'Ожидается объект JSON с полем writtenRequest.',
} as const;

/**
 * `DELETE /api/v1/mutabo/people/{id}/`: `{"writtenRequest": true}`, the author's word that they hold the person's
 * written request (400 under `writtenRequest` without it). Deletes the account as the person's own deletion does
 * (services/accounts/deletion.ts) and records it in the history with the author. 204; 403 for an author's account (the
 * caller's own included); 404 for an unknown or already deleted one.
 */
export const personDeleteSchema = z.object(
  { writtenRequest: z.literal(true, { error: peopleMessages.writtenRequestRequired }) },
  { error: peopleMessages.invalidBody },
);


export const CONSENT_KIND_LABELS: Record<ConsentKind, string> = {
  processing: 'Обработка персональных данных',
  news: 'Новости курса',
};

export const CONSENT_ACTION_LABELS: Record<ConsentAction, string> = {
  given: 'дано',
  withdrawn: 'отозвано',
};

/** Keyed by text: a source added later shows as it is stored until it has its words here. */
export const CONSENT_SOURCE_LABELS: Readonly<Record<string, string>> = {
  signup: 'регистрация',
  'course-page': 'страница курса',
  account: 'личный кабинет',
  payment: 'оплата',
  'unsubscribe-link': 'ссылка «Отписаться» в письме',
  'account-deletion': 'удаление аккаунта',
} satisfies Partial<Record<ConsentSource | 'account-deletion', string>>;
