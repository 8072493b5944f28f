// Which lessons have a ready uploaded recording (issue 34): what the public course answers and «Мои курсы» say of each
// lesson (`hasRecording`, `recordingDuration`).
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lessonRecordings } from '../../db/schema.ts';

/** Per lesson with a ready recording: its duration in seconds. */
export async function readyRecordingsOf(db: Executor, lessonIds: number[]): Promise<Map<number, number>> {
  if (lessonIds.length === 0) return new Map();
  const rows = await db
    .select({ lessonId: lessonRecordings.lessonId, duration: lessonRecordings.duration })
    .from(lessonRecordings)
    .where(and(inArray(lessonRecordings.lessonId, lessonIds), eq(lessonRecordings.state, 'ready')));
  return new Map(rows.map((row) => [row.lessonId, row.duration ?? 0]));
}
