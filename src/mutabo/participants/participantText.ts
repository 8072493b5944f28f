// How the participants' table words a row: its state with the detail that matters, its payment, its person.
import type { MutaboParticipant, MutaboParticipantsLesson } from '../../../common/mutabo.ts';
import { yearsCount } from '../../../common/plural.ts';
import { PAYMENT_STATE_LABELS } from '../payments/paymentText.ts';
import { formatDateTime } from '../shell/timeText.ts';

export const lessonName = (lesson: Pick<MutaboParticipantsLesson, 'number' | 'title'>) => `${lesson.number}. ${lesson.title || 'Без названия'}`;

/** «2 из 10»; a limit of 0 means no limit. */
export const takenText = (lesson: Pick<MutaboParticipantsLesson, 'taken' | 'limit'>) =>
  lesson.limit > 0 ? `${lesson.taken} из ${lesson.limit}` : `${lesson.taken}, без ограничения мест`;

/** «Бронь до …», «Ждёт подтверждения», «В очереди: 2-е место», «Подтверждено …». */
export function stateText(row: MutaboParticipant): { label: string; detail: string } {
  switch (row.state) {
    case 'reserved':
      return row.expiresAt
        ? { label: 'Бронь', detail: `до ${formatDateTime(row.expiresAt)}, пока идёт оплата` }
        : { label: 'Ждёт подтверждения', detail: '' };
    case 'waiting_list':
      return { label: 'В очереди', detail: row.position ? `${row.position}-е место` : '' };
    case 'approved':
      return { label: 'Подтверждено', detail: row.approvedAt ? formatDateTime(row.approvedAt) : '' };
  }
}

/** Paid, a payment under way or failed, or nothing to pay (a free course). */
export function paymentText(row: MutaboParticipant, coursePaid: boolean): string {
  if (row.paid) return row.payment ? `Оплачено, платёж № ${row.payment.id}` : 'Оплачено';
  if (row.payment) return `Не оплачено: платёж № ${row.payment.id} — ${PAYMENT_STATE_LABELS[row.payment.state].toLowerCase()}`;
  return coursePaid ? 'Не оплачено' : 'Бесплатный курс';
}

/** «36 лет», or nothing when the year of birth is unknown. */
export const ageText = (age: number | null) => (age === null ? '' : yearsCount(age));
