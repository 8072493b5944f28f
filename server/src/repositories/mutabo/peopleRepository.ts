// The SQL of «Люди» in the authors' area (services/mutabo/people.ts): a page of accounts found by name or e-mail, and
// the lessons a person's payments name. The rest of a person's card is read by personalDataRepository.ts, the same
// queries as the person's own export.
import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { MutaboPersonListItem } from '../../../../common/mutabo/people.ts';
import type { Executor } from '../../db/client.ts';
import { courses, lessons, users } from '../../db/schema.ts';
import { containsPattern } from '../textSearch.ts';

/**
 * Accounts whose first name, last name, «first last», «last first» or e-mail contains the search (case-insensitive,
 * LIKE's own characters taken literally); undefined (everyone) for an empty search.
 */
function personSearch(search: string): SQL | undefined {
  const trimmed = search.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return undefined;
  const pattern = containsPattern(trimmed);
  return or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(users.email, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ilike(sql`${users.lastName} || ' ' || ${users.firstName}`, pattern),
  );
}

const listColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  createdAt: users.createdAt,
  isActive: users.isActive,
  isAuthor: users.isAuthor,
};

type ListRow = { id: number; firstName: string; lastName: string; email: string; createdAt: Date; isActive: boolean; isAuthor: boolean };

export const toPersonListItem = (row: ListRow): MutaboPersonListItem => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  registeredAt: row.createdAt.toISOString(),
  confirmed: row.isActive,
  isAuthor: row.isAuthor,
});

/** Live accounts, newest first: a deleted one has no name or address to find it by. */
export async function peoplePage(db: Executor, search: string, offset: number, limit: number): Promise<{ count: number; results: MutaboPersonListItem[] }> {
  const where = and(isNull(users.deletedAt), personSearch(search));
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(users).where(where),
    db.select(listColumns).from(users).where(where).orderBy(desc(users.id)).limit(limit).offset(offset),
  ]);
  return { count: total?.n ?? 0, results: rows.map(toPersonListItem) };
}

/** The lessons with these ids, with their courses' titles (the lessons a person's payments name). */
export async function lessonsWithCourses(db: Executor, ids: number[]): Promise<Map<number, { id: number; number: number; title: string; courseTitle: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: lessons.id, number: lessons.number, title: lessons.title, courseTitle: courses.title })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(inArray(lessons.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Whether the account is an author's, and when it was deleted; null when there is no such account. */
export async function accountStateOf(db: Executor, id: number): Promise<{ isAuthor: boolean; deletedAt: Date | null } | null> {
  const [row] = await db.select({ isAuthor: users.isAuthor, deletedAt: users.deletedAt }).from(users).where(eq(users.id, id));
  return row ?? null;
}
