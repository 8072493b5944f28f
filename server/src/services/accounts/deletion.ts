// Deleting an account (issue 20, item 4; docs/PRIVACY.md, «Deleting an account»): by the person (DELETE
// /api/v1/users/me/ with the password) or by an author on the person's written request (the area; helper routes record
// that in the area's history). One transaction:
// - places in lessons not yet held are given up, paid ones too (a refund is asked for before deleting), a payment in
//   progress ends, and the waiting lists move up with the same promotion and letters as any freed place (places.ts);
// - news subscriptions end, the profile, the calendar feed, the letters to the person (a pending one is dropped; a
//   mailing's stay for its counts without address or text), the count of letters the address refused and the limits
//   kept under the address are erased;
// - the person's homework answers go with their files' rows; the files themselves are removed from the storage after
//   the commit (a failure to remove one is logged, it never holds the deletion back);
// - the users row stays, emptied (repositories/accounts/accountDeletionRepository.ts emptyAccount): no address, names or year of
//   birth, inactive, a password that never matches and a new password stamp, so every token and link dies at once in
//   every process (the trigger of migration 0004, and this process at once). The address is free to sign up again.
// Kept, pointing at the emptied row: payments, refunds and receipts (accounting law: the tax code keeps them five
// years), with the payer's address only where a fiscal receipt already carried it (payments.receipt_email, for the
// settlement and refund receipts still to come); the consent records (proof of consent, 152-ФЗ art. 9), to which the
// deletion adds the withdrawals it makes; past participations; the authors' history. The authors' lists show such a
// person as «удалённый участник» (common/accountDeletion.ts).
//
// Why the row stays rather than goes: the records the law keeps need a payer, and the history a person, that is no
// longer anyone; a kept id also keeps an old token's user id from ever naming a new account.
import type { FastifyBaseLogger } from 'fastify';
import type { AuthStates } from './authStates.ts';
import { accountDeletionMessages as dm, type AccountDeletionPreview } from '../../../../common/accountDeletion.ts';
import type { AppConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  countPayments,
  coursesToLock,
  deleteRowsNotYetHeld,
  emptyAccount,
  endSubscriptions,
  eraseLetters,
  eraseLimits,
  eraseProfile,
  keepReceiptAddress,
  lockAccount,
  placesNotYetHeld,
  unlinkAuthorRecord,
} from '../../repositories/accounts/accountDeletionRepository.ts';
import { recordConsent, type ConsentOrigin } from '../../repositories/accounts/consentsRepository.ts';
import { eraseAnswers } from '../../repositories/homework/answersRepository.ts';
import type { RecordingStorage } from '../recordings/storage.ts';
import { lockUserPaymentsOnLessons } from '../../repositories/payments/paymentsRepository.ts';
import type { LockedCourse, Promotion } from '../../repositories/places/placesRepository.ts';
import { readSeller } from '../../repositories/payments/sellerRepository.ts';
import type { LetterContext } from '../places/enrollmentLetters.ts';
import { withCoursesLocked, type PlacesChange } from '../places/courseLock.ts';
import { UNUSABLE_PASSWORD } from './passwords.ts';
import { failPayment, promoteWaitingList } from '../places/places.ts';
import type { PublicCache } from '../content/publicCache.ts';
import { deleteDiscountsOf } from '../../repositories/payments/discountsRepository.ts';
import { HttpError } from '../../http/errors.ts';
import { messages } from '../../http/messages.ts';
import { checkCurrentPassword, type CurrentPasswordDeps } from './currentPassword.ts';

/** Who asked: the person, or an author acting on the person's written request (recorded by the area, not here). */
type DeletionBy = { kind: 'self' } | { kind: 'author'; authorUserId: number };

export interface AccountDeletionDeps {
  db: Db;
  /** The promotion letters name the site. */
  config: LetterContext['config'];
  /** Dropped after the commit: places and subscriptions are part of the course forms. */
  publicCache: Pick<PublicCache, 'invalidate'>;
  /** Forgets the account's token state this process keeps; other processes hear the trigger. */
  authStates: Pick<AuthStates, 'forget'>;
  /** Where the homework answers' files are: removed after the commit. */
  recordings: Pick<RecordingStorage, 'delete'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

interface DeletionOptions {
  by: DeletionBy;
  /**
   * The request's address and browser, recorded with the consents' withdrawal (http/consentOrigin.ts);
   * none for an author's request made for the person.
   */
  origin?: Pick<ConsentOrigin, 'ip' | 'userAgent'>;
  /** The hash the caller checked the password against: a password changed since stops the deletion (`stale`). */
  expectedPasswordHash?: string;
  /**
   * Written in the deletion's own transaction once it is done (the area's history entry of an author's deletion): the
   * two are saved together or not at all.
   */
  record?: (tx: Tx, deleted: AccountDeleted) => Promise<void>;
}

interface AccountDeleted {
  status: 'deleted';
  userId: number;
  by: DeletionBy;
  deletedAt: string;
  /** Places given up in lessons not yet held (confirmed or held), of which paid, and waiting-list places left. */
  placesReleased: number;
  paidPlacesReleased: number;
  waitingLeft: number;
  /** People moved up from a waiting list (each got the promotion letter). */
  promoted: number;
  /** Payments in progress that ended (`withdrawn`). */
  paymentsEnded: number;
  /** Payments kept with the payer emptied, and of them those keeping the receipt's address. */
  paymentsKept: number;
  receiptAddressesKept: number;
  subscriptionsEnded: number;
  /** Letters to the person that were still to be sent. */
  lettersDropped: number;
}

type AccountDeletionResult =
  | AccountDeleted
  /** No such account, or deleted already: nothing changed and no letter went. */
  | { status: 'gone' }
  /** An author's account: the operator takes the role back first (npm run make-author -- --remove). */
  | { status: 'author' }
  /** The password changed after the caller checked it. */
  | { status: 'stale' };

/** The courses locked were not all the deletion touches (a place taken meanwhile): the transaction runs again. */
class CoursesMoved extends Error {}

const ATTEMPTS = 5;

/**
 * Deletes the account (see above). Idempotent: a second call, or one that loses a race with another, changes nothing
 * and sends nothing (`gone`).
 */
export async function deleteAccount(deps: AccountDeletionDeps, userId: number, options: DeletionOptions): Promise<AccountDeletionResult> {
  for (let attempt = 1; ; attempt += 1) {
    // Read before the transaction, checked again under the locks: courses are locked first (ascending), as everywhere.
    const courseIds = await coursesToLock(deps.db, userId);
    try {
      // The promotions' letters are queued in the transaction and the public cache dropped after a deletion (withCoursesLocked).
      const files: string[] = [];
      const result = await withCoursesLocked(deps, courseIds, (tx, locked) => deleteLocked(tx, userId, courseIds, locked, options, files));
      if (result.status === 'deleted') {
        deps.authStates.forget(userId);
        await removeFiles(deps, files);
      }
      return result;
    } catch (error) {
      if (!(error instanceof CoursesMoved) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** The homework files of a deleted account, once the deletion is committed; a file that stays is logged, not fatal. */
async function removeFiles(deps: Pick<AccountDeletionDeps, 'recordings' | 'log'>, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await deps.recordings.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, 'a deleted account’s homework file could not be removed from the storage');
    }
  }
}

async function deleteLocked(tx: Tx, userId: number, courseIds: number[], locked: LockedCourse[], options: DeletionOptions, files: string[]): Promise<PlacesChange<AccountDeletionResult>> {
  const unchanged = (value: AccountDeletionResult) => ({ value, changed: false });
  const account = await lockAccount(tx, userId);
  if (!account || account.deletedAt !== null) return unchanged({ status: 'gone' });
  if (account.isAuthor) return unchanged({ status: 'author' });
  if (options.expectedPasswordHash !== undefined && account.passwordHash !== options.expectedPasswordHash) return unchanged({ status: 'stale' });
  const needed = await coursesToLock(tx, userId);
  if (needed.some((courseId) => !courseIds.includes(courseId))) throw new CoursesMoved();

  // Only now, every refusal decided, does anything change: a payment in progress ends, freeing its holds.
  const promotions: Promotion[] = [];
  let paymentsEnded = 0;
  for (const course of locked) {
    for (const paymentId of await lockUserPaymentsOnLessons(tx, userId, course.allLessonIds)) {
      promotions.push(...(await failPayment(tx, paymentId, 'withdrawn', course.participantsLimit)));
      paymentsEnded += 1;
    }
  }

  // Places in lessons not yet held, and the queues behind them.
  const freed = await deleteRowsNotYetHeld(tx, userId);
  for (const course of locked) {
    const lessonIds = [...new Set(freed.filter((row) => course.allLessonIds.includes(row.lessonId)).map((row) => row.lessonId))];
    promotions.push(...(await promoteWaitingList(tx, lessonIds, course.participantsLimit)));
  }

  // What the law keeps: the payments stay; the receipt's address only where a receipt already carried it.
  const receiptAddressesKept = await keepReceiptAddress(tx, userId, account.email);

  // The consents end: news subscriptions and the processing itself, recorded as withdrawn (kept as proof, 152-ФЗ).
  const origin: ConsentOrigin = { source: 'account-deletion', ip: options.origin?.ip ?? null, userAgent: options.origin?.userAgent ?? null };
  const subscriptions = await endSubscriptions(tx, userId);
  for (const courseId of subscriptions) await recordConsent(tx, { userId, kind: 'news', courseId, action: 'withdrawn' }, origin);
  await recordConsent(tx, { userId, kind: 'processing', action: 'withdrawn' }, origin);

  await eraseProfile(tx, userId);
  // Reset first: a transaction tried again must not name the files of the one rolled back twice.
  files.splice(0, files.length, ...(await eraseAnswers(tx, userId)));
  const lettersDropped = await eraseLetters(tx, userId, account.email);
  await eraseLimits(tx, userId, account.email);
  // A personal discount names the address: it goes with the account (a new account with it starts without one).
  await deleteDiscountsOf(tx, account.email);
  await unlinkAuthorRecord(tx, userId);
  const deletedAt = new Date();
  await emptyAccount(tx, userId, { at: deletedAt, unusableHash: UNUSABLE_PASSWORD });

  const deleted: AccountDeleted = {
    status: 'deleted',
    userId,
    by: options.by,
    deletedAt: deletedAt.toISOString(),
    placesReleased: freed.filter((row) => row.counted).length,
    paidPlacesReleased: freed.filter((row) => row.paid).length,
    waitingLeft: freed.filter((row) => row.waiting).length,
    promoted: promotions.length,
    paymentsEnded,
    paymentsKept: await countPayments(tx, userId),
    receiptAddressesKept,
    subscriptionsEnded: subscriptions.length,
    lettersDropped,
  };
  await options.record?.(tx, deleted);
  return { value: deleted, changed: true, promotions };
}

/** What deleting the account would give up now, and whom to write to for a refund first. */
export async function deletionPreview(deps: { db: Db; config: Pick<AppConfig, 'operatorEmail'> }, userId: number): Promise<AccountDeletionPreview> {
  const [places, seller] = await Promise.all([placesNotYetHeld(deps.db, userId), readSeller(deps.db)]);
  return { contactEmail: seller.email || deps.config.operatorEmail || null, places: places.places, paidPlaces: places.paid, waiting: places.waiting };
}

/**
 * DELETE /users/me/: the password again, checked and counted like the password change form's (400 under `password`,
 * nothing changed), then the deletion. An author's account is 409; one deleted meanwhile by another request is 401, as
 * the auth layer answers from now on.
 */
export async function deleteOwnAccount(
  deps: AccountDeletionDeps & CurrentPasswordDeps,
  userId: number,
  password: string,
  origin: Pick<ConsentOrigin, 'ip' | 'userAgent'>,
): Promise<void> {
  const { account, matches } = await checkCurrentPassword(deps, userId, password);
  if (!matches) throw new HttpError(400, { password: [dm.passwordWrong] });
  const result = await deleteAccount(deps, userId, { by: { kind: 'self' }, origin, expectedPasswordHash: account.passwordHash });
  if (result.status === 'author') throw new HttpError(409, { detail: dm.authorAccount });
  if (result.status === 'stale') throw new HttpError(400, { password: [dm.passwordWrong] });
  if (result.status === 'gone') throw new HttpError(401, { detail: messages.invalidToken });
}
