// GET /healthz: the process answers and the database responds, within HEALTH_DEADLINE_MS whatever the database does
// (services/content/health.ts).
import { messages } from '../http/messages.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { checkDatabase } from '../services/content/health.ts';

export const healthRoutes: ZodRoutes = async (app) => {
  app.get('/healthz', async (request, reply) => {
    try {
      await checkDatabase(app.deps.db);
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    } catch (error) {
      request.log.error({ err: error }, 'health check: database ping failed');
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'unavailable', detail: messages.databaseUnavailable });
    }
  });
};
