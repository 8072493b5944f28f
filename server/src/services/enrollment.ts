// Enrollment without payment: news subscriptions, joining a course without prices (a reserved place or the
// waiting list), withdrawing, the caller's own course list, and the authors' approve and reject.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Lesson, Participation, ParticipationState } from '../../../common/wireTypes.ts';
import { authors, courseAuthors, courses, lessons, mailingSubscriptions, participants, paymentLessons, payments, prices, users } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { messages } from '../http/messages.ts';
import { enrollmentErrors } from './enrollmentErrors.ts';
import { sendPromotionLetters, type LetterContext } from './enrollmentLetters.ts';
import { countedPlace, failPayment, lockCourse, promoteWaitingList, takenPlaces, type Promotion } from './places.ts';
import type { PaymentsContext } from './payments/context.ts';

export type EnrollmentContext = Pick<PaymentsContext, 'db' | 'config' | 'mailer' | 'log' | 'publicCache' | 'approvalLetters'>;

const letterContext = (ctx: EnrollmentContext): LetterContext => ({ db: ctx.db, mailer: ctx.mailer, config: ctx.config, log: ctx.log });

/** After a commit that changed places: the public cache is dropped and the promoted are told. */
async function afterPlacesChanged(ctx: EnrollmentContext, promotions: Promotion[]): Promise<void> {
  ctx.publicCache.invalidate();
  await sendPromotionLetters(letterContext(ctx), promotions).catch((error: unknown) => ctx.log.error({ err: error }, 'promotion letters failed'));
}

/** A course that is not a draft; 404 otherwise. */
async function visibleCourse(ctx: EnrollmentContext, courseId: number) {
  const [course] = await ctx.db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), ne(courses.state, 'draft')));
  if (!course) throw notFound(messages.courseNotFound);
  return course;
}

// ---- News subscriptions

export async function subscribeForMailouts(ctx: EnrollmentContext, userId: number, courseId: number): Promise<void> {
  await visibleCourse(ctx, courseId);
  await ctx.db.insert(mailingSubscriptions).values({ userId, courseId }).onConflictDoNothing();
  // The caller's course forms are kept as long as the public ones (services/personalCache.ts).
  ctx.publicCache.invalidate();
}

export async function unsubscribeFromMailouts(ctx: EnrollmentContext, userId: number, courseId: number): Promise<void> {
  await visibleCourse(ctx, courseId);
  await ctx.db.delete(mailingSubscriptions).where(and(eq(mailingSubscriptions.userId, userId), eq(mailingSubscriptions.courseId, courseId)));
  ctx.publicCache.invalidate();
}

// ---- Participation in a course without prices

/** For each published lesson the caller has no row for: a reserved place when one is free, else the waiting list. */
export async function joinCourse(ctx: EnrollmentContext, userId: number, courseId: number): Promise<void> {
  const course = await visibleCourse(ctx, courseId);
  if (course.state !== 'can_be_subscribed') throw enrollmentErrors.enrollmentClosed();
  const [priced] = await ctx.db.select({ id: prices.id }).from(prices).where(eq(prices.courseId, courseId)).limit(1);
  if (priced) throw enrollmentErrors.coursePaid();

  const changed = await ctx.db.transaction(async (tx) => {
    const locked = await lockCourse(tx, courseId);
    if (!locked || locked.state !== 'can_be_subscribed') throw enrollmentErrors.enrollmentClosed();
    if (locked.lessons.length === 0) throw enrollmentErrors.noLessons();
    const ids = locked.lessons.map((lesson) => lesson.id);
    const own = await tx
      .select({ lessonId: participants.lessonId })
      .from(participants)
      .where(and(eq(participants.userId, userId), inArray(participants.lessonId, ids)));
    const missing = ids.filter((id) => !own.some((row) => row.lessonId === id));
    if (missing.length === 0) return false;
    const taken = await takenPlaces(tx, missing);
    await tx.insert(participants).values(
      missing.map((lessonId) => ({
        userId,
        lessonId,
        state: (taken.get(lessonId) ?? 0) < locked.participantsLimit ? ('reserved' as const) : ('waiting_list' as const),
      })),
    );
    return true;
  });
  if (changed) ctx.publicCache.invalidate();
}

/**
 * Withdraws the caller from a course: their rows that are not approved are deleted (a paid place is not given up
 * this way), a payment of theirs in progress on the course is ended, and the freed places go to the waiting list.
 */
export async function withdrawFromCourse(ctx: EnrollmentContext, userId: number, courseId: number): Promise<void> {
  await visibleCourse(ctx, courseId);
  const promotions = await ctx.db.transaction(async (tx) => {
    const locked = await lockCourse(tx, courseId);
    if (!locked) return null;
    const promoted: Promotion[] = [];
    const inProgress = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          eq(payments.state, 'STATE_IN_PROGRESS'),
          inArray(payments.id, tx.select({ id: paymentLessons.paymentId }).from(paymentLessons).where(inArray(paymentLessons.lessonId, locked.allLessonIds))),
        ),
      )
      .orderBy(asc(payments.id))
      .for('update');
    for (const payment of inProgress) promoted.push(...(await failPayment(tx, payment.id, 'withdrawn', locked.participantsLimit)));
    const freed = await tx
      .delete(participants)
      .where(and(eq(participants.userId, userId), inArray(participants.lessonId, locked.allLessonIds), ne(participants.state, 'approved')))
      .returning({ lessonId: participants.lessonId });
    if (freed.length === 0 && inProgress.length === 0) return null;
    promoted.push(
      ...(await promoteWaitingList(
        tx,
        freed.map((row) => row.lessonId),
        locked.participantsLimit,
      )),
    );
    return promoted;
  });
  if (promotions) await afterPlacesChanged(ctx, promotions);
}

// ---- The caller's own course list (GET/POST/PATCH/DELETE /api/v1/participants/)

/**
 * One row per course the caller is subscribed to or has a place (or a queue place) in; its id is the course id.
 * Lessons are the caller's own, with their participation; lapsed holds are left out.
 */
export async function listParticipations(ctx: EnrollmentContext, userId: number, onlyCourseId?: number): Promise<Participation[]> {
  const { db } = ctx;
  const courseFilter = onlyCourseId === undefined ? undefined : eq(lessons.courseId, onlyCourseId);
  const [subscriptions, rows] = await Promise.all([
    db
      .select({ courseId: mailingSubscriptions.courseId })
      .from(mailingSubscriptions)
      .where(and(eq(mailingSubscriptions.userId, userId), onlyCourseId === undefined ? undefined : eq(mailingSubscriptions.courseId, onlyCourseId))),
    db
      .select({ participant: participants, lesson: lessons })
      .from(participants)
      .innerJoin(lessons, eq(lessons.id, participants.lessonId))
      .where(and(eq(participants.userId, userId), ne(lessons.state, 'draft'), courseFilter, sql`(${participants.state} <> 'reserved' OR ${countedPlace})`)),
  ]);
  const courseIds = [...new Set([...subscriptions.map((row) => row.courseId), ...rows.map((row) => row.lesson.courseId)])];
  if (courseIds.length === 0) return [];
  const [courseRows, authorRows, taken] = await Promise.all([
    db
      .select({ id: courses.id, title: courses.title, participantsLimit: courses.participantsLimit })
      .from(courses)
      .where(and(inArray(courses.id, courseIds), ne(courses.state, 'draft')))
      .orderBy(sql`${courses.start} ASC NULLS LAST`, asc(courses.id)),
    db
      .select({ courseId: courseAuthors.courseId, id: authors.id, firstName: authors.firstName, lastName: authors.lastName, genitive: authors.genitive })
      .from(courseAuthors)
      .innerJoin(authors, eq(authors.id, courseAuthors.authorId))
      .where(inArray(courseAuthors.courseId, courseIds))
      .orderBy(asc(courseAuthors.position)),
    takenPlaces(
      db,
      rows.map((row) => row.lesson.id),
    ),
  ]);
  const subscribed = new Set(subscriptions.map((row) => row.courseId));
  return courseRows.map((course) => ({
    id: course.id,
    course: { id: course.id, title: course.title },
    authors: authorRows.filter((row) => row.courseId === course.id).map(({ id, firstName, lastName, genitive }) => ({ id, firstName, lastName, genitive })),
    subscribed: subscribed.has(course.id),
    lessons: rows
      .filter((row) => row.lesson.courseId === course.id)
      .sort((a, b) => a.lesson.number - b.lesson.number)
      .map(({ participant, lesson }): Lesson => ({
        id: lesson.id,
        course: lesson.courseId,
        number: lesson.number,
        title: lesson.title,
        content: lesson.content,
        duration: lesson.duration,
        state: lesson.state,
        hasFreePlaces: (taken.get(lesson.id) ?? 0) < course.participantsLimit,
        participationState: participant.state as ParticipationState,
        participant: {
          id: participant.id,
          participated_at: participant.participatedAt?.toISOString() ?? null,
          expired_at: participant.expiredAt?.toISOString() ?? null,
          state: participant.state,
        },
      })),
  }));
}

/** The caller's row for one course; 404 when they have nothing to do with it. */
export async function getParticipation(ctx: EnrollmentContext, userId: number, courseId: number): Promise<Participation> {
  const [row] = await listParticipations(ctx, userId, courseId);
  if (!row) throw enrollmentErrors.participantNotFound();
  return row;
}

/** DELETE /participants/{id}/: the row leaves the list: participation withdrawn (paid lessons stay) and news stopped. */
export async function deleteParticipation(ctx: EnrollmentContext, userId: number, courseId: number): Promise<void> {
  await getParticipation(ctx, userId, courseId);
  await withdrawFromCourse(ctx, userId, courseId);
  await ctx.db.delete(mailingSubscriptions).where(and(eq(mailingSubscriptions.userId, userId), eq(mailingSubscriptions.courseId, courseId)));
  ctx.publicCache.invalidate();
}

// ---- The authors' view (GET /api/v1/manager/participants/, approve with PATCH, reject with DELETE)

export interface ManagerParticipant {
  id: number;
  state: ParticipationState;
  participatedAt: string | null;
  expiredAt: string | null;
  createdAt: string;
  /** The payment that holds or bought the place. */
  paymentId: number | null;
  user: { id: number; email: string; firstName: string; lastName: string };
  course: { id: number; title: string };
  lesson: { id: number; number: number; title: string };
}

/** The author record of the caller; 403 for anyone who is not an author. */
async function callerAuthorId(ctx: EnrollmentContext, userId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ id: authors.id })
    .from(authors)
    .innerJoin(users, eq(users.id, authors.userId))
    .where(and(eq(authors.userId, userId), eq(users.isAuthor, true)));
  if (!row) throw enrollmentErrors.authorsOnly();
  return row.id;
}

const managerColumns = {
  participant: participants,
  user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
  course: { id: courses.id, title: courses.title },
  lesson: { id: lessons.id, number: lessons.number, title: lessons.title },
};

type ManagerRow = {
  participant: typeof participants.$inferSelect;
  user: ManagerParticipant['user'];
  course: ManagerParticipant['course'];
  lesson: ManagerParticipant['lesson'];
};

const toManagerParticipant = (row: ManagerRow): ManagerParticipant => ({
  id: row.participant.id,
  state: row.participant.state,
  participatedAt: row.participant.participatedAt?.toISOString() ?? null,
  expiredAt: row.participant.expiredAt?.toISOString() ?? null,
  createdAt: row.participant.createdAt.toISOString(),
  paymentId: row.participant.paymentId,
  user: row.user,
  course: row.course,
  lesson: row.lesson,
});

function managerQuery(ctx: EnrollmentContext) {
  return ctx.db
    .select(managerColumns)
    .from(participants)
    .innerJoin(users, eq(users.id, participants.userId))
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId));
}

export async function listManagedParticipants(ctx: EnrollmentContext, userId: number, filter: { course?: number; state?: ParticipationState }): Promise<ManagerParticipant[]> {
  const authorId = await callerAuthorId(ctx, userId);
  const rows = await managerQuery(ctx)
    .where(
      and(
        sql`${courses.id} IN (SELECT course_id FROM course_authors WHERE author_id = ${authorId})`,
        filter.course === undefined ? undefined : eq(courses.id, filter.course),
        filter.state === undefined ? undefined : eq(participants.state, filter.state),
      ),
    )
    .orderBy(asc(courses.id), asc(lessons.number), asc(participants.createdAt), asc(participants.id));
  return rows.map(toManagerParticipant);
}

/** One participant of a course the caller leads: 404 when there is none, 403 when the course is someone else's. */
export async function getManagedParticipant(ctx: EnrollmentContext, userId: number, participantId: number): Promise<ManagerParticipant> {
  const authorId = await callerAuthorId(ctx, userId);
  const [row] = await managerQuery(ctx).where(eq(participants.id, participantId));
  if (!row) throw enrollmentErrors.participantNotFound();
  const [leads] = await ctx.db
    .select({ authorId: courseAuthors.authorId })
    .from(courseAuthors)
    .where(and(eq(courseAuthors.courseId, row.course.id), eq(courseAuthors.authorId, authorId)));
  if (!leads) throw enrollmentErrors.notYourCourse();
  return toManagerParticipant(row);
}

/** Confirms a participation; a place must be free unless the row already holds one. */
export async function approveParticipant(ctx: EnrollmentContext, userId: number, participantId: number): Promise<ManagerParticipant> {
  const [approved] = await approveParticipants(ctx, userId, [participantId]);
  return approved!;
}

/**
 * Confirms several participations of the caller's courses together: all of them or, when one has no free place, none.
 * Each person hears of it in one letter per course, however many of their lessons were approved.
 */
export async function approveParticipants(ctx: EnrollmentContext, userId: number, participantIds: readonly number[]): Promise<ManagerParticipant[]> {
  const ids = [...new Set(participantIds)];
  const found: ManagerParticipant[] = [];
  for (const id of ids) found.push(await getManagedParticipant(ctx, userId, id));
  const waiting = found.filter((row) => row.state !== 'approved');
  if (waiting.length === 0) return found;
  const approved = await ctx.db.transaction(async (tx) => {
    // Courses are locked in one order (by id), so that two batches over the same courses cannot deadlock.
    const limits = new Map<number, number>();
    for (const courseId of [...new Set(waiting.map((row) => row.course.id))].sort((a, b) => a - b)) {
      const locked = await lockCourse(tx, courseId);
      if (!locked) throw enrollmentErrors.participantNotFound();
      limits.set(courseId, locked.participantsLimit);
    }
    const done: ManagerParticipant[] = [];
    for (const item of waiting) {
      const [row] = await tx
        .select({ id: participants.id, userId: participants.userId, lessonId: participants.lessonId, state: participants.state, counted: sql<boolean>`${countedPlace}` })
        .from(participants)
        .where(eq(participants.id, item.id));
      if (!row) throw enrollmentErrors.participantNotFound();
      if (row.state === 'approved') continue;
      if (!row.counted) {
        const taken = await takenPlaces(tx, [row.lessonId], row.userId);
        if ((taken.get(row.lessonId) ?? 0) >= limits.get(item.course.id)!) throw enrollmentErrors.fullyOccupied([row.lessonId]);
      }
      await tx.update(participants).set({ state: 'approved', participatedAt: sql`now()`, expiredAt: null }).where(eq(participants.id, item.id));
      done.push(item);
    }
    return done;
  });
  if (approved.length > 0) {
    ctx.publicCache.invalidate();
    // One letter per person and course, also for the lessons the author approves one after another.
    for (const item of approved) ctx.approvalLetters.add(item.user.id, item.course.id, [item.lesson.id]);
  }
  return Promise.all(ids.map((id) => getManagedParticipant(ctx, userId, id)));
}

/** Rejects (deletes) a participation; a payment in progress that held the place ends, and the queue moves up. */
export async function rejectParticipant(ctx: EnrollmentContext, userId: number, participantId: number): Promise<void> {
  const found = await getManagedParticipant(ctx, userId, participantId);
  const promotions = await ctx.db.transaction(async (tx) => {
    const locked = await lockCourse(tx, found.course.id);
    if (!locked) return [];
    const [row] = await tx.select().from(participants).where(eq(participants.id, participantId));
    if (!row) return [];
    const promoted: Promotion[] = [];
    if (row.paymentId !== null && row.state === 'reserved') {
      const [payment] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.id, row.paymentId), eq(payments.state, 'STATE_IN_PROGRESS')))
        .for('update');
      if (payment) promoted.push(...(await failPayment(tx, payment.id, 'canceled', locked.participantsLimit)));
    }
    await tx.delete(participants).where(eq(participants.id, participantId));
    promoted.push(...(await promoteWaitingList(tx, [row.lessonId], locked.participantsLimit)));
    return promoted;
  });
  await afterPlacesChanged(ctx, promotions);
}
