// How «Люди» words a person, their places in lessons and their consent records.
import { CONSENT_ACTION_LABELS, CONSENT_KIND_LABELS, CONSENT_SOURCE_LABELS, type MutaboPersonConsent, type MutaboPersonLesson } from '../../../common/mutabo/people.ts';
import { MUTABO_PARTICIPANT_STATE_LABELS } from '../../../common/mutabo/participants.ts';
import { formatDateTime } from '../shell/timeText.ts';

export { personName } from '../payments/paymentText.ts';

/** «Подтверждено», «В очереди», «Бронь до 05.03.2027, 18:30», «Бронь истекла …». */
export function placeText(lesson: Pick<MutaboPersonLesson, 'state' | 'expiredAt'>, now = Date.now()): string {
  if (lesson.state === 'subscribed') return 'Подписка';
  if (lesson.state === 'reserved' && lesson.expiredAt) {
    const lapsed = new Date(lesson.expiredAt).getTime() <= now;
    return `${lapsed ? 'Бронь истекла' : 'Бронь до'} ${formatDateTime(lesson.expiredAt)}`;
  }
  return MUTABO_PARTICIPANT_STATE_LABELS[lesson.state];
}

/** «Обработка персональных данных», «Новости курса «Медленное чтение»». */
export function consentSubject(consent: Pick<MutaboPersonConsent, 'kind' | 'courseId' | 'courseTitle'>): string {
  if (consent.kind !== 'news') return CONSENT_KIND_LABELS[consent.kind];
  if (consent.courseTitle) return `${CONSENT_KIND_LABELS.news} «${consent.courseTitle}»`;
  return consent.courseId === null ? `${CONSENT_KIND_LABELS.news} (курс удалён)` : `${CONSENT_KIND_LABELS.news} (курс № ${consent.courseId})`;
}

export const consentActionText = (consent: Pick<MutaboPersonConsent, 'action'>) => CONSENT_ACTION_LABELS[consent.action];
export const consentSourceText = (consent: Pick<MutaboPersonConsent, 'source'>) => CONSENT_SOURCE_LABELS[consent.source] ?? consent.source;
