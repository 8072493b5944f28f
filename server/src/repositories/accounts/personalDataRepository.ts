// What the site holds about one person, for their export (services/accounts/personalData.ts): one query per part, each
// filtered by the user's id, never a secret column (password hash, tokens, idempotence keys, provider ids).
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  consents,
  courses,
  disciples,
  discounts,
  lessons,
  mailingSubscriptions,
  outboxLetters,
  participants,
  paymentLessons,
  payments,
  recordingAccessExtensions,
  recordingPositions,
  refunds,
  users,
} from '../../db/schema.ts';
import { profileColumns } from './disciplesRepository.ts';
import { personColumns } from './usersRepository.ts';

export async function accountOf(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      ...personColumns,
      isActive: users.isActive,
      isAuthor: users.isAuthor,
      createdAt: users.createdAt,
      ...profileColumns,
    })
    .from(users)
    .leftJoin(disciples, eq(disciples.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

export function participationRowsOf(db: Executor, userId: number) {
  return db
    .select({
      lessonId: participants.lessonId,
      lessonNumber: lessons.number,
      lessonTitle: lessons.title,
      startsAt: lessons.startsAt,
      courseId: courses.id,
      courseTitle: courses.title,
      state: participants.state,
      paymentId: participants.paymentId,
      participatedAt: participants.participatedAt,
      expiredAt: participants.expiredAt,
      createdAt: participants.createdAt,
    })
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(participants.userId, userId))
    .orderBy(asc(participants.id));
}

export function paymentRowsOf(db: Executor, userId: number) {
  return db
    .select({
      id: payments.id,
      system: payments.system,
      currency: payments.currency,
      amount: payments.amount,
      state: payments.state,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
      failureReason: payments.failureReason,
      offerVersion: payments.offerVersion,
      fullAmount: payments.fullAmount,
      discount: payments.discount,
      lessonIds: sql<number[]>`coalesce((SELECT array_agg(${paymentLessons.lessonId} ORDER BY ${paymentLessons.lessonId}) FROM ${paymentLessons} WHERE ${paymentLessons.paymentId} = ${payments.id}), '{}')`,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.id));
}

/** Personal discounts granted to the person's address (courses' authors grant them: services/mutabo/discounts.ts). */
export function discountRowsOf(db: Executor, userId: number) {
  return db
    .select({
      courseId: discounts.courseId,
      courseTitle: courses.title,
      email: discounts.email,
      percent: discounts.percent,
      amounts: discounts.amounts,
      expiresAt: discounts.expiresAt,
      note: discounts.note,
      createdAt: discounts.createdAt,
      revokedAt: discounts.revokedAt,
    })
    .from(discounts)
    .innerJoin(users, eq(users.email, discounts.email))
    .innerJoin(courses, eq(courses.id, discounts.courseId))
    .where(eq(users.id, userId))
    .orderBy(asc(discounts.id));
}

/** The refunds of the person's payments (whoever made them: the author's user id is not theirs to see). */
export function refundRowsOf(db: Executor, userId: number) {
  return db
    .select({
      id: refunds.id,
      paymentId: refunds.paymentId,
      lessonIds: refunds.lessonIds,
      amount: refunds.amount,
      currency: refunds.currency,
      state: refunds.state,
      createdAt: refunds.createdAt,
      completedAt: refunds.completedAt,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(payments.userId, userId))
    .orderBy(asc(refunds.id));
}

export function subscriptionRowsOf(db: Executor, userId: number) {
  return db
    .select({ courseId: courses.id, courseTitle: courses.title, since: mailingSubscriptions.createdAt })
    .from(mailingSubscriptions)
    .innerJoin(courses, eq(courses.id, mailingSubscriptions.courseId))
    .where(eq(mailingSubscriptions.userId, userId))
    .orderBy(asc(mailingSubscriptions.id));
}

export function consentRowsOf(db: Executor, userId: number) {
  return db
    .select({
      kind: consents.kind,
      action: consents.action,
      courseId: consents.courseId,
      courseTitle: courses.title,
      policyVersion: consents.policyVersion,
      source: consents.source,
      ip: consents.ip,
      userAgent: consents.userAgent,
      at: consents.createdAt,
    })
    .from(consents)
    .leftJoin(courses, eq(courses.id, consents.courseId))
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.id));
}

/** The letters sent (or to be sent) to the person: what and when, not their bodies. */
export function letterRowsOf(db: Executor, userId: number) {
  return db
    .select({
      kind: outboxLetters.kind,
      recipient: outboxLetters.recipient,
      subject: outboxLetters.subject,
      state: outboxLetters.state,
      createdAt: outboxLetters.createdAt,
      sentAt: outboxLetters.sentAt,
    })
    .from(outboxLetters)
    .where(eq(outboxLetters.userId, userId))
    .orderBy(asc(outboxLetters.id));
}

/** Where the person stopped in each recording they watched, and the furthest they got (seconds). */
export function recordingPositionRowsOf(db: Executor, userId: number) {
  return db
    .select({
      lessonId: recordingPositions.lessonId,
      lessonNumber: lessons.number,
      lessonTitle: lessons.title,
      courseTitle: courses.title,
      seconds: recordingPositions.seconds,
      furthest: recordingPositions.furthest,
      firstWatchedAt: recordingPositions.firstWatchedAt,
      lastWatchedAt: recordingPositions.updatedAt,
    })
    .from(recordingPositions)
    .innerJoin(lessons, eq(lessons.id, recordingPositions.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(recordingPositions.userId, userId))
    .orderBy(asc(courses.id), asc(lessons.number));
}

/** The authors' extensions of the person's recording windows (who granted one is an author: not named). */
export function recordingExtensionRowsOf(db: Executor, userId: number) {
  return db
    .select({ courseId: courses.id, courseTitle: courses.title, until: recordingAccessExtensions.until, grantedAt: recordingAccessExtensions.createdAt })
    .from(recordingAccessExtensions)
    .innerJoin(courses, eq(courses.id, recordingAccessExtensions.courseId))
    .where(eq(recordingAccessExtensions.userId, userId))
    .orderBy(asc(courses.id));
}
