// Test-only: a person's approval of a lesson moved back in time (routes/testEndpoints.ts; TEST_ENDPOINTS only).
import type { Executor } from '../../db/client.ts';
import { backdateParticipation as backdate } from '../../repositories/recordings/participationBackdating.ts';

export async function backdateParticipation(db: Executor, email: string, lessonId: number, days: number): Promise<{ moved: number }> {
  return { moved: await backdate(db, email, lessonId, days) };
}
