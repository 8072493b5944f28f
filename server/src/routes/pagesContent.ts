// GET /api/v2/user/pages-content/timetable/ and /pages-content/offer/ (the public offer): `{name, text}`, 404 while the
// authors have not saved the page. /pages-content/policy/ (the personal-data policy): always there, `{name, text,
// version, publishedAt}`, the default text as version 0 until the authors' first save (services/content/policy.ts).
import { POLICY_SLUG } from '../../../common/policy.ts';
import { notFound } from '../http/errors.ts';
import { messages } from '../http/messages.ts';
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { currentPolicy } from '../services/content/policy.ts';
import { findPageContent } from '../repositories/content/pagesRepository.ts';

export const pagesContentRoutes: ZodRoutes = async (app) => {
  for (const slug of ['timetable', 'offer']) {
    app.get(`/pages-content/${slug}/`, async (request, reply) => {
      const cached = await app.deps.publicCache.get(`page:${slug}`, async () => {
        const page = await findPageContent(app.deps.db, slug);
        if (!page) throw notFound(messages.pageNotFound);
        return { value: page };
      });
      return sendCached(request, reply, cached);
    });
  }

  // The default text names the seller: the seller table's trigger drops this entry like the page's own.
  app.get(`/pages-content/${POLICY_SLUG}/`, async (request, reply) => {
    const cached = await app.deps.publicCache.get(`page:${POLICY_SLUG}`, async () => ({ value: await currentPolicy(app.deps.db, app.deps.config) }));
    return sendCached(request, reply, cached);
  });
};
