// A course's participants in the authors' area: `GET /api/v1/mutabo/courses/{id}/participants/` and the actions on
// its rows (approve, promote in the queue, reject), with the Russian messages of the participants' and payments' refusals.
import { z } from 'zod';
import type { Currency, DisciplesAge, LessonState, PaymentState } from '../wireTypes.ts';
import { idList, MAX_INTEGER, mutaboMessages as m } from './fields.ts';

/** The states a row of the participants' table can have (a news subscription alone is not a row). */
export const MUTABO_PARTICIPANT_STATES = ['reserved', 'waiting_list', 'approved'] as const;
export type MutaboParticipantState = (typeof MUTABO_PARTICIPANT_STATES)[number];

export const MUTABO_PARTICIPANT_STATE_LABELS: Record<MutaboParticipantState, string> = {
  reserved: 'Бронь',
  waiting_list: 'В очереди',
  approved: 'Подтверждено',
};

/** The person behind a participant row, with the profile fields the author needs. */
export interface MutaboPerson {
  /** The user's id. */
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  yearOfBirth: number | null;
  /** Current year minus the year of birth; null when unknown. */
  age: number | null;
  /** common/yearOptions.ts isMinor. */
  minor: boolean;
  country: string;
  timezone: string;
  mainLanguage: string;
  /** For minors only (null for adults): the disciple profile's school and reading/writing notes. */
  school: { visitSchool: boolean | null; readWriteProblems: string; otherInfo: string } | null;
}

/** The payment that holds or bought a place. */
export interface MutaboPaymentRef {
  id: number;
  state: PaymentState;
  amount: number;
  currency: Currency;
}

/**
 * One person on one lesson. Lapsed holds (reserved, `expiresAt` past) hold nothing and are left out.
 * `reserved` with `expiresAt` null is a free course's place waiting for the author's approval.
 */
export interface MutaboParticipant {
  /** The participant row's id: what the actions take. */
  id: number;
  lessonId: number;
  state: MutaboParticipantState;
  /** ISO time the row was made (joined, queued or held). */
  createdAt: string;
  /** ISO time of the approval (or payment); null until approved. */
  approvedAt: string | null;
  /** For `reserved`: when the hold lapses unless paid (ISO); null for a hold that does not lapse. */
  expiresAt: string | null;
  /** For `waiting_list`: 1 for the first in the lesson's queue; null otherwise. */
  position: number | null;
  /** The place was bought: its payment is completed. */
  paid: boolean;
  payment: MutaboPaymentRef | null;
  person: MutaboPerson;
}

/** A lesson of the course with its places (every lesson that has rows, and every published one). */
export interface MutaboParticipantsLesson {
  id: number;
  number: number;
  title: string;
  state: LessonState;
  /** Places held: approved, or reserved and not lapsed. */
  taken: number;
  /** The course's places per lesson. */
  limit: number;
  waiting: number;
}

/**
 * `GET /api/v1/mutabo/courses/{id}/participants/?state=&lesson=`: the course's places per lesson (never filtered)
 * and its rows (filtered by `state`, one of MUTABO_PARTICIPANT_STATES, and `lesson`, a lesson id), ordered by lesson
 * number, then approved, reserved, the queue in its order, then by time. `…/participants.csv` gives the same rows as
 * CSV (UTF-8 with BOM, `;`-separated, `Content-Disposition: attachment`).
 */
export interface MutaboParticipants {
  course: {
    id: number;
    title: string;
    participantsLimit: number;
    disciplesAge: DisciplesAge;
    /** Has prices: places are bought. */
    paid: boolean;
  };
  lessons: MutaboParticipantsLesson[];
  participants: MutaboParticipant[];
}

/**
 * `POST /api/v1/mutabo/participants/approve/` `{participants: [row ids of one course]}` (or
 * `POST /api/v1/mutabo/participants/{id}/approve/` with `{}`): approves every row or none. A reserved row that
 * holds its place is approved (an unpaid payment holding it ends first); a waiting-list row or a lapsed hold needs a
 * free place (409 `{"detail"}` naming the lesson when there is none). Rows already approved are left as they are.
 * One letter per person. Answers the rows after the change: `MutaboParticipant[]`.
 */
const participantIdsMessage = 'Укажите записи участников (номера записей).';
export const approveParticipantsSchema = z.object(
  { participants: idList(participantIdsMessage).refine((ids) => ids.length > 0 && ids.length <= 1000, participantIdsMessage) },
  { error: m.invalidBody },
);

/**
 * `POST /api/v1/mutabo/participants/{id}/promote/` `{position}` (default 1): moves a waiting-list row to that place
 * in its lesson's queue (a position past the end means last). Answers the lesson's queue in its new order
 * (`MutaboParticipant[]`). 409 when the row is not on a waiting list.
 */
const positionMessage = 'Место в очереди — целое число от 1.';
export const promoteParticipantSchema = z.object(
  { position: z.number({ error: positionMessage }).int(positionMessage).min(1, positionMessage).max(MAX_INTEGER, positionMessage).default(1) },
  { error: m.invalidBody },
);

/**
 * `POST /api/v1/mutabo/participants/{id}/reject/` `{}`: deletes the row (its place goes to the queue, an unpaid
 * payment holding it ends). 204. A paid (approved by payment) place is given back with a refund instead (409).
 */

/**
 * `POST /api/v1/mutabo/participants/reject/` `{participants: [row ids of one course]}`: rejects every row or none
 * (a paid place among them is 409, nothing changes), each by the rule of one row's rejection; one letter per person
 * naming their lessons. 204.
 */
export const rejectParticipantsSchema = approveParticipantsSchema;

export const participantsMessages = {
  stateInvalid: 'Состояние: reserved, waiting_list или approved.',
  lessonInvalid: 'Укажите номер занятия целым положительным числом.',
  participantNotFound: 'Запись об участии не найдена.',
  severalCourses: 'Подтверждайте за один раз записи одного курса.',
  /** `{lesson}` is «3. Название». */
  noFreePlace: 'Нет свободных мест на занятии {lesson}: сначала освободите место или увеличьте число мест.',
  notWaiting: 'Этот участник не в очереди: переместить в очереди можно только ожидающих.',
  paidPlace: 'Это место оплачено: чтобы освободить его, верните деньги за занятие в разделе «Платежи».',
  freePlace: 'Это место получено бесплатно, по скидке: освободить его можно у платежа в разделе «Платежи».',
  paymentNotFound: 'Платёж не найден.',
  notPaid: 'Вернуть деньги можно только за оплаченный платёж.',
  lessonsNotInPayment: 'Эти занятия не входят в платёж.',
  alreadyRefunded: 'За эти занятия деньги уже возвращены или возврат уже в обработке.',
  nothingToRefund: 'Деньги за все занятия этого платежа уже возвращены.',
  providerUnavailable: 'Платёжная система сейчас не отвечает. Возврат записан и не будет сделан дважды: повторите запрос через несколько минут.',
  providerRefused: 'Платёжная система отказала в возврате: {reason}.',
} as const;
