// GET /api/v1/quotations/
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';

export const quotationsRoutes: ZodRoutes = async (app) => {
  app.get('/quotations/', async (request, reply) => {
    const cached = await app.publicCache.get('quotations', async () => ({ value: await app.repositories.quotations.list() }));
    return sendCached(request, reply, cached);
  });
};
