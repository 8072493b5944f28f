// The letters of the authors' actions on participants and payments: a rejection, a move in the queue, a refund (an
// approval is enrollmentLetters.ts's approvalLetter, gathered per person by ApprovalLetters). Built with the helpers
// of the enrollment letters and sent through their sendLetters, after the commit.
import { formatMoney } from '../../../../common/coursePrices.ts';
import type { Currency } from '../../../../common/wireTypes.ts';
import { coursePage, greeting, lessonList, letter, myCourses, signature, type LessonRef, type LetterContext, type Recipient } from './enrollmentLetters.ts';
import { courseAnswers, sellerAnswers } from '../letters/replyTo.ts';
import type { MailMessage } from '../letters/mail.ts';

type Config = LetterContext['config'];
type CourseRef = { id: number; title: string };

const onLessons = (items: LessonRef[]) => (items.length === 1 ? 'занятие' : 'занятия');

export function rejectedLetter(config: Config, recipient: Recipient, course: CourseRef, items: LessonRef[]): MailMessage {
  const text = [
    greeting(recipient),
    `Автор курса «${course.title}» отклонил вашу запись на ${onLessons(items)}:\n${lessonList(items)}`,
    `Если это ошибка или у вас есть вопросы, ответьте на это письмо. Страница курса: ${config.publicUrl}/courses/${course.id}`,
    signature(config),
  ].join('\n\n');
  return { ...letter(config, recipient.email, `Запись отклонена: курс «${course.title}»`, text, coursePage(config, course)), answeredBy: courseAnswers(course) };
}

export function queueMovedLetter(config: Config, recipient: Recipient, course: CourseRef, item: LessonRef, position: number): MailMessage {
  const text = [
    greeting(recipient),
    `Автор курса «${course.title}» передвинул вас в очереди на занятие ${item.number}. ${item.title}: теперь вы ${position}-й в очереди.`,
    `Когда освободится место, мы забронируем его за вами и напишем. Страница курса: ${config.publicUrl}/courses/${course.id}`,
    signature(config),
  ].join('\n\n');
  return { ...letter(config, recipient.email, `Ваше место в очереди: курс «${course.title}»`, text, coursePage(config, course)), answeredBy: courseAnswers(course) };
}

export function refundedLetter(
  config: Config,
  recipient: Recipient,
  course: CourseRef,
  items: LessonRef[],
  refund: { paymentId: number; amount: number; currency: Currency },
  /** The seller's details under the letter (sellerFooter.ts). */
  footer: string[],
): MailMessage {
  const lessonsText = items.length > 0 ? `\n${lessonList(items)}\n\nВаше участие в ${items.length === 1 ? 'этом занятии' : 'этих занятиях'} отменено.` : '';
  const text = [
    greeting(recipient),
    `Мы вернули вам ${formatMoney(refund.amount, refund.currency)} по платежу № ${refund.paymentId} за курс «${course.title}».${lessonsText}`,
    'Деньги поступят на карту или счёт, с которого вы платили; банку на это может понадобиться несколько дней.',
    `Ваши курсы: ${config.publicUrl}/account/courses`,
    signature(config),
  ].join('\n\n');
  return { ...letter(config, recipient.email, `Возврат денег: курс «${course.title}»`, text, myCourses(config), footer), answeredBy: sellerAnswers(config) };
}
