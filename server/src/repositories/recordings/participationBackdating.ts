// Test-only (POST /api/v1/test/participations/backdate/, TEST_ENDPOINTS): moves a person's approval of a lesson back in
// time, so a browser journey reaches «the recording's window is over» without waiting days for it.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { participants, users } from '../../db/schema.ts';

/** How many participation rows moved (0 or 1). */
export async function backdateParticipation(db: Executor, email: string, lessonId: number, days: number): Promise<number> {
  const moved = await db
    .update(participants)
    .set({ participatedAt: sql`coalesce(${participants.participatedAt}, ${participants.createdAt}) - make_interval(days => ${days})` })
    .where(and(eq(participants.lessonId, lessonId), eq(participants.userId, sql`(SELECT ${users.id} FROM ${users} WHERE lower(${users.email}) = lower(${email}))`)))
    .returning({ id: participants.id });
  return moved.length;
}
