// The SQL of the authors' reviews (services/mutabo/feedback.ts): pages with search, row locks, compare-and-set writes.
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { MutaboFeedback } from '../../../../common/mutabo/feedback.ts';
import { courses, feedback } from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { searchCondition } from '../textSearch.ts';

export type FeedbackRow = typeof feedback.$inferSelect;
type FeedbackValues = Partial<Pick<typeof feedback.$inferInsert, 'author' | 'authorAge' | 'courseId' | 'footer' | 'text'>>;

const answerColumns = { review: feedback, courseTitle: courses.title };

function toMutaboFeedback({ review, courseTitle }: { review: FeedbackRow; courseTitle: string }): MutaboFeedback {
  return {
    id: review.id,
    author: review.author,
    authorAge: review.authorAge,
    course: { id: review.courseId, title: courseTitle },
    footer: review.footer,
    text: review.text,
    createdAt: review.createdAt.toISOString(),
    version: review.version,
  };
}

/** Newest first, as the public list; `search` looks in the reviewer, the text, the footer and the course's title. */
export async function feedbackPage(
  db: Executor,
  filter: { search: string; courseId: number | null },
  offset: number,
  limit: number,
): Promise<{ count: number; results: MutaboFeedback[] }> {
  const conditions = [searchCondition(filter.search, [feedback.author, feedback.text, feedback.footer, courses.title])];
  if (filter.courseId !== null) conditions.push(eq(feedback.courseId, filter.courseId));
  const where = and(...conditions.filter((condition): condition is SQL => condition !== undefined));
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(feedback).innerJoin(courses, eq(courses.id, feedback.courseId)).where(where),
    db
      .select(answerColumns)
      .from(feedback)
      .innerJoin(courses, eq(courses.id, feedback.courseId))
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(limit)
      .offset(offset),
  ]);
  return { count: total?.n ?? 0, results: rows.map(toMutaboFeedback) };
}

export async function findFeedback(db: Executor, id: number): Promise<MutaboFeedback | null> {
  const [row] = await db.select(answerColumns).from(feedback).innerJoin(courses, eq(courses.id, feedback.courseId)).where(eq(feedback.id, id));
  return row ? toMutaboFeedback(row) : null;
}

export async function lockFeedback(tx: Tx, id: number): Promise<FeedbackRow | null> {
  const [row] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update');
  return row ?? null;
}

export async function insertFeedback(tx: Tx, values: Required<FeedbackValues>): Promise<FeedbackRow> {
  const [row] = await tx.insert(feedback).values(values).returning();
  return row!;
}

/** Compare-and-set: writes and bumps the version only while the row is still at `version`; null otherwise. */
export async function updateFeedbackAtVersion(tx: Tx, id: number, version: number, values: FeedbackValues): Promise<FeedbackRow | null> {
  const [row] = await tx
    .update(feedback)
    .set({ ...values, version: sql`${feedback.version} + 1` })
    .where(and(eq(feedback.id, id), eq(feedback.version, version)))
    .returning();
  return row ?? null;
}

export async function deleteFeedbackRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(feedback).where(eq(feedback.id, id));
}
