// «Люди» in the authors' area (issue 20, item 5; docs/PRIVACY.md, «Requests to the operator»): an author finds a
// person, reads their card (account, lessons, payments, subscriptions, every consent record) and answers their written
// request: the export is the person's own «Мои данные» file (services/accounts/personalData.ts), the deletion the person's own
// deletion (services/accounts/deletion.ts), each recorded in the history with the author who made it. The history
// records name the person by id only, never by name or address: a deleted person's name must not stay in them.
import { MUTABO_PAGE_SIZE, type MutaboPage } from '../../../../common/mutabo/sharedContent.ts';
import { peopleMessages as pm, type MutaboPersonCard, type MutaboPersonListItem } from '../../../../common/mutabo/people.ts';
import type { Db } from '../../db/client.ts';
import { accountStateOf, lessonsWithCourses, peoplePage, toPersonListItem } from '../../repositories/mutabo/peopleRepository.ts';
import { accountOf, consentRowsOf, participationRowsOf, paymentRowsOf, refundRowsOf, subscriptionRowsOf } from '../../repositories/accounts/personalDataRepository.ts';
import { deleteAccount, type AccountDeletionDeps } from '../accounts/deletion.ts';
import { exportPersonalData } from '../accounts/personalData.ts';
import { recordWrite } from './audit.ts';
import type { Caller } from './context.ts';
import { personDiscounts } from './discounts.ts';
import { listPage, pageOffset, sharedErrors } from './sharedContent.ts';
import { recordingWatchMessages as wm, type PersonRecordingAccess } from '../../../../common/recordings.ts';
import { deleteExtension, ledCourseWindow, lockedExtension, upsertExtension, windowedLessonsOf } from '../../repositories/recordings/viewingRepository.ts';
import { placeWindowEnd } from '../recordings/access.ts';
import { HttpError } from '../../http/errors.ts';
import { presenceOf } from '../../repositories/attendance/attendanceRepository.ts';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

const peopleErrors = {
  notFound: () => sharedErrors.notFound(pm.personNotFound),
  deleted: () => sharedErrors.notFound(pm.personDeleted),
  authorNotDeletable: () => sharedErrors.forbidden(pm.authorNotDeletable),
};

export async function listPeople(db: Db, search: string, page: number): Promise<MutaboPage<MutaboPersonListItem>> {
  return listPage('/api/v1/mutabo/people/', { search }, page, await peoplePage(db, search, pageOffset(page), MUTABO_PAGE_SIZE));
}

/** The person's card: the same reads as their own export, in the area's words. */
export async function getPerson(db: Db, caller: Caller, id: number): Promise<MutaboPersonCard> {
  const [account, state, participations, payments, refunds, subscriptions, consents] = await Promise.all([
    accountOf(db, id),
    accountStateOf(db, id),
    participationRowsOf(db, id),
    paymentRowsOf(db, id),
    refundRowsOf(db, id),
    subscriptionRowsOf(db, id),
    consentRowsOf(db, id),
  ]);
  if (!account || !state) throw peopleErrors.notFound();
  const [discounts, recordingAccess, presence] = await Promise.all([personDiscounts(db, caller, account.email), personRecordingAccess(db, caller, id), presenceOf(db, id)]);
  const paidLessons = await lessonsWithCourses(db, [...new Set(payments.flatMap((payment) => payment.lessonIds))]);
  return {
    ...toPersonListItem(account),
    deletedAt: iso(state.deletedAt),
    yearOfBirth: account.yearOfBirth,
    lessons: participations.map((row) => ({
      courseId: row.courseId,
      courseTitle: row.courseTitle,
      lessonId: row.lessonId,
      lessonNumber: row.lessonNumber,
      lessonTitle: row.lessonTitle,
      startsAt: iso(row.startsAt),
      state: row.state,
      expiredAt: iso(row.expiredAt),
      since: row.createdAt.toISOString(),
      joinedAt: iso(presence.get(row.lessonId)?.firstJoinedAt ?? null),
      watchedRecording: presence.get(row.lessonId)?.watchedRecording ?? false,
    })),
    payments: payments.map((row) => ({
      id: row.id,
      system: row.system,
      currency: row.currency,
      amount: row.amount,
      state: row.state,
      createdAt: row.createdAt.toISOString(),
      paidAt: iso(row.paidAt),
      lessons: row.lessonIds.flatMap((lessonId) => paidLessons.get(lessonId) ?? []),
    })),
    refunds: refunds.map((row) => ({
      id: row.id,
      paymentId: row.paymentId,
      amount: row.amount,
      currency: row.currency,
      state: row.state,
      createdAt: row.createdAt.toISOString(),
      completedAt: iso(row.completedAt),
    })),
    newsSubscriptions: subscriptions.map((row) => ({ courseId: row.courseId, courseTitle: row.courseTitle, since: row.since.toISOString() })),
    consents: consents.map((row) => ({
      kind: row.kind,
      action: row.action,
      courseId: row.courseId,
      courseTitle: row.courseTitle,
      policyVersion: row.policyVersion,
      source: row.source,
      ip: row.ip,
      userAgent: row.userAgent,
      at: row.at.toISOString(),
    })),
    discounts,
    recordingAccess,
  };
}

// ---- Recording windows (docs/RECORDINGS.md, «Watching»): the card's courses with a window, and the author's extension.

/** The caller's courses with a window (recording_days) in which the person has lessons, with the window's end. */
async function personRecordingAccess(db: Db, caller: Caller, id: number): Promise<PersonRecordingAccess[]> {
  const byCourse = new Map<number, PersonRecordingAccess>();
  for (const row of await windowedLessonsOf(db, caller.authorId, id)) {
    const entry = byCourse.get(row.courseId) ?? {
      courseId: row.courseId,
      courseTitle: row.courseTitle,
      timeZone: row.timeZone,
      recordingDays: row.recordingDays,
      until: null,
      extendedUntil: iso(row.extensionUntil),
    };
    if (row.state === 'approved') {
      const end = placeWindowEnd(row, row)!;
      if (entry.until === null || end.toISOString() > entry.until) entry.until = end.toISOString();
    }
    byCourse.set(row.courseId, entry);
  }
  return [...byCourse.values()];
}

const MAX_EXTENSION_MS = 10 * 366 * 24 * 60 * 60_000;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?))?$/i;

/** 400 under `until` unless it is an ISO 8601 moment in the future, at most 10 years on. */
function extensionEnd(until: string, now: Date): Date {
  const parsed = ISO_8601.test(until.trim()) ? new Date(until.trim()) : null;
  if (parsed === null || Number.isNaN(parsed.getTime())) throw new HttpError(400, { until: [wm.untilInvalid] });
  if (parsed <= now) throw new HttpError(400, { until: [wm.untilPast] });
  if (parsed.getTime() - now.getTime() > MAX_EXTENSION_MS) throw new HttpError(400, { until: [wm.untilTooFar] });
  return parsed;
}

/** The person exists (404) and the caller leads the course (403), which has a window when one is extended (400 under `course`). */
async function extensionTarget(db: Db, caller: Caller, id: number, courseId: number, needsWindow: boolean): Promise<void> {
  const state = await accountStateOf(db, id);
  if (!state) throw peopleErrors.notFound();
  if (state.deletedAt) throw peopleErrors.deleted();
  const course = await ledCourseWindow(db, caller.authorId, courseId);
  if (course === undefined) throw sharedErrors.forbidden(wm.notLedCourse);
  if (needsWindow && course.recordingDays === null) throw new HttpError(400, { course: [wm.noWindow] });
}

/** Opens the person's recordings of the course until `until` (replacing an earlier extension); recorded in the history. */
export async function extendRecordingAccess(db: Db, caller: Caller, id: number, body: { course: number; until: string }, now = new Date()): Promise<void> {
  const until = extensionEnd(body.until, now);
  await extensionTarget(db, caller, id, body.course, true);
  await db.transaction(async (tx) => {
    const before = await lockedExtension(tx, body.course, id);
    await upsertExtension(tx, { courseId: body.course, userId: id, until, grantedBy: caller.userId });
    await recordWrite(tx, { userId: caller.userId, entity: 'person', entityId: id, courseId: body.course, action: 'update', before: { recordingUntil: iso(before) }, after: { recordingUntil: until.toISOString() } });
  });
}

/** Takes the extension back (the course's own window applies again); recorded when there was one. */
export async function removeRecordingAccess(db: Db, caller: Caller, id: number, courseId: number): Promise<void> {
  await extensionTarget(db, caller, id, courseId, false);
  await db.transaction(async (tx) => {
    const before = await lockedExtension(tx, courseId, id);
    if (!(await deleteExtension(tx, courseId, id))) return;
    await recordWrite(tx, { userId: caller.userId, entity: 'person', entityId: id, courseId, action: 'update', before: { recordingUntil: iso(before) }, after: { recordingUntil: null } });
  });
}

/**
 * The person's own export (the file «Мои данные» gives them), made for their written request and recorded in the
 * history with the author who made it before it is answered.
 */
export async function exportPerson(db: Db, caller: Caller, id: number, now = new Date()) {
  if ((await accountStateOf(db, id))?.deletedAt) throw peopleErrors.deleted();
  const data = await exportPersonalData(db, id, now);
  if (!data) throw peopleErrors.notFound();
  await db.transaction((tx) =>
    recordWrite(tx, { userId: caller.userId, entity: 'person', entityId: id, courseId: null, action: 'export', before: null, after: { writtenRequest: true } }),
  );
  return data;
}

/**
 * Deletes the person's account for their written request, as their own deletion would, then records it in the history
 * with the author and what it changed (counts only). An author's account (the caller's own among them) is refused
 * before anything is touched.
 */
export async function deletePerson(deps: AccountDeletionDeps, caller: Caller, id: number): Promise<void> {
  const state = await accountStateOf(deps.db, id);
  if (!state) throw peopleErrors.notFound();
  if (state.deletedAt) throw peopleErrors.deleted();
  if (state.isAuthor || id === caller.userId) throw peopleErrors.authorNotDeletable();
  const result = await deleteAccount(deps, id, {
    by: { kind: 'author', authorUserId: caller.userId },
    // In the deletion's transaction: a deletion is never without its history entry.
    record: (tx, { placesReleased, paidPlacesReleased, waitingLeft, promoted, paymentsEnded, paymentsKept, subscriptionsEnded, lettersDropped }) =>
      recordWrite(tx, {
        userId: caller.userId,
        entity: 'person',
        entityId: id,
        courseId: null,
        action: 'delete',
        before: null,
        after: { writtenRequest: true, placesReleased, paidPlacesReleased, waitingLeft, promoted, paymentsEnded, paymentsKept, subscriptionsEnded, lettersDropped },
      }),
  });
  if (result.status === 'author') throw peopleErrors.authorNotDeletable();
  if (result.status !== 'deleted') throw peopleErrors.deleted();
}
