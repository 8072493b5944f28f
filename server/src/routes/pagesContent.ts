// GET /api/v2/user/pages-content/timetable/ and /pages-content/offer/ (the public offer): `{name, text}`, 404 while the
// authors have not saved the page.
import { notFound } from '../http/errors.ts';
import { messages } from '../http/messages.ts';
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';

export const pagesContentRoutes: ZodRoutes = async (app) => {
  for (const slug of ['timetable', 'offer']) {
    app.get(`/pages-content/${slug}/`, async (request, reply) => {
      const cached = await app.publicCache.get(`page:${slug}`, async () => {
        const page = await app.repositories.pages.find(slug);
        if (!page) throw notFound(messages.pageNotFound);
        return { value: page };
      });
      return sendCached(request, reply, cached);
    });
  }
};
