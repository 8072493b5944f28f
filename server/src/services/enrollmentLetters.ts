// The letters of enrollment and payment (a place freed for someone in the queue, an approval, a receipt, a refund),
// and their sending after the commit: a letter that cannot be sent is logged, never undoes what was committed.
// One letter per person per action: a receipt lists the lessons of its payment, and approvals of one person's
// lessons of a course that come in a burst (an author approving row after row) are told in one letter.
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Currency } from '../../../common/wireTypes.ts';
import { formatMoney } from '../../../common/coursePrices.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { courses, lessons, mailingSubscriptions, participants, users } from '../db/schema.ts';
import { userText } from './letterText.ts';
import type { Mailer, MailMessage } from './mail.ts';
import type { Promotion } from './places.ts';

export interface LetterContext {
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl' | 'operatorName' | 'operatorEmail'>;
  log: FastifyBaseLogger;
}

interface Recipient {
  email: string;
  firstName: string;
}

interface LessonRef {
  number: number;
  title: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The HTML body is the text with its paragraphs and links kept. */
function toHtml(text: string): string {
  const paragraphs = text.split(/\n{2,}/).map((paragraph) =>
    escapeHtml(paragraph)
      .replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`)
      .replace(/\n/g, '<br>'),
  );
  return `<!doctype html><html lang="ru"><body>${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('')}</body></html>`;
}

function letter(to: string, subject: string, text: string): MailMessage {
  return { to, subject, text, html: toHtml(text) };
}

const greeting = (recipient: Recipient) => (recipient.firstName ? `Здравствуйте, ${userText(recipient.firstName)}!` : 'Здравствуйте!');
const lessonList = (items: LessonRef[]) => items.map((lesson) => `${lesson.number}. ${lesson.title}`).join('\n');
const signature = (config: LetterContext['config']) => `— ${config.operatorName}`;

export function promotionLetter(config: LetterContext['config'], recipient: Recipient, course: { id: number; title: string }, items: LessonRef[]): MailMessage {
  const text = [
    greeting(recipient),
    `Вы были в очереди на курс «${course.title}», и для вас освободилось место. Мы забронировали его за вами на ${items.length === 1 ? 'занятие' : 'занятия'}:\n${lessonList(items)}`,
    `Состояние вашей записи видно на странице курса: ${config.publicUrl}/courses/${course.id}\nЕсли вы передумали, там же можно отказаться от участия — тогда место достанется следующему в очереди.`,
    signature(config),
  ].join('\n\n');
  return letter(recipient.email, `Освободилось место на курсе «${course.title}»`, text);
}

/** What a letter says about the course's news: promised to a subscriber, offered to anyone else. */
function newsLine(config: LetterContext['config'], course: { id: number }, subscribed: boolean): string {
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
  return letter(recipient.email, `Участие подтверждено: курс «${course.title}»`, text);
}

export interface PaidPayment {
  id: number;
  amount: number;
  currency: Currency;
  paidAt: Date;
}

export function receiptLetter(
  config: LetterContext['config'],
  recipient: Recipient,
  course: { id: number; title: string },
  items: LessonRef[],
  payment: PaidPayment,
  subscribed: boolean,
): MailMessage {
  const text = [
    greeting(recipient),
    `Мы получили вашу оплату за курс «${course.title}». Ваше участие подтверждено.`,
    `${items.length === 1 ? 'Оплаченное занятие' : 'Оплаченные занятия'}:\n${lessonList(items)}`,
    `Сумма: ${formatMoney(payment.amount, payment.currency)}\nНомер платежа: ${payment.id}\nДата оплаты: ${payment.paidAt.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' })} (по московскому времени)`,
    `Ваши курсы: ${config.publicUrl}/account/courses\n${newsLine(config, course, subscribed)}`,
    signature(config),
  ].join('\n\n');
  return letter(recipient.email, `Оплата получена: курс «${course.title}»`, text);
}

export function refundLetter(config: LetterContext['config'], recipient: Recipient, course: { id: number; title: string }, items: LessonRef[], payment: PaidPayment): MailMessage {
  const contact = config.operatorEmail ? `Если у вас есть вопросы, напишите нам: ${config.operatorEmail}` : 'Если у вас есть вопросы, ответьте на это письмо.';
  const text = [
    greeting(recipient),
    `Оплата за курс «${course.title}» (${formatMoney(payment.amount, payment.currency)}, платёж № ${payment.id}) пришла уже после того, как бронь мест закончилась, и за это время места на занятиях были заняты:\n${lessonList(items)}`,
    `Мы вернём вам деньги полностью. ${contact}`,
    signature(config),
  ].join('\n\n');
  return letter(recipient.email, `Возврат оплаты за курс «${course.title}»`, text);
}

export function refundNoticeForOperator(config: LetterContext['config'], payer: Recipient, course: { id: number; title: string }, payment: PaidPayment & { system: string; providerId: string | null }): MailMessage {
  const text = [
    `Платёж № ${payment.id} (${payment.system}, ${payment.providerId ?? 'без номера у платёжной системы'}) на ${formatMoney(payment.amount, payment.currency)} за курс «${course.title}» подтверждён после окончания брони, а места уже заняты.`,
    `Плательщик: ${userText(payer.firstName)} <${payer.email}>. Участие не оформлено; деньги нужно вернуть через личный кабинет платёжной системы.`,
  ].join('\n\n');
  return letter(config.operatorEmail ?? '', `Нужен возврат: платёж № ${payment.id}`, text);
}

/** Sends each letter; a failure is logged with the recipient and subject and does not stop the others. */
export async function sendLetters(context: LetterContext, messages: MailMessage[]): Promise<void> {
  await Promise.all(
    messages.map((message) =>
      context.mailer.send(message).catch((error: unknown) => {
        context.log.error({ err: error, mail: { to: message.to, subject: message.subject } }, 'a letter could not be sent');
      }),
    ),
  );
}

/** Letters to everyone moved from the waiting list to a reserved place: one per person and course. */
export async function sendPromotionLetters(context: LetterContext, promotions: Promotion[]): Promise<void> {
  if (promotions.length === 0) return;
  const { db } = context;
  const [people, lessonRows] = await Promise.all([
    db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(
        inArray(
          users.id,
          promotions.map((promotion) => promotion.userId),
        ),
      ),
    db
      .select({ id: lessons.id, number: lessons.number, title: lessons.title, courseId: lessons.courseId, courseTitle: courses.title })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(
        inArray(
          lessons.id,
          promotions.map((promotion) => promotion.lessonId),
        ),
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
  const messages: MailMessage[] = [];
  for (const entry of byKey.values()) {
    const person = people.find((row) => row.id === entry.userId);
    if (!person) continue;
    entry.lessons.sort((a, b) => a.number - b.number);
    messages.push(promotionLetter(context.config, person, entry.course, entry.lessons));
  }
  await sendLetters(context, messages);
}

/** Whether the person gets the course's news by mail. */
export async function subscribedToNews(db: Db, userId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: mailingSubscriptions.id })
    .from(mailingSubscriptions)
    .where(and(eq(mailingSubscriptions.userId, userId), eq(mailingSubscriptions.courseId, courseId)));
  return Boolean(row);
}

/** How long approvals of one person's lessons gather before their letter goes: after the last one, and at most. */
export const APPROVAL_BURST = { quietMs: 5_000, maxMs: 30_000 };

interface PendingApproval {
  userId: number;
  courseId: number;
  lessonIds: Set<number>;
  startedAt: number;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The approval letters of this process: an approval waits a moment for the next ones of the same person and course
 * (APPROVAL_BURST), then one letter lists the lessons still approved. `flush` sends what waits at once (at close).
 * Per process: approvals spread over several processes at once may still make one letter each.
 */
export class ApprovalLetters {
  private readonly pending = new Map<string, PendingApproval>();
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly context: LetterContext,
    private readonly burst = APPROVAL_BURST,
  ) {}

  add(userId: number, courseId: number, lessonIds: readonly number[]): void {
    const key = `${userId}:${courseId}`;
    const entry = this.pending.get(key);
    if (entry) {
      clearTimeout(entry.timer);
      for (const id of lessonIds) entry.lessonIds.add(id);
      entry.timer = this.schedule(key, entry.startedAt);
      return;
    }
    const startedAt = Date.now();
    this.pending.set(key, { userId, courseId, lessonIds: new Set(lessonIds), startedAt, timer: this.schedule(key, startedAt) });
  }

  /** Sends every waiting letter now and resolves when all letters started so far are sent. */
  async flush(): Promise<void> {
    for (const key of [...this.pending.keys()]) this.release(key);
    while (this.sending.size > 0) await Promise.all([...this.sending]);
  }

  private schedule(key: string, startedAt: number) {
    const wait = Math.max(0, Math.min(this.burst.quietMs, startedAt + this.burst.maxMs - Date.now()));
    const timer = setTimeout(() => this.release(key), wait);
    timer.unref?.();
    return timer;
  }

  private release(key: string) {
    const entry = this.pending.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.pending.delete(key);
    const task = this.send(entry)
      .catch((error: unknown) => this.context.log.error({ err: error, userId: entry.userId, courseId: entry.courseId }, 'an approval letter could not be prepared'))
      .finally(() => this.sending.delete(task));
    this.sending.add(task);
  }

  /** The letter lists the lessons approved now: one rejected meanwhile is left out, and none left means no letter. */
  private async send(entry: PendingApproval): Promise<void> {
    const { db } = this.context;
    const [person] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, entry.userId));
    const [course] = await db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.id, entry.courseId));
    const items = await db
      .select({ number: lessons.number, title: lessons.title })
      .from(participants)
      .innerJoin(lessons, eq(lessons.id, participants.lessonId))
      .where(and(eq(participants.userId, entry.userId), eq(participants.state, 'approved'), inArray(participants.lessonId, [...entry.lessonIds])))
      .orderBy(asc(lessons.number));
    if (!person || !course || items.length === 0) return;
    const subscribed = await subscribedToNews(db, entry.userId, entry.courseId);
    await sendLetters(this.context, [approvalLetter(this.context.config, person, course, items, subscribed)]);
  }
}
