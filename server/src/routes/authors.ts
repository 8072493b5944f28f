// GET /api/v1/authors/
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { sendCached } from '../http/replies.ts';
import { listAuthors } from '../repositories/content/authorsRepository.ts';

export const authorsRoutes: ZodRoutes = async (app) => {
  app.get('/authors/', async (request, reply) => {
    const cached = await app.deps.publicCache.get('authors', async () => ({ value: await listAuthors(app.deps.db) }));
    return sendCached(request, reply, cached);
  });
};
