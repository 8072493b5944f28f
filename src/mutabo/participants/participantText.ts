// How the participants' table words a row: its state with the detail that matters, its payment, its person.
import type { MutaboParticipant, MutaboParticipantsLesson } from '../../../common/mutabo/participants.ts';
import { lessonsCount, yearsCount } from '../../../common/plural.ts';
import { PAYMENT_STATE_LABELS } from '../payments/paymentText.ts';
import { formatDateTime } from '../shell/timeText.ts';

export const lessonName = (lesson: Pick<MutaboParticipantsLesson, 'number' | 'title'>) => `${lesson.number}. ${lesson.title || 'Без названия'}`;

/**
 * «2 из 10»; a limit of 0 means no places at all (common/places.ts): whoever joins waits in the queue, and the line
 * says so rather than leave «0 из 0» to be read as a lesson without a limit.
 */
export const takenText = (lesson: Pick<MutaboParticipantsLesson, 'taken' | 'limit'>) =>
  lesson.limit > 0 ? `${lesson.taken} из ${lesson.limit}` : `${lesson.taken} из 0 — мест нет`;

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

/** Lesson numbers with runs of three or more shortened: «1–4», «1, 3, 4», «2, 5–7». */
export function lessonNumbers(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end += 1;
    if (end - start >= 2) parts.push(`${sorted[start]}–${sorted[end]}`);
    else for (let index = start; index <= end; index += 1) parts.push(String(sorted[index]));
    start = end + 1;
  }
  return parts.join(', ');
}

/** «занятие 1. Пушкин» for one lesson, «4 занятия: 1–4» for several. */
export function lessonsText(lessons: Pick<MutaboParticipantsLesson, 'number' | 'title'>[]): string {
  if (lessons.length === 1) return `занятие ${lessonName(lessons[0]!)}`;
  return `${lessonsCount(lessons.length)}: ${lessonNumbers(lessons.map((lesson) => lesson.number))}`;
}
