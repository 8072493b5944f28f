// The errors of lesson selection, enrollment and payment, in the wire shape the site reads (server/README.md,
// «Enrollment and payments»): the error code is the top-level key, and a message naming lessons carries the
// marker `{lessons:[12,13]}` that the site replaces by the quoted lesson titles.
import { pluralForm } from '../../../../common/plural.ts';
import { HttpError } from '../../http/errors.ts';
import { lessonsMarker } from '../../../../common/lessonErrors.ts';
import { SELLER_REFUSAL } from '../../../../common/mutabo/seller.ts';
import type { CourseFormat } from '../../../../common/recordings.ts';


const onLessons = (lessonIds: readonly number[]) => (lessonIds.length === 1 ? 'занятии' : 'занятиях');

export const enrollmentErrors = {
  lessonsRequired: () => new HttpError(400, { lessons_are_required: ['Выберите хотя бы одно занятие.'] }),
  fullyOccupied: (lessonIds: readonly number[]) =>
    new HttpError(400, { lessons_are_fully_occupied: [`Нет свободных мест на ${onLessons(lessonIds)} ${lessonsMarker(lessonIds)}.`] }),
  alreadyParticipated: (lessonIds: readonly number[]) =>
    new HttpError(400, { already_participated: [`Вы уже участвуете в ${onLessons(lessonIds)} ${lessonsMarker(lessonIds)}.`] }),
  /** A lesson that has begun without a ready recording is not sold (common/lessonBlocks.ts lessonSale). */
  lessonsPast: (lessonIds: readonly number[]) =>
    new HttpError(400, {
      lessons_are_past: [`${lessonIds.length === 1 ? 'Занятие' : 'Занятия'} ${lessonsMarker(lessonIds)} уже ${lessonIds.length === 1 ? 'началось' : 'начались'}: оплатить можно только занятия, которые ещё впереди.`],
    }),
  /** A recorded course's lesson is sold once its recording is ready (the same key: the site reads it alike). */
  recordingNotReady: (lessonIds: readonly number[]) =>
    new HttpError(400, {
      lessons_are_past: [
        `${lessonIds.length === 1 ? 'Запись занятия' : 'Записи занятий'} ${lessonsMarker(lessonIds)} ещё не ${lessonIds.length === 1 ? 'готова' : 'готовы'}: оплатить можно, когда ${lessonIds.length === 1 ? 'она появится' : 'они появятся'}.`,
      ],
    }),
  unknownLessons: () => new HttpError(400, { lessons: ['Некоторые из выбранных занятий не найдены. Обновите страницу и выберите занятия снова.'] }),
  severalCourses: () => new HttpError(400, { lessons: ['Все выбранные занятия должны относиться к одному курсу.'] }),
  wholeBlocks: (blockSize: number) =>
    new HttpError(400, { lessons: [`Занятия этого курса оплачиваются только целыми блоками по ${blockSize} ${pluralForm(blockSize, ['занятию', 'занятия', 'занятий'])}.`] }),
  wholeCourseOnly: () => new HttpError(400, { lessons: ['Этот курс можно оплатить только целиком.'] }),
  enrollmentClosed: () => new HttpError(400, { detail: 'Запись на этот курс закрыта.' }),
  noLessons: () => new HttpError(400, { detail: 'У этого курса пока нет занятий, на которые можно записаться.' }),
  coursePaid: () => new HttpError(400, { detail: 'Этот курс платный: выберите занятия и оплатите их.' }),
  noPriceInCurrency: () => new HttpError(400, { currency: ['Этот курс нельзя оплатить в выбранной валюте.'] }),
  wrongSystem: () => new HttpError(400, { system: ['Оплата в евро принимается через PayPal, в остальных валютах — через ЮKassa.'] }),
  amountTooHigh: () => new HttpError(400, { lessons: ['Сумма одного платежа не может быть больше 10 000 000: выберите меньше занятий.'] }),
  zeroAmount: () => new HttpError(400, { detail: 'Сумма к оплате должна быть больше нуля.' }),
  paymentBeingCreated: () => new HttpError(409, { detail: 'Платёж за эти занятия уже создаётся. Подождите несколько секунд и попробуйте снова.' }),
  providerUnavailable: () => new HttpError(502, { detail: 'Платёжная система сейчас не отвечает. Места не забронированы; попробуйте оплатить ещё раз через несколько минут.' }),
  paymentUnavailable: () => new HttpError(503, { detail: 'Оплата сейчас недоступна. Пожалуйста, напишите автору курса.' }),
  /** A real provider while the seller's details are incomplete (services/payments/sellerReadiness.ts). */
  sellerIncomplete: () => new HttpError(503, { detail: SELLER_REFUSAL }),
  noPayment: () => new HttpError(404, { detail: 'У вас пока нет платежей.' }),
  participantNotFound: () => new HttpError(404, { detail: 'Запись об участии не найдена.' }),
  authorsOnly: () => new HttpError(403, { detail: 'Этот раздел доступен только авторам курсов.' }),
  notYourCourse: () => new HttpError(403, { detail: 'Управлять участниками может только автор этого курса.' }),
  onlyApprove: () => new HttpError(400, { state: ['Можно только подтвердить участие (state: approved); чтобы отклонить заявку, удалите её.'] }),
};

/** The most participant rows one request to the manager endpoints approves. */
export const MAX_APPROVE_ROWS = 200;

/** The refusals of the input of /api/v1/participants/ and /api/v1/manager/participants/ (routes/participants.ts). */
export const participantsInputMessages = {
  course: 'Укажите номер курса целым положительным числом.',
  courseObject: 'Ожидается объект с полем course.',
  onlySubscription:
    'Здесь можно изменить только подписку на новости: subscribed, true или false. Чтобы отказаться от участия, удалите запись; подтверждает участие автор курса.',
  state: 'Состояние: subscribed, reserved, waiting_list или approved.',
  approveState: 'Укажите state: approved.',
  ids: `Укажите ids: номера записей об участии, от 1 до ${MAX_APPROVE_ROWS}.`,
};

/**
 * The refusals of lessons someone cannot buy, in the order the site expects them: already_participated, then
 * lessons_are_past (not on sale: begun without a recording, or a recorded course's lesson whose recording is not ready), then lessons_are_fully_occupied, each naming its lessons in the order given. Checked before the
 * lock and again under it.
 */
export function refuseTakenLessons(format: CourseFormat, lessons: readonly { id: number; approved: boolean; full: boolean; past: boolean }[]): void {
  const approved = lessons.filter((lesson) => lesson.approved).map((lesson) => lesson.id);
  if (approved.length > 0) throw enrollmentErrors.alreadyParticipated(approved);
  const past = lessons.filter((lesson) => lesson.past).map((lesson) => lesson.id);
  if (past.length > 0) throw format === 'recorded' ? enrollmentErrors.recordingNotReady(past) : enrollmentErrors.lessonsPast(past);
  const full = lessons.filter((lesson) => lesson.full).map((lesson) => lesson.id);
  if (full.length > 0) throw enrollmentErrors.fullyOccupied(full);
}
