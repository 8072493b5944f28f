// GET /api/v2/user/pages-content/timetable/
import { notFound } from '../http/errors.ts';
import { messages } from '../http/messages.ts';
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';

export const pagesContentRoutes: ZodRoutes = async (app) => {
  app.get('/pages-content/timetable/', async (request, reply) => {
    const cached = await app.publicCache.get('page:timetable', async () => {
      const page = await app.repositories.pages.find('timetable');
      if (!page) throw notFound(messages.pageNotFound);
      return { value: page };
    });
    return sendCached(request, reply, cached);
  });
};
