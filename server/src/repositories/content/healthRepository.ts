// The health check's one statement (services/content/health.ts): the database answers.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
