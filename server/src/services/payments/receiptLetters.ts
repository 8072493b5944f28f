// The payment letter (the receipt): what was paid, each paid lesson with its time in the payer's zone, the lessons'
// calendar entries attached, and where the webinar room's link will appear. Composed in the transaction that
// completes the payment (payments/completion.ts), from what that transaction sees.
import { formatMoney } from '../../../../common/coursePrices.ts';
import { formatLessonTime } from '../../../../common/lessonTimeText.ts';
import { ROOM_OPENS_BEFORE_MS } from '../../../../common/lessonSchedule.ts';
import { SITE_ROUTES } from '../../../../common/sitePaths.ts';
import type { Executor } from '../../db/client.ts';
import { receiptFacts } from '../../repositories/letters/letterFactsRepository.ts';
import { calendarText, CALENDAR_CONTENT_TYPE, type CalendarLesson } from '../schedule/calendar.ts';
import { greeting, letter, myCourses, newsLine, signature, type LetterContext, type PaidPayment } from '../places/enrollmentLetters.ts';
import { roomLink, zoneFor, zoneNote, type NoticeRecipient } from '../schedule/lessonLetters.ts';
import { sellerAnswers } from '../letters/replyTo.ts';
import type { LetterAttachment, MailMessage } from '../letters/mail.ts';

type Config = LetterContext['config'];

/** A paid lesson as the letter tells it. */
export interface ReceiptLesson {
  id: number;
  number: number;
  title: string;
  /** Minutes. */
  duration: number;
  /** The iCalendar SEQUENCE of its entry. */
  sequence: number;
  /** The room's own address, '' for none: the calendar file carries the payer's join link instead (roomLink). */
  roomUrl: string;
  startsAt: Date | null;
}

const ROOM_MINUTES = ROOM_OPENS_BEFORE_MS / 60_000;

/** The timed lessons' entries in one file: the same UIDs as every other file of them, so a calendar updates them later. */
function calendarFile(config: Config, recipient: Pick<NoticeRecipient, 'userId'>, course: { id: number; title: string }, items: ReceiptLesson[], now: Date): LetterAttachment | null {
  const entries: CalendarLesson[] = items.flatMap((item) =>
    item.startsAt === null
      ? []
      : [{ id: item.id, courseId: course.id, courseTitle: course.title, number: item.number, title: item.title, startsAt: item.startsAt, duration: item.duration, sequence: item.sequence, ...(item.roomUrl ? { roomUrl: roomLink(config, recipient, item) } : {}) }],
  );
  if (entries.length === 0) return null;
  return { filename: `course-${course.id}-lessons.ics`, contentType: CALENDAR_CONTENT_TYPE, content: calendarText(entries, { publicUrl: config.publicUrl, name: course.title, now }) };
}

export function receiptLetter(
  config: Config,
  recipient: NoticeRecipient,
  course: { id: number; title: string; timeZone: string },
  items: ReceiptLesson[],
  payment: PaidPayment,
  subscribed: boolean,
  /** The seller's details under the letter (sellerFooter.ts). */
  footer: string[],
  now = new Date(),
): MailMessage {
  const { zone, own } = zoneFor(recipient, { courseTimeZone: course.timeZone });
  const line = (item: ReceiptLesson) => `${item.number}. ${item.title} — ${item.startsAt ? formatLessonTime(item.startsAt, zone) : 'время ещё не назначено'}`;
  const timed = items.some((item) => item.startsAt !== null);
  const untimed = items.some((item) => item.startsAt === null);
  const file = calendarFile(config, recipient, course, items, now);
  const text = [
    greeting(recipient),
    `Мы получили вашу оплату за курс «${course.title}». Ваше участие подтверждено.`,
    `${items.length === 1 ? 'Оплаченное занятие' : 'Оплаченные занятия'}:\n${items.map(line).join('\n')}`,
    ...(timed ? zoneNote(config, own) : []),
    ...(file ? [items.length === 1 ? 'Событие для календаря — во вложении: откройте файл, и занятие появится в вашем календаре.' : 'События для календаря — во вложении: откройте файл, и занятия появятся в вашем календаре.'] : []),
    `Ссылка на комнату вебинара появится на странице курса и в разделе «Мои курсы» за ${ROOM_MINUTES} минут до начала занятия.${untimed ? ' Когда у занятия появится время, мы напишем вам.' : ''}`,
    `Сумма: ${formatMoney(payment.amount, payment.currency)}\nНомер платежа: ${payment.id}\nДата оплаты: ${payment.paidAt.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' })} (по московскому времени)`,
    ...(payment.offerVersion ? [`Оплачивая, вы приняли договор-оферту в редакции № ${payment.offerVersion}: ${config.publicUrl}/offer`] : []),
    ...(payment.fiscalReceiptByEmail ? ['Кассовый чек придёт отдельным письмом от ЮKassa на этот адрес.'] : []),
    `Ваши курсы: ${config.publicUrl}${SITE_ROUTES.accountCourses}\n${newsLine(config, course, subscribed)}`,
    signature(config),
  ].join('\n\n');
  return {
    ...letter(config, recipient.email, `Оплата получена: курс «${course.title}»`, text, myCourses(config), footer),
    ...(file ? { attachments: [file] } : {}),
    answeredBy: sellerAnswers(config),
  };
}

/** The payment letter of the payer for these lessons, read in `db` (the completing transaction). */
export async function composeReceiptLetter(
  db: Executor,
  config: Config,
  payer: { id: number; email: string; firstName: string },
  course: { id: number; title: string },
  lessonIds: number[],
  payment: PaidPayment,
  subscribed: boolean,
  footer: string[],
): Promise<MailMessage> {
  const facts = await receiptFacts(db, payer.id, course.id, lessonIds);
  return receiptLetter(config, { ...payer, userId: payer.id, timeZone: facts.payerTimeZone }, { ...course, timeZone: facts.courseTimeZone }, facts.items, payment, subscribed, footer);
}
