// GET /api/v1/quotations/
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { listQuotations } from '../repositories/content/quotationsRepository.ts';

export const quotationsRoutes: ZodRoutes = async (app) => {
  app.get('/quotations/', async (request, reply) => {
    const cached = await app.deps.publicCache.get('quotations', async () => ({ value: await listQuotations(app.deps.db) }));
    return sendCached(request, reply, cached);
  });
};
