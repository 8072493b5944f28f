// GET /healthz: the process answers and the database responds, within HEALTH_DEADLINE_MS whatever the database does.
import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '../http/messages.ts';
import { pingDatabase } from '../repositories/content/healthRepository.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';

export const HEALTH_DEADLINE_MS = 1_500;

export const healthRoutes: ZodRoutes = async (app) => {
  app.get('/healthz', async (request, reply) => {
    try {
      const deadline = new AbortController();
      await Promise.race([
        pingDatabase(app.deps.db),
        sleep(HEALTH_DEADLINE_MS, null, { signal: deadline.signal }).then(() => {
          throw new Error(`the database did not answer within ${HEALTH_DEADLINE_MS} ms`);
        }),
      ]).finally(() => deadline.abort());
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    } catch (error) {
      request.log.error({ err: error }, 'health check: database ping failed');
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'unavailable', detail: messages.databaseUnavailable });
    }
  });
};
