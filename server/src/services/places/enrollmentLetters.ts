// The letters of enrollment and payment (a place freed for someone in the queue, an approval, a refund; the receipt is
// receiptLetters.ts),
// queued in the transaction of the change they tell of (services/letters/letterQueue.ts sends them after the commit).
// One letter per person per action: a receipt lists the lessons of its payment, and approvals of one person's
// lessons of a course that come in a burst (an author approving row after row) are told in one letter.
import type { Currency } from '../../../../common/wireTypes.ts';
import { formatMoney } from '../../../../common/coursePrices.ts';
import type { AppConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { approvalLetterFacts, lessonsWithCourses, recipientsByIds, subscribedToNews } from '../../repositories/letters/letterFactsRepository.ts';
import { gatherLetter } from '../../repositories/letters/outboxRepository.ts';
import type { LetterComposer, QueuedLetter } from '../letters/letterQueue.ts';
import { userText } from '../letters/userText.ts';
import { renderLetter, type LetterAction } from '../letters/template.ts';
import { courseAnswers, sellerAnswers } from '../letters/replyTo.ts';
import type { MailMessage } from '../letters/mail.ts';
import type { Promotion } from '../../repositories/places/placesRepository.ts';
import { queueNotices } from '../telegram/notices.ts';

/** What composing and queueing letters needs: `db` is the transaction of the change the letters tell of. */
export interface LetterContext {
  db: Db | Tx;
  config: Pick<AppConfig, 'publicUrl' | 'operatorName' | 'operatorEmail' | 'jwtSecret'>;
}

export interface Recipient {
  email: string;
  firstName: string;
}

export interface LessonRef {
  number: number;
  title: string;
}

/**
 * A letter of these flows in the site's template (letterTemplate.ts), with its main link as the button; `footer` lines
 * go under it (the seller's details of a letter about money: sellerFooter.ts).
 */
export function letter(config: LetterContext['config'], to: string, subject: string, text: string, action?: LetterAction, footer?: string[]): MailMessage {
  return renderLetter(config, { to, subject, text, action, ...(footer && footer.length > 0 ? { footer } : {}) });
}

export const coursePage = (config: LetterContext['config'], course: { id: number }): LetterAction => ({ label: 'Открыть страницу курса', url: `${config.publicUrl}/courses/${course.id}` });
export const myCourses = (config: LetterContext['config']): LetterAction => ({ label: 'Мои курсы', url: `${config.publicUrl}/account/courses` });

export const greeting = (recipient: Recipient) => (recipient.firstName ? `Здравствуйте, ${userText(recipient.firstName)}!` : 'Здравствуйте!');
export const lessonList = (items: LessonRef[]) => items.map((lesson) => `${lesson.number}. ${lesson.title}`).join('\n');
export const signature = (config: LetterContext['config']) => `— ${config.operatorName}`;

export function promotionLetter(config: LetterContext['config'], recipient: Recipient, course: { id: number; title: string }, items: LessonRef[]): MailMessage {
  const text = [
    greeting(recipient),
    `Вы были в очереди на курс «${course.title}», и для вас освободилось место. Мы забронировали его за вами на ${items.length === 1 ? 'занятие' : 'занятия'}:\n${lessonList(items)}`,
    `Состояние вашей записи видно на странице курса: ${config.publicUrl}/courses/${course.id}\nЕсли вы передумали, там же можно отказаться от участия — тогда место достанется следующему в очереди.`,
    signature(config),
  ].join('\n\n');
  return { ...letter(config, recipient.email, `Освободилось место на курсе «${course.title}»`, text, coursePage(config, course)), answeredBy: courseAnswers(course) };
}

/** What a letter says about the course's news: promised to a subscriber, offered to anyone else. */
export function newsLine(config: LetterContext['config'], course: { id: number }, subscribed: boolean): string {
  return subscribed
    ? 'Новости курса будут приходить на этот адрес.'
    : `Чтобы получать новости курса по почте, подпишитесь на них на странице курса: ${config.publicUrl}/courses/${course.id}`;
}

export function approvalLetter(config: LetterContext['config'], recipient: Recipient, course: { id: number; title: string }, items: LessonRef[], subscribed: boolean): MailMessage {
  const approved =
    items.length === 1
      ? `Ваше участие в курсе «${course.title}» подтверждено: занятие ${items[0]!.number}. ${items[0]!.title}.`
      : `Ваше участие в курсе «${course.title}» подтверждено. Занятия:\n${lessonList(items)}`;
  const text = [greeting(recipient), approved, `Страница курса: ${config.publicUrl}/courses/${course.id}\n${newsLine(config, course, subscribed)}`, signature(config)].join('\n\n');
  return { ...letter(config, recipient.email, `Участие подтверждено: курс «${course.title}»`, text, coursePage(config, course)), answeredBy: courseAnswers(course) };
}

export interface PaidPayment {
  id: number;
  amount: number;
  currency: Currency;
  paidAt: Date;
  /** The version of the public offer the payment was made under (null: there was none). */
  offerVersion?: number | null;
  /** A payment in rubles through YooKassa with RECEIPTS=yookassa: YooKassa e-mails the fiscal receipt to the payer. */
  fiscalReceiptByEmail?: boolean;
}

export function refundLetter(
  config: LetterContext['config'],
  recipient: Recipient,
  course: { id: number; title: string },
  items: LessonRef[],
  payment: PaidPayment,
  /** The seller's details under the letter (sellerFooter.ts). */
  footer: string[],
): MailMessage {
  const contact = config.operatorEmail ? `Если у вас есть вопросы, напишите нам: ${config.operatorEmail}` : 'Если у вас есть вопросы, ответьте на это письмо.';
  const text = [
    greeting(recipient),
    `Оплата за курс «${course.title}» (${formatMoney(payment.amount, payment.currency)}, платёж № ${payment.id}) пришла уже после того, как бронь мест закончилась, и за это время места на занятиях были заняты:\n${lessonList(items)}`,
    `Мы вернём вам деньги полностью. ${contact}`,
    signature(config),
  ].join('\n\n');
  return { ...letter(config, recipient.email, `Возврат оплаты за курс «${course.title}»`, text, undefined, footer), answeredBy: sellerAnswers(config) };
}

/** Why money that arrived for an ended payment goes back at once (services/payments/completion.ts), as the payer reads it. */
const REFUNDED_AT_ONCE_BECAUSE = {
  superseded: 'после того, как вы начали новую оплату на этом курсе и этот платёж был заменён ею',
  withdrawn: 'после того, как вы отказались от этих занятий',
  promo_used_up: 'после того, как этот платёж был закрыт, а промокод, по которому была рассчитана цена, за это время был использован максимальное число раз',
} as const;

/** To a payer whose money for an ended payment is refunded at once (completion.ts): why, and that the money goes back. */
export function refundedAtOnceLetter(
  config: LetterContext['config'],
  recipient: Recipient,
  course: { id: number; title: string },
  payment: PaidPayment,
  reason: keyof typeof REFUNDED_AT_ONCE_BECAUSE,
  /** The seller's details under the letter (sellerFooter.ts). */
  footer: string[],
): MailMessage {
  const contact = config.operatorEmail ? `Если у вас есть вопросы, напишите нам: ${config.operatorEmail}` : 'Если у вас есть вопросы, ответьте на это письмо.';
  const text = [
    greeting(recipient),
    `Оплата за курс «${course.title}» (${formatMoney(payment.amount, payment.currency)}, платёж № ${payment.id}) пришла ${REFUNDED_AT_ONCE_BECAUSE[reason]}. Участие по этому платежу не оформлено.`,
    `Мы возвращаем вам деньги полностью; когда платёжная система подтвердит возврат, придёт ещё одно письмо. ${contact}`,
    signature(config),
  ].join('\n\n');
  return { ...letter(config, recipient.email, `Возврат оплаты за курс «${course.title}»`, text, undefined, footer), answeredBy: sellerAnswers(config) };
}

export function refundNoticeForOperator(config: LetterContext['config'], payer: Recipient, course: { id: number; title: string }, payment: PaidPayment & { system: string; providerId: string | null }): MailMessage {
  const text = [
    `Платёж № ${payment.id} (${payment.system}, ${payment.providerId ?? 'без номера у платёжной системы'}) на ${formatMoney(payment.amount, payment.currency)} за курс «${course.title}» подтверждён после окончания брони, а места уже заняты.`,
    `Плательщик: ${userText(payer.firstName)} <${payer.email}>. Участие не оформлено; деньги нужно вернуть через личный кабинет платёжной системы.`,
  ].join('\n\n');
  return letter(config, config.operatorEmail ?? '', `Нужен возврат: платёж № ${payment.id}`, text);
}

/** Letters to everyone moved from the waiting list to a reserved place: one per person and course, queued in `db` (the transaction). */
export async function queuePromotionLetters(context: LetterContext, promotions: Promotion[]): Promise<void> {
  if (promotions.length === 0) return;
  const { db } = context;
  const [people, lessonRows] = await Promise.all([
    recipientsByIds(
      db,
      promotions.map((promotion) => promotion.userId),
    ),
    lessonsWithCourses(
      db,
      promotions.map((promotion) => promotion.lessonId),
    ),
  ]);
  const byKey = new Map<string, { userId: number; course: { id: number; title: string }; lessons: LessonRef[] }>();
  for (const promotion of promotions) {
    const lesson = lessonRows.find((row) => row.id === promotion.lessonId);
    if (!lesson) continue;
    const key = `${promotion.userId}:${lesson.courseId}`;
    const entry = byKey.get(key) ?? { userId: promotion.userId, course: { id: lesson.courseId, title: lesson.courseTitle }, lessons: [] };
    entry.lessons.push({ number: lesson.number, title: lesson.title });
    byKey.set(key, entry);
  }
  const letters: QueuedLetter[] = [];
  for (const entry of byKey.values()) {
    const person = people.find((row) => row.id === entry.userId);
    if (!person) continue;
    entry.lessons.sort((a, b) => a.number - b.number);
    letters.push({ kind: 'promotion', userId: person.id, ...promotionLetter(context.config, person, entry.course, entry.lessons) });
  }
  await queueNotices(db, context.config, letters);
}

export { subscribedToNews };

/** How long approvals of one person's lessons gather before their letter goes: after the last one, and at most. */
const APPROVAL_BURST = { quietMs: 5_000, maxMs: 30_000 };

/**
 * Queues, in the approving transaction, the letter telling the person of approved lessons of a course. Approvals of
 * the same person and course that follow within APPROVAL_BURST join the same unsent letter (an author approving row
 * after row makes one letter), in every process alike; the letter is composed when it is sent (composeApprovalLetter).
 */
export function queueApprovalLetter(tx: Tx, userId: number, courseId: number, lessonIds: readonly number[]): Promise<void> {
  return gatherLetter(tx, { kind: 'approval', gatherKey: `approval:${userId}:${courseId}`, userId, payload: { userId, courseId }, ids: lessonIds }, APPROVAL_BURST);
}

/** The approval letter lists the lessons approved when it is sent: one rejected meanwhile is left out, and none left means no letter. */
export function composeApprovalLetter(config: LetterContext['config']): LetterComposer {
  return async (db, row) => {
    const payload = (row.payload ?? {}) as { userId?: number; courseId?: number; ids?: number[] };
    if (typeof payload.userId !== 'number' || typeof payload.courseId !== 'number' || !Array.isArray(payload.ids) || payload.ids.length === 0) return null;
    const { person, course, items } = await approvalLetterFacts(db, payload.userId, payload.courseId, payload.ids);
    if (!person || !course || items.length === 0) return null;
    const subscribed = await subscribedToNews(db, payload.userId, payload.courseId);
    return approvalLetter(config, person, course, items, subscribed);
  };
}
