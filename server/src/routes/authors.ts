// GET /api/v1/authors/
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { sendCached } from '../http/replies.ts';
import { cachedAuthors } from '../services/content/publicReads.ts';

export const authorsRoutes: ZodRoutes = async (app) => {
  app.get('/authors/', async (request, reply) => sendCached(request, reply, await cachedAuthors(app.deps)));
};
