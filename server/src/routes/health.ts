// GET /healthz: the process answers and the database responds.
import { sql } from 'drizzle-orm';
import { messages } from '../http/messages.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';

export const healthRoutes: ZodRoutes = async (app) => {
  app.get('/healthz', async (request, reply) => {
    try {
      await app.database.db.execute(sql`SELECT 1`);
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    } catch (error) {
      request.log.error({ err: error }, 'health check: database ping failed');
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'unavailable', detail: messages.databaseUnavailable });
    }
  });
};
