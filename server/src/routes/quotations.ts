// GET /api/v1/quotations/
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { cachedQuotations } from '../services/content/publicReads.ts';

export const quotationsRoutes: ZodRoutes = async (app) => {
  app.get('/quotations/', async (request, reply) => sendCached(request, reply, await cachedQuotations(app.deps)));
};
