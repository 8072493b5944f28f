// The files of homework answers (table homework_files; the bytes are in the recordings' storage): what both the
// participant's side and the authors' side read.
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { homeworkFiles } from '../../db/schema.ts';

export type HomeworkFileRow = typeof homeworkFiles.$inferSelect;

/** The files of these answers, each answer's in the order they were added. */
export async function filesOfAnswers(db: Executor, answerIds: number[]): Promise<Map<number, HomeworkFileRow[]>> {
  const found = new Map<number, HomeworkFileRow[]>();
  if (answerIds.length === 0) return found;
  const rows = await db.select().from(homeworkFiles).where(inArray(homeworkFiles.answerId, answerIds)).orderBy(asc(homeworkFiles.id));
  for (const row of rows) {
    const list = found.get(row.answerId) ?? [];
    list.push(row);
    found.set(row.answerId, list);
  }
  return found;
}
