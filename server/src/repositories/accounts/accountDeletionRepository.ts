// The SQL of deleting an account (services/accounts/deletion.ts decides; docs/PRIVACY.md, «Deleting an account»): which
// courses to lock, the account's row under its lock, the places in lessons not yet held, and the erasing writes. Each
// write runs in the deletion's transaction, after the courses' lesson rows and the payments in progress are locked.
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { authLimits, authors, calendarFeedEvents, calendarFeeds, disciples, lessonAttendance, lessons, mailDeliveryFailures, mailingSubscriptions, notificationChoices, outboxLetters, participants, payments, recordingAccessExtensions, recordingPositions, telegramChats, users } from '../../db/schema.ts';
import { countedPlace, countedPlaceAs } from '../places/placesRepository.ts';

/**
 * A lesson not yet held: no author marked it held, and it has no time or has not ended (the opposite of the rule that
 * makes a lesson's settlement receipt due, receiptsRepository.ts queueDueSettlements).
 */
const notYetHeld: SQL = sql`(${lessons.heldAt} IS NULL AND (${lessons.startsAt} IS NULL OR ${lessons.startsAt} + make_interval(mins => ${lessons.duration}) > now()))`;

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The account as the deletion reads it: null when there is no such user. */
interface DeletableAccount {
  id: number;
  email: string;
  passwordHash: string;
  isAuthor: boolean;
  deletedAt: Date | null;
}

const accountColumns = { id: users.id, email: users.email, passwordHash: users.passwordHash, isAuthor: users.isAuthor, deletedAt: users.deletedAt };

/** An account that exists and is not deleted (the links sent to a deleted account's address stop working). */
export async function isLiveAccount(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row !== undefined;
}

/**
 * The account's row, locked until the commit. FOR NO KEY UPDATE: it keeps a second deletion out, but not the
 * FOR KEY SHARE that a new participant or payment row of this user takes (those wait on the course's lock instead).
 */
export async function lockAccount(tx: Tx, userId: number): Promise<DeletableAccount | null> {
  const [row] = await tx.select(accountColumns).from(users).where(eq(users.id, userId)).for('no key update');
  return row ?? null;
}

/**
 * The courses whose places the deletion changes: those with a row of the user on a lesson not yet held, and those of
 * the user's payments in progress; ascending, the order every transaction locks courses in.
 */
export async function coursesToLock(db: Executor, userId: number): Promise<number[]> {
  const found = rows<{ course_id: number }>(
    await db.execute(sql`
      SELECT l.course_id FROM participants p JOIN lessons l ON l.id = p.lesson_id
      WHERE p.user_id = ${userId} AND l.held_at IS NULL AND (l.starts_at IS NULL OR l.starts_at + make_interval(mins => l.duration) > now())
      UNION
      SELECT l.course_id FROM payments y JOIN payment_lessons pl ON pl.payment_id = y.id JOIN lessons l ON l.id = pl.lesson_id
      WHERE y.user_id = ${userId} AND y.state = 'STATE_IN_PROGRESS'
      ORDER BY 1`),
  );
  return found.map((row) => Number(row.course_id));
}

/** What the person holds or waits for in lessons not yet held: places (approved or a live hold) and paid places. */
export async function placesNotYetHeld(db: Executor, userId: number): Promise<{ places: number; paid: number; waiting: number }> {
  const [row] = await db
    .select({
      places: sql<number>`count(*) FILTER (WHERE ${countedPlace})`.mapWith(Number),
      paid: sql<number>`count(*) FILTER (WHERE ${participants.state} = 'approved' AND ${payments.state} = 'STATE_COMPLETED')`.mapWith(Number),
      waiting: sql<number>`count(*) FILTER (WHERE ${participants.state} = 'waiting_list')`.mapWith(Number),
    })
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .leftJoin(payments, eq(payments.id, participants.paymentId))
    .where(and(eq(participants.userId, userId), notYetHeld));
  return row ?? { places: 0, paid: 0, waiting: 0 };
}

/** Deletes the user's rows on lessons not yet held (any state); returns each one's lesson and what it was. */
export async function deleteRowsNotYetHeld(tx: Tx, userId: number): Promise<{ lessonId: number; counted: boolean; paid: boolean; waiting: boolean }[]> {
  const flag = (value: boolean | string) => value === true || value === 't';
  const deleted = rows<{ lesson_id: number; counted: boolean | string; paid: boolean | string; waiting: boolean | string }>(
    await tx.execute(sql`
      DELETE FROM participants p USING lessons l
      WHERE p.lesson_id = l.id AND p.user_id = ${userId}
        AND l.held_at IS NULL AND (l.starts_at IS NULL OR l.starts_at + make_interval(mins => l.duration) > now())
      RETURNING p.lesson_id, ${countedPlaceAs('p')} AS counted, p.state = 'waiting_list' AS waiting,
        (p.state = 'approved' AND EXISTS (SELECT 1 FROM payments y WHERE y.id = p.payment_id AND y.state = 'STATE_COMPLETED')) AS paid`),
  );
  return deleted.map((row) => ({ lessonId: Number(row.lesson_id), counted: flag(row.counted), paid: flag(row.paid), waiting: flag(row.waiting) }));
}

/**
 * Keeps the payer's address on each of their payments whose fiscal receipt went to YooKassa with it (a `payment`
 * receipt recorded as sent): the settlement and refund receipts still to come go there. How many payments keep it.
 */
export async function keepReceiptAddress(tx: Tx, userId: number, email: string): Promise<number> {
  const kept = await tx
    .update(payments)
    .set({ receiptEmail: email })
    .where(
      and(
        eq(payments.userId, userId),
        isNull(payments.receiptEmail),
        sql`EXISTS (SELECT 1 FROM receipts r WHERE r.payment_id = ${payments.id} AND r.type = 'payment' AND r.state = 'sent')`,
      ),
    )
    .returning({ id: payments.id });
  return kept.length;
}

export async function countPayments(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(payments).where(eq(payments.userId, userId));
  return row?.count ?? 0;
}

/** Ends every news subscription of the user; returns their courses. */
export async function endSubscriptions(tx: Tx, userId: number): Promise<number[]> {
  const ended = await tx.delete(mailingSubscriptions).where(eq(mailingSubscriptions.userId, userId)).returning({ courseId: mailingSubscriptions.courseId });
  return ended.map((row) => row.courseId).sort((a, b) => a - b);
}

/**
 * The profile, the personal calendar feed (its secret and what it told the calendar), the count of letters the
 * address refused (letterDeliveryRepository.ts: its hash), where they stopped in recordings and the authors' extensions
 * of their recording windows (the users row stays, so its cascades do not erase these).
 */
export async function eraseProfile(tx: Tx, userId: number): Promise<void> {
  await tx.delete(disciples).where(eq(disciples.userId, userId));
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  await tx.delete(calendarFeedEvents).where(eq(calendarFeedEvents.userId, userId));
  await tx.delete(mailDeliveryFailures).where(eq(mailDeliveryFailures.userId, userId));
  await tx.delete(recordingPositions).where(eq(recordingPositions.userId, userId));
  await tx.delete(recordingAccessExtensions).where(eq(recordingAccessExtensions.userId, userId));
  // Who came to which room (docs/ATTENDANCE.md): the users row stays, so its cascade does not erase them.
  await tx.delete(lessonAttendance).where(eq(lessonAttendance.userId, userId));
  // The Telegram chat and the channels chosen (docs/TELEGRAM.md). Binding codes stay until they lapse (a hash and
  // the emptied account's id): the bot can then say the account was deleted instead of «unknown link».
  await tx.delete(telegramChats).where(eq(telegramChats.userId, userId));
  await tx.delete(notificationChoices).where(eq(notificationChoices.userId, userId));
}

/**
 * The letters to the person (by account or by address): those of a mailing stay for its counts, without address,
 * text or files, and a pending one is dropped; the rest are deleted. How many were still to be sent.
 */
export async function eraseLetters(tx: Tx, userId: number, email: string): Promise<number> {
  const theirs = sql`(${outboxLetters.userId} = ${userId} OR lower(${outboxLetters.recipient}) = ${email.toLowerCase()})`;
  const kept = await tx
    .update(outboxLetters)
    .set({
      state: sql`CASE WHEN ${outboxLetters.state} = 'pending' THEN 'dropped' ELSE ${outboxLetters.state} END`,
      recipient: null,
      text: '',
      html: '',
      headers: {},
      attachments: [],
      payload: null,
      lockedUntil: null,
    })
    .where(and(theirs, sql`${outboxLetters.mailingId} IS NOT NULL`))
    .returning({ id: outboxLetters.id, state: outboxLetters.state, sentAt: outboxLetters.sentAt, attempts: outboxLetters.attempts });
  const deleted = await tx
    .delete(outboxLetters)
    .where(and(theirs, sql`${outboxLetters.mailingId} IS NULL`))
    .returning({ state: outboxLetters.state });
  return kept.filter((row) => row.state === 'dropped' && row.sentAt === null).length + deleted.filter((row) => row.state === 'pending').length;
}

/** JSON.stringify([email, ...]) starts with this: the key of a failed login's e-mail and address (services/accounts/limits.ts). */
const pairPrefix = (email: string) => `${JSON.stringify([email.toLowerCase()]).slice(0, -1)},`;

/** The counts of the account limits kept under the address (logins, letters) or the user's id. */
export async function eraseLimits(tx: Tx, userId: number, email: string): Promise<void> {
  const lower = email.toLowerCase();
  const prefix = pairPrefix(email);
  await tx
    .delete(authLimits)
    .where(
      sql`(${authLimits.kind} IN ('login-email', 'signup-letter', 'reset-letter', 'discount-letter') AND lower(${authLimits.key}) = ${lower})
        OR (${authLimits.kind} = 'login-pair' AND left(lower(${authLimits.key}), ${prefix.length}) = ${prefix})
        OR (${authLimits.kind} IN ('password-check', 'data-export', 'promo-code') AND ${authLimits.key} = ${String(userId)})`,
    );
}

/** An author record once linked to the account (the role was taken back) no longer points at it. */
export async function unlinkAuthorRecord(tx: Tx, userId: number): Promise<void> {
  await tx.update(authors).set({ userId: null }).where(eq(authors.userId, userId));
}

/**
 * The row itself: no address, names or year of birth, inactive, a password that never matches, a new password stamp
 * (every token and link made before dies; the trigger of migration 0004 tells every process), and deleted_at.
 */
export async function emptyAccount(tx: Tx, userId: number, change: { at: Date; unusableHash: string }): Promise<void> {
  const { at } = change;
  await tx
    .update(users)
    .set({
      email: '',
      firstName: '',
      lastName: '',
      yearOfBirth: null,
      passwordHash: change.unusableHash,
      isActive: false,
      isAuthor: false,
      passwordChangedAt: at,
      passwordResetCount: sql`${users.passwordResetCount} + 1`,
      deletedAt: at,
    })
    .where(eq(users.id, userId));
}
