// The authors' payments (GET /api/v1/mutabo/payments/) and start page (GET /api/v1/mutabo/dashboard/): reads over
// the courses the caller leads. Money is reported per currency and never summed across currencies.
import { participantsMessages as pm } from '../../../../common/mutabo/participants.ts';
import {
  PAYMENTS_PAGE_SIZE,
  type MutaboPayment,
  type MutaboPaymentsPage,
  type MutaboReceipt,
  type MutaboRefund,
  type Revenue,
} from '../../../../common/mutabo/payments.ts';
import type {
  MutaboAwaitingPerson,
  MutaboDashboard,
  MutaboDashboardLesson,
  MutaboDashboardPerson,
  MutaboFailedReceipt,
  MutaboLapsingHold,
} from '../../../../common/mutabo/start.ts';
import { placesLeft } from '../../../../common/places.ts';
import type { Currency, PaymentSystem } from '../../../../common/wireTypes.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { awaitingRows, dashboardCourses, dashboardLessons, dashboardPeople, lapsingHolds } from '../../repositories/mutabo/dashboardRepository.ts';
import { countPayments, pagePayments, paymentDetails, paymentsRefundRequired, revenue, type PaymentRow } from '../../repositories/mutabo/paymentsRepository.ts';
import { toRefund } from '../../repositories/payments/refundsRepository.ts';
import { ledCourse } from '../../repositories/ledCourses.ts';
import { lessonTitles } from '../../repositories/places/enrollmentRepository.ts';
import { paymentById as paymentRow } from '../../repositories/payments/paymentsRepository.ts';
import { failedReceiptsOf, receiptsOfPayments, type ReceiptRow } from '../../repositories/payments/receiptsRepository.ts';
import { isSandboxPayment } from '../payments/sandbox.ts';
import { requestRefund, type RefundDeps } from '../payments/refunds.ts';
import { sellerReadiness } from '../payments/sellerReadiness.ts';
import { mutaboErrors, type Caller } from './context.ts';
import { discountCosts } from '../../repositories/payments/discountsRepository.ts';
import { waitingAnswersCount } from '../../repositories/homework/reviewRepository.ts';

const cents = (amount: string | number) => Math.round(Number(amount) * 100);

const toReceipt = (row: ReceiptRow): MutaboReceipt => ({
  id: row.id,
  type: row.type,
  paymentId: row.paymentId,
  refundId: row.refundId,
  lessonIds: row.lessonIds,
  amount: Number(row.amount),
  currency: row.currency as Currency,
  paymentMode: row.paymentMode,
  state: row.state,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

async function toPayments(db: Db, rows: PaymentRow[]): Promise<MutaboPayment[]> {
  const [details, receiptRows] = await Promise.all([paymentDetails(db, rows), receiptsOfPayments(db, rows.map((row) => row.id))]);
  return rows.map((row) => {
    const lessonRows = details.lessons.get(row.id) ?? [];
    const refundRows = details.refunds.get(row.id) ?? [];
    const live = refundRows.filter((refund) => refund.state !== 'failed');
    const refundedCents = refundRows.filter((refund) => refund.state === 'succeeded').reduce((sum, refund) => sum + cents(refund.amount), 0);
    // A payment of 0 ₽ is never refunded whole by money: its lessons are released one refund at a time.
    const wholeRefunded = cents(row.amount) > 0 && live.reduce((sum, refund) => sum + cents(refund.amount), 0) >= cents(row.amount);
    const refundedLessons = new Set(live.flatMap((refund) => refund.lessonIds));
    const paid = row.paidAt !== null && (row.state === 'STATE_COMPLETED' || row.refundRequired);
    const payer = details.payers.get(row.userId) ?? { id: row.userId, firstName: '', lastName: '', email: '' };
    return {
      id: row.id,
      payer,
      course: lessonRows[0] ? { id: lessonRows[0].courseId, title: lessonRows[0].courseTitle } : { id: 0, title: '' },
      lessons: lessonRows.map((lesson) => ({ id: lesson.id, number: lesson.number, title: lesson.title, refunded: wholeRefunded || refundedLessons.has(lesson.id) })),
      amount: Number(row.amount),
      currency: row.currency as Currency,
      system: row.system as PaymentSystem,
      provider: isSandboxPayment(row.providerId) ? 'sandbox' : (row.system as PaymentSystem),
      providerId: row.providerId,
      state: row.state,
      failureReason: row.failureReason,
      refundRequired: row.refundRequired,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      offerVersion: row.offerVersion,
      refunded: refundedCents / 100,
      refundable: paid ? Math.max(0, cents(row.amount) - live.reduce((sum, refund) => sum + cents(refund.amount), 0)) / 100 : 0,
      releasable: paid && cents(row.amount) === 0 && lessonRows.some((lesson) => !refundedLessons.has(lesson.id)),
      refunds: refundRows.map(toRefund),
      // A payment's receipt counts once the payment is paid (YooKassa registers it then).
      receipts: receiptRows.filter((receipt) => receipt.paymentId === row.id && (receipt.type !== 'payment' || row.paidAt !== null)).map(toReceipt),
      discount: row.discount && row.fullAmount !== null ? { ...row.discount, fullAmount: Number(row.fullAmount) } : null,
    };
  });
}

const toRevenue = (rows: Awaited<ReturnType<typeof revenue>>): Revenue[] =>
  rows.map((row) => ({ ...row, net: (cents(row.paid) - cents(row.refunded)) / 100 }));

export async function listPayments(db: Db, caller: Caller, filter: { course?: number; page: number }): Promise<MutaboPaymentsPage> {
  if (filter.course !== undefined && !(await ledCourse(db, caller.authorId, filter.course))) throw mutaboErrors.courseNotFound();
  const query = { authorId: caller.authorId, courseId: filter.course };
  const [count, rows, money, costs] = await Promise.all([
    countPayments(db, query),
    pagePayments(db, query, PAYMENTS_PAGE_SIZE, (filter.page - 1) * PAYMENTS_PAGE_SIZE),
    revenue(db, query),
    discountCosts(db, query),
  ]);
  const pages = Math.max(1, Math.ceil(count / PAYMENTS_PAGE_SIZE));
  const next = filter.page < pages ? `?${new URLSearchParams({ ...(filter.course ? { course: String(filter.course) } : {}), page: String(filter.page + 1) })}` : null;
  return { count, next, results: await toPayments(db, rows), currentPage: filter.page, pages, revenue: toRevenue(money), discountCosts: costs };
}

/** One payment in the area's form (its course's authorship checked by the caller). */
export async function paymentById(db: Db, paymentId: number): Promise<MutaboPayment | null> {
  const row = await paymentRow(db, paymentId);
  return row ? ((await toPayments(db, [row]))[0] ?? null) : null;
}

/** An author's refund of a payment (services/payments/refunds.ts), answered with the payment as it now is. */
export async function refundPayment(
  deps: RefundDeps,
  caller: Caller,
  paymentId: number,
  lessons?: number[],
): Promise<{ status: 200 | 202; body: { refund: MutaboRefund; payment: MutaboPayment } }> {
  const { refund, status } = await requestRefund(deps, caller, paymentId, lessons);
  const payment = await paymentById(deps.db, paymentId);
  if (!payment) throw notFound(pm.paymentNotFound);
  return { status, body: { refund, payment } };
}

/** Lines of holds and of people awaiting approval on the start page. */
const HOLDS_LIMIT = 50;
const AWAITING_PEOPLE_LIMIT = 50;
/** Rows read to make those lines (a checkout holds at most a course's lessons). */
const ROWS_LIMIT = 2000;

interface PersonLessonRow {
  participantId: number;
  courseId: number;
  courseTitle: string;
  lessonId: number;
  lessonNumber: number;
  lessonTitle: string;
  person: MutaboDashboardPerson;
}

/** Rows gathered into lines by `key` (first seen first), each line's lessons in lesson order. */
function gather<T extends PersonLessonRow>(rows: T[], key: (row: T) => string, limit: number): { first: T; lessons: MutaboDashboardLesson[] }[] {
  const lines = new Map<string, T[]>();
  for (const row of rows) {
    const line = lines.get(key(row));
    if (line) line.push(row);
    else if (lines.size < limit) lines.set(key(row), [row]);
  }
  return [...lines.values()].map((group) => ({
    first: group[0]!,
    lessons: group
      .map((row) => ({ participantId: row.participantId, id: row.lessonId, number: row.lessonNumber, title: row.lessonTitle }))
      .sort((a, b) => a.number - b.number || a.id - b.id),
  }));
}

/** The holds of one checkout (one payment in progress) make one line; a hold without a payment is its own. */
function holdLines(rows: Awaited<ReturnType<typeof lapsingHolds>>): MutaboLapsingHold[] {
  return gather(rows, (row) => (row.paymentId === null ? `row:${row.participantId}` : `payment:${row.courseId}:${row.paymentId}`), HOLDS_LIMIT).map((line) => ({
    courseId: line.first.courseId,
    courseTitle: line.first.courseTitle,
    paymentId: line.first.paymentId,
    person: line.first.person,
    lessons: line.lessons,
    // Rows come soonest first: the line's first row lapses first.
    expiresAt: line.first.expiresAt!.toISOString(),
  }));
}

/** One line per person and course, oldest request first. */
function awaitingLines(rows: Awaited<ReturnType<typeof awaitingRows>>): MutaboAwaitingPerson[] {
  return gather(rows, (row) => `${row.courseId}:${row.person.id}`, AWAITING_PEOPLE_LIMIT).map((line) => ({
    courseId: line.first.courseId,
    courseTitle: line.first.courseTitle,
    person: line.first.person,
    lessons: line.lessons,
    since: line.first.createdAt.toISOString(),
  }));
}

const FAILED_RECEIPTS_LIMIT = 50;

async function failedReceipts(db: Db, authorId: number): Promise<MutaboFailedReceipt[]> {
  const rows = await failedReceiptsOf(db, authorId, FAILED_RECEIPTS_LIMIT);
  const titles = await lessonTitles(db, [...new Set(rows.flatMap((row) => row.lessonIds))]);
  const byId = new Map(titles.map((lesson) => [lesson.id, lesson]));
  return rows.map((row) => ({
    ...toReceipt(row),
    course: { id: row.courseId, title: row.courseTitle },
    payer: { firstName: row.payerFirstName, lastName: row.payerLastName, email: row.payerEmail },
    lessons: row.lessonIds.flatMap((id) => {
      const lesson = byId.get(id);
      return lesson ? [{ id, number: lesson.number, title: lesson.title }] : [];
    }),
  }));
}

/** The summary lists the next few lessons (eight: a phone screen or two), not every lesson of the season. */
const UPCOMING_LIMIT = 8;

/** What needs the author now. */
/** The area's summary, saying also which of the seller's details a real payment provider still waits for. */
export async function dashboardWithSeller(deps: { db: Db; config: Pick<AppConfig, 'yookassa' | 'paypal'> }, caller: Caller): Promise<MutaboDashboard> {
  const [summary, seller] = await Promise.all([dashboard(deps.db, caller), sellerReadiness(deps.db, deps.config)]);
  return { ...summary, seller };
}

export async function dashboard(db: Db, caller: Caller): Promise<MutaboDashboard> {
  const [courseRows, lessonRows, people, awaiting, holds, refundRows, money, refused, costs, homeworkWaiting] = await Promise.all([
    dashboardCourses(db, caller.authorId),
    dashboardLessons(db, caller.authorId),
    dashboardPeople(db, caller.authorId),
    awaitingRows(db, caller.authorId, ROWS_LIMIT),
    lapsingHolds(db, caller.authorId, ROWS_LIMIT),
    paymentsRefundRequired(db, caller.authorId),
    revenue(db, { authorId: caller.authorId }),
    failedReceipts(db, caller.authorId),
    discountCosts(db, { authorId: caller.authorId }),
    waitingAnswersCount(db, caller.authorId),
  ]);
  const courseTitle = new Map(courseRows.map((course) => [course.id, course.title]));
  const limitOf = new Map(courseRows.map((course) => [course.id, course.participantsLimit]));
  const now = Date.now();
  return {
    upcomingLessons: lessonRows
      .filter((lesson): lesson is typeof lesson & { startsAt: Date } => lesson.startsAt !== null && lesson.startsAt.getTime() > now)
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id)
      .slice(0, UPCOMING_LIMIT)
      .map((lesson) => ({
        id: lesson.id,
        courseId: lesson.courseId,
        courseTitle: courseTitle.get(lesson.courseId) ?? '',
        number: lesson.number,
        title: lesson.title,
        startsAt: lesson.startsAt.toISOString(),
        taken: lesson.taken,
        limit: limitOf.get(lesson.courseId) ?? 0,
      })),
    courses: courseRows.map((course) => {
      const own = lessonRows.filter((lesson) => lesson.courseId === course.id);
      const left = (lesson: (typeof own)[number]) => placesLeft(lesson.taken, course.participantsLimit);
      const counts = people.find((row) => row.courseId === course.id);
      return {
        id: course.id,
        title: course.title,
        state: course.state,
        participantsLimit: course.participantsLimit,
        placesLeft: own.length === 0 ? course.participantsLimit : Math.min(...own.map(left)),
        mostPlacesLeft: own.length === 0 ? course.participantsLimit : Math.max(...own.map(left)),
        publishedLessons: own.length,
        fullLessons: own.filter((lesson) => left(lesson) === 0).map((lesson) => lesson.number),
        waiting: counts?.waiting ?? 0,
        awaitingApproval: course.paid ? 0 : (counts?.awaiting ?? 0),
        participants: counts?.approved ?? 0,
        inTelegram: counts?.inTelegram ?? 0,
      };
    }),
    awaitingPeople: awaitingLines(awaiting),
    lapsingHolds: holdLines(holds),
    waitingLists: lessonRows
      .filter((lesson) => lesson.waiting > 0)
      .sort((a, b) => b.waiting - a.waiting || a.courseId - b.courseId || a.number - b.number)
      .map((lesson) => ({ courseId: lesson.courseId, courseTitle: courseTitle.get(lesson.courseId) ?? '', lessonId: lesson.id, lessonNumber: lesson.number, lessonTitle: lesson.title, waiting: lesson.waiting })),
    refundsRequired: await toPayments(db, refundRows),
    failedReceipts: refused,
    revenue: toRevenue(money),
    discountCosts: costs,
    homeworkWaiting,
  };
}
