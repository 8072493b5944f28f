// Disciples (a user's learner profile): the details of the wire contract, who may read them, and updates.
import { and, eq, inArray } from 'drizzle-orm';
import type { Disciple, DiscipleProfile } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import { authors, courseAuthors, disciples, lessons, mailingSubscriptions, participants, users } from '../../db/schema.ts';
import { personColumns } from './usersRepository.ts';

/** The learner profile's fields (DiscipleProfile), as the profile and the person's export read them. */
export const profileColumns = {
  country: disciples.country,
  mainLanguage: disciples.mainLanguage,
  visitSchool: disciples.visitSchool,
  readWriteProblems: disciples.readWriteProblems,
  otherInfo: disciples.otherInfo,
  timezone: disciples.timezone,
};

interface DiscipleRecord {
  disciple: Disciple;
  /** The user the disciple belongs to. */
  userId: number;
}

interface DiscipleChanges {
  user: { firstName?: string; lastName?: string; yearOfBirth?: number | null };
  profile: Partial<DiscipleProfile>;
}

export async function findDiscipleDetails(db: Executor, id: number): Promise<DiscipleRecord | null> {
  const [row] = await db
    .select({
      id: disciples.id,
      userId: users.id,
      ...personColumns,
      ...profileColumns,
    })
    .from(disciples)
    .innerJoin(users, eq(users.id, disciples.userId))
    .where(eq(disciples.id, id));
  if (!row) return null;
  const { userId, country, mainLanguage, visitSchool, readWriteProblems, otherInfo, timezone, ...person } = row;
  return { userId, disciple: { ...person, profile: { country, mainLanguage, visitSchool, readWriteProblems, otherInfo, timezone } } };
}

/**
 * Whether the author (by user id) leads a course the disciple's user takes part in (any participation
 * state) or gets the news of.
 */
export async function authorCanReadDisciple(db: Executor, authorUserId: number, discipleUserId: number): Promise<boolean> {
  const authorCourses = db
    .select({ courseId: courseAuthors.courseId })
    .from(courseAuthors)
    .innerJoin(authors, eq(authors.id, courseAuthors.authorId))
    .where(eq(authors.userId, authorUserId));
  const [participation] = await db
    .select({ id: participants.id })
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .where(and(eq(participants.userId, discipleUserId), inArray(lessons.courseId, authorCourses)))
    .limit(1);
  if (participation) return true;
  const [subscription] = await db
    .select({ id: mailingSubscriptions.id })
    .from(mailingSubscriptions)
    .where(and(eq(mailingSubscriptions.userId, discipleUserId), inArray(mailingSubscriptions.courseId, authorCourses)))
    .limit(1);
  return subscription !== undefined;
}

/** Writes the user's and the profile's changes together (the e-mail changes only through its letter). */
export async function updateDisciple(db: Executor, id: number, userId: number, changes: DiscipleChanges): Promise<DiscipleRecord | null> {
  await db.transaction(async (tx) => {
    if (Object.keys(changes.user).length > 0) await tx.update(users).set(changes.user).where(eq(users.id, userId));
    if (Object.keys(changes.profile).length > 0) await tx.update(disciples).set(changes.profile).where(eq(disciples.id, id));
  });
  return findDiscipleDetails(db, id);
}
