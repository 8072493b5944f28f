// GET /api/v1/seller/: who sells the courses, as the authors filled it in ('' for what is not); cached like the
// other public answers (the seller table's trigger drops the cache).
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { cachedSeller } from '../services/payments/seller.ts';

export const sellerRoutes: ZodRoutes = async (app) => {
  app.get('/seller/', async (request, reply) => sendCached(request, reply, await cachedSeller(app.deps)));
};
