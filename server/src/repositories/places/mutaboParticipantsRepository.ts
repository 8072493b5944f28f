// The SQL of the authors' participants, payments and start page: who holds, waits for or has a place on a course's
// lessons, the payments of the caller's courses with their refunds, and the figures of the start page. Reads only;
// the writes run in the services' locked transactions (services/mutabo/participants.ts, refunds.ts) through
// placesRepository.ts, paymentsRepository.ts and refundsRepository.ts.
import { and, asc, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { MutaboParticipant, MutaboPerson } from '../../../../common/mutabo/participants.ts';
import type { MutaboRefund } from '../../../../common/mutabo/payments.ts';
import { isMinor } from '../../../../common/yearOptions.ts';
import type { Currency, PaymentState } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import { courses, disciples, lessons, participants, paymentLessons, payments, refunds, users } from '../../db/schema.ts';
import { ledCourseIds } from '../ledCourses.ts';
import type { PaymentRow } from '../payments/paymentsRepository.ts';
import { countedPlaceAs, notLapsedHold } from './placesRepository.ts';
import type { RefundRow } from '../payments/refundsRepository.ts';

export type { PaymentRow, RefundRow };

const ageOf = (yearOfBirth: number | null): number | null => (yearOfBirth ? new Date().getFullYear() - yearOfBirth : null);

export interface PersonColumns {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  yearOfBirth: number | null;
  country: string | null;
  timezone: string | null;
  mainLanguage: string | null;
  visitSchool: boolean | null;
  readWriteProblems: string | null;
  otherInfo: string | null;
}

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  yearOfBirth: users.yearOfBirth,
  country: disciples.country,
  timezone: disciples.timezone,
  mainLanguage: disciples.mainLanguage,
  visitSchool: disciples.visitSchool,
  readWriteProblems: disciples.readWriteProblems,
  otherInfo: disciples.otherInfo,
};

export function toPerson(row: PersonColumns): MutaboPerson {
  const age = ageOf(row.yearOfBirth);
  const minor = isMinor(row.yearOfBirth, new Date().getFullYear());
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    yearOfBirth: row.yearOfBirth || null,
    age,
    minor,
    country: row.country ?? '',
    timezone: row.timezone ?? '',
    mainLanguage: row.mainLanguage ?? '',
    school: minor ? { visitSchool: row.visitSchool, readWriteProblems: row.readWriteProblems ?? '', otherInfo: row.otherInfo ?? '' } : null,
  };
}

export interface CourseHead {
  id: number;
  title: string;
  participantsLimit: number;
  disciplesAge: (typeof courses.$inferSelect)['disciplesAge'];
  state: (typeof courses.$inferSelect)['state'];
  paid: boolean;
}

/** The course when the author leads it; null otherwise. */
export async function ledCourse(db: Executor, authorId: number, courseId: number): Promise<CourseHead | null> {
  const [row] = await db
    .select({
      id: courses.id,
      title: courses.title,
      participantsLimit: courses.participantsLimit,
      disciplesAge: courses.disciplesAge,
      state: courses.state,
      paid: sql<boolean>`EXISTS (SELECT 1 FROM prices p WHERE p.course_id = courses.id)`,
    })
    .from(courses)
    .where(and(eq(courses.id, courseId), sql`${courses.id} IN ${ledCourseIds(authorId)}`));
  return row ?? null;
}

/** The course of each of these participant rows (rows that do not exist are left out). */
export async function coursesOfParticipants(db: Executor, participantIds: number[]): Promise<{ id: number; courseId: number }[]> {
  return db
    .select({ id: participants.id, courseId: lessons.courseId })
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .where(inArray(participants.id, participantIds));
}

export interface LessonPlaces {
  id: number;
  number: number;
  title: string;
  state: (typeof lessons.$inferSelect)['state'];
  taken: number;
  waiting: number;
}

/** Every lesson of the course with its places held and its queue's length. */
export async function lessonPlaces(db: Executor, courseId: number): Promise<LessonPlaces[]> {
  return db
    .select({
      id: lessons.id,
      number: lessons.number,
      title: lessons.title,
      state: lessons.state,
      taken: sql<number>`(SELECT count(*) FROM participants p WHERE p.lesson_id = lessons.id AND ${countedPlaceAs('p')})`.mapWith(Number),
      waiting: sql<number>`(SELECT count(*) FROM participants p WHERE p.lesson_id = lessons.id AND p.state = 'waiting_list')`.mapWith(Number),
    })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.number));
}

const STATE_ORDER: Record<string, number> = { approved: 0, reserved: 1, waiting_list: 2 };

/**
 * The rows of the course (or of the given participant ids) that hold, wait for or have a place, lapsed holds left
 * out, with the waiting-list positions; ordered by lesson number, state, queue order and time.
 */
export async function participantRows(db: Executor, courseId: number, onlyIds?: number[]): Promise<MutaboParticipant[]> {
  const rows = await db
    .select({
      participant: participants,
      lessonNumber: lessons.number,
      person: personColumns,
      payment: { id: payments.id, state: payments.state, amount: payments.amount, currency: payments.currency },
    })
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .innerJoin(users, eq(users.id, participants.userId))
    .leftJoin(disciples, eq(disciples.userId, users.id))
    .leftJoin(payments, eq(payments.id, participants.paymentId))
    .where(and(eq(lessons.courseId, courseId), ne(participants.state, 'subscribed'), notLapsedHold))
    .orderBy(asc(lessons.number), asc(participants.queueOrder), asc(participants.id));
  const positions = new Map<number, number>();
  const queueLengths = new Map<number, number>();
  for (const row of rows) {
    if (row.participant.state !== 'waiting_list') continue;
    const position = (queueLengths.get(row.participant.lessonId) ?? 0) + 1;
    queueLengths.set(row.participant.lessonId, position);
    positions.set(row.participant.id, position);
  }
  const sorted = rows
    .filter((row) => onlyIds === undefined || onlyIds.includes(row.participant.id))
    .sort(
      (a, b) =>
        a.lessonNumber - b.lessonNumber ||
        STATE_ORDER[a.participant.state]! - STATE_ORDER[b.participant.state]! ||
        (positions.get(a.participant.id) ?? 0) - (positions.get(b.participant.id) ?? 0) ||
        a.participant.createdAt.getTime() - b.participant.createdAt.getTime() ||
        a.participant.id - b.participant.id,
    );
  return sorted.map(({ participant, person, payment }) => ({
    id: participant.id,
    lessonId: participant.lessonId,
    state: participant.state as MutaboParticipant['state'],
    createdAt: participant.createdAt.toISOString(),
    approvedAt: participant.state === 'approved' ? (participant.participatedAt?.toISOString() ?? null) : null,
    expiresAt: participant.state === 'reserved' ? (participant.expiredAt?.toISOString() ?? null) : null,
    position: positions.get(participant.id) ?? null,
    paid: payment?.state === 'STATE_COMPLETED' && participant.state === 'approved',
    payment: payment ? { id: payment.id, state: payment.state as PaymentState, amount: Number(payment.amount), currency: payment.currency as Currency } : null,
    person: toPerson(person),
  }));
}

// ---- Payments

export function toRefund(row: RefundRow): MutaboRefund {
  return {
    id: row.id,
    state: row.state,
    amount: Number(row.amount),
    currency: row.currency as Currency,
    lessons: row.lessonIds,
    providerId: row.providerId,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    failure: row.failure,
  };
}

/** Payments that name a lesson of the given courses. */
const paymentsOfCourses = (courseIds: SQL) =>
  sql`payments.id IN (SELECT pl.payment_id FROM payment_lessons pl INNER JOIN lessons l ON l.id = pl.lesson_id WHERE l.course_id IN ${courseIds})`;

export interface PaymentsFilter {
  authorId: number;
  courseId?: number;
}

const paymentsWhere = (filter: PaymentsFilter) =>
  and(paymentsOfCourses(ledCourseIds(filter.authorId)), filter.courseId === undefined ? undefined : paymentsOfCourses(sql`(${filter.courseId})`));

/** Every payment naming a lesson of the caller's courses (or of one of them). */
export async function countPayments(db: Executor, filter: PaymentsFilter): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(payments).where(paymentsWhere(filter));
  return row?.count ?? 0;
}

/** A page of payments: refund_required first, then newest first. */
export async function pagePayments(db: Executor, filter: PaymentsFilter, limit: number, offset: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(paymentsWhere(filter)).orderBy(desc(payments.refundRequired), desc(payments.createdAt), desc(payments.id)).limit(limit).offset(offset);
}

export async function paymentsRefundRequired(db: Executor, authorId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(paymentsWhere({ authorId }), eq(payments.refundRequired, true)))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

export interface PaymentDetails {
  lessons: Map<number, { id: number; number: number; title: string; courseId: number; courseTitle: string }[]>;
  payers: Map<number, { id: number; firstName: string; lastName: string; email: string }>;
  refunds: Map<number, RefundRow[]>;
}

/** The lessons, payers and refunds of these payments. */
export async function paymentDetails(db: Executor, rows: PaymentRow[]): Promise<PaymentDetails> {
  const ids = rows.map((row) => row.id);
  const userIds = [...new Set(rows.map((row) => row.userId))];
  if (ids.length === 0) return { lessons: new Map(), payers: new Map(), refunds: new Map() };
  const [lessonRows, payerRows, refundRows] = await Promise.all([
    db
      .select({ paymentId: paymentLessons.paymentId, id: lessons.id, number: lessons.number, title: lessons.title, courseId: courses.id, courseTitle: courses.title })
      .from(paymentLessons)
      .innerJoin(lessons, eq(lessons.id, paymentLessons.lessonId))
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(inArray(paymentLessons.paymentId, ids))
      .orderBy(asc(lessons.number)),
    db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, userIds)),
    db.select().from(refunds).where(inArray(refunds.paymentId, ids)).orderBy(asc(refunds.id)),
  ]);
  const group = <T>(list: T[], key: (item: T) => number) => {
    const map = new Map<number, T[]>();
    for (const item of list) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
    return map;
  };
  return {
    lessons: group(lessonRows, (row) => row.paymentId),
    payers: new Map(payerRows.map((row) => [row.id, row])),
    refunds: group(refundRows, (row) => row.paymentId),
  };
}

export interface RevenueRow {
  currency: Currency;
  payments: number;
  paid: number;
  refunded: number;
}

/** Paid and refunded money per currency over the caller's courses (or one of them). */
export async function revenue(db: Executor, filter: PaymentsFilter): Promise<RevenueRow[]> {
  const paidRows = await db
    .select({
      currency: payments.currency,
      payments: sql<number>`count(*)`.mapWith(Number),
      paid: sql<string>`coalesce(sum(${payments.amount}), 0)`,
      refunded: sql<string>`coalesce(sum((SELECT coalesce(sum(r.amount), 0) FROM refunds r WHERE r.payment_id = payments.id AND r.state = 'succeeded')), 0)`,
    })
    .from(payments)
    .where(and(paymentsWhere(filter), isNotNull(payments.paidAt)))
    .groupBy(payments.currency)
    .orderBy(asc(payments.currency));
  return paidRows.map((row) => ({ currency: row.currency as Currency, payments: row.payments, paid: Number(row.paid), refunded: Number(row.refunded) }));
}

// ---- The start page

export async function dashboardCourses(db: Executor, authorId: number) {
  return db
    .select({
      id: courses.id,
      title: courses.title,
      state: courses.state,
      participantsLimit: courses.participantsLimit,
      paid: sql<boolean>`EXISTS (SELECT 1 FROM prices p WHERE p.course_id = courses.id)`,
    })
    .from(courses)
    .where(and(sql`${courses.id} IN ${ledCourseIds(authorId)}`, ne(courses.state, 'draft')))
    .orderBy(asc(courses.id));
}

/** Per published lesson of the caller's courses: places held and its queue. */
export async function dashboardLessons(db: Executor, authorId: number) {
  return db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      number: lessons.number,
      title: lessons.title,
      startsAt: lessons.startsAt,
      taken: sql<number>`(SELECT count(*) FROM participants p WHERE p.lesson_id = lessons.id AND ${countedPlaceAs('p')})`.mapWith(Number),
      waiting: sql<number>`(SELECT count(*) FROM participants p WHERE p.lesson_id = lessons.id AND p.state = 'waiting_list')`.mapWith(Number),
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(sql`${lessons.courseId} IN ${ledCourseIds(authorId)}`, eq(lessons.state, 'published'), ne(courses.state, 'draft')))
    .orderBy(asc(lessons.courseId), asc(lessons.number));
}

/**
 * Per course of the caller's (not a draft): the people on the waiting lists of its published lessons, and the people
 * whose places (reserved without an end: a free course's) wait for approval, each person counted once.
 */
export async function dashboardPeople(db: Executor, authorId: number): Promise<{ courseId: number; waiting: number; awaiting: number }[]> {
  return db
    .select({
      courseId: lessons.courseId,
      waiting: sql<number>`count(DISTINCT ${participants.userId}) FILTER (WHERE ${participants.state} = 'waiting_list')`.mapWith(Number),
      awaiting: sql<number>`count(DISTINCT ${participants.userId}) FILTER (WHERE ${participants.state} = 'reserved' AND ${participants.expiredAt} IS NULL)`.mapWith(Number),
    })
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(sql`${lessons.courseId} IN ${ledCourseIds(authorId)}`, eq(lessons.state, 'published'), ne(courses.state, 'draft')))
    .groupBy(lessons.courseId);
}

/** A row of the caller's courses with its course, lesson and person: what the start page's lists show. */
const personLessonRow = {
  participantId: participants.id,
  courseId: courses.id,
  courseTitle: courses.title,
  lessonId: lessons.id,
  lessonNumber: lessons.number,
  lessonTitle: lessons.title,
  person: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
};

/** The caller's participant rows that `where` keeps, with `fields` besides their course, lesson and person. */
function personLessonRows<T extends SelectedFields>(db: Executor, authorId: number, fields: T, where: SQL | undefined) {
  return db
    .select({ ...personLessonRow, ...fields })
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(users, eq(users.id, participants.userId))
    .where(and(sql`${courses.id} IN ${ledCourseIds(authorId)}`, where));
}

/** The rows of the caller's free courses that wait for approval, oldest first, with the person and the lesson. */
export async function awaitingRows(db: Executor, authorId: number, limit: number) {
  return personLessonRows(
    db,
    authorId,
    { createdAt: participants.createdAt },
    and(
      ne(courses.state, 'draft'),
      eq(lessons.state, 'published'),
      sql`NOT EXISTS (SELECT 1 FROM prices p WHERE p.course_id = ${courses.id})`,
      eq(participants.state, 'reserved'),
      sql`${participants.expiredAt} IS NULL`,
    ),
  )
    .orderBy(asc(participants.createdAt), asc(participants.id))
    .limit(limit);
}

/** Holds of the caller's courses that lapse unless paid, soonest first, with the payment in progress that holds each. */
export async function lapsingHolds(db: Executor, authorId: number, limit: number) {
  return personLessonRows(
    db,
    authorId,
    { paymentId: participants.paymentId, expiresAt: participants.expiredAt },
    and(eq(participants.state, 'reserved'), sql`${participants.expiredAt} > now()`),
  )
    .orderBy(asc(participants.expiredAt), asc(participants.id))
    .limit(limit);
}

// ---- The history's names

/** The names behind the ids a course's history records: people, the payers of payments and refunds, lessons. */
export async function historyNames(db: Executor, ids: { userIds: number[]; paymentIds: number[]; refundIds: number[]; lessonIds: number[] }) {
  const [refundRows, lessonRows] = await Promise.all([
    ids.refundIds.length ? db.select({ id: refunds.id, paymentId: refunds.paymentId }).from(refunds).where(inArray(refunds.id, ids.refundIds)) : [],
    ids.lessonIds.length ? db.select({ id: lessons.id, number: lessons.number, title: lessons.title }).from(lessons).where(inArray(lessons.id, ids.lessonIds)) : [],
  ]);
  const paymentIds = [...new Set([...ids.paymentIds, ...refundRows.map((row) => row.paymentId)])];
  const payerRows = paymentIds.length ? await db.select({ id: payments.id, userId: payments.userId }).from(payments).where(inArray(payments.id, paymentIds)) : [];
  const userIds = [...new Set([...ids.userIds, ...payerRows.map((row) => row.userId)])];
  const people = userIds.length
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, userIds))
    : [];
  return {
    people: new Map(people.map(({ id, ...person }) => [id, person])),
    payers: new Map(payerRows.map((row) => [row.id, row.userId])),
    refundPayments: new Map(refundRows.map((row) => [row.id, row.paymentId])),
    lessons: new Map(lessonRows.map((row) => [row.id, row])),
  };
}
