// GET /api/v1/seller/: who sells the courses, as the authors filled it in ('' for what is not); cached like the
// other public answers (the seller table's trigger drops the cache).
import { readSeller } from '../repositories/payments/sellerRepository.ts';
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';

export const sellerRoutes: ZodRoutes = async (app) => {
  app.get('/seller/', async (request, reply) => {
    const cached = await app.deps.publicCache.get('seller', async () => ({ value: await readSeller(app.deps.db) }));
    return sendCached(request, reply, cached);
  });
};
