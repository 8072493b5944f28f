// The health check (GET /healthz): the database answers, within HEALTH_DEADLINE_MS whatever it does.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client.ts';
import { pingDatabase } from '../../repositories/content/healthRepository.ts';

export const HEALTH_DEADLINE_MS = 1_500;

/** Resolves when the database answered in time; rejects with what went wrong otherwise. */
export async function checkDatabase(db: Db): Promise<void> {
  const deadline = new AbortController();
  await Promise.race([
    pingDatabase(db),
    sleep(HEALTH_DEADLINE_MS, null, { signal: deadline.signal }).then(() => {
      throw new Error(`the database did not answer within ${HEALTH_DEADLINE_MS} ms`);
    }),
  ]).finally(() => deadline.abort());
}
