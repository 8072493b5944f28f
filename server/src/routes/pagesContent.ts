// GET /api/v2/user/pages-content/timetable/ and /pages-content/offer/ (the public offer): `{name, text}`, 404 while the
// authors have not saved the page. /pages-content/policy/ (the personal-data policy): always there, `{name, text,
// version, publishedAt}`, the default text as version 0 until the authors' first save (services/content/policy.ts).
import { POLICY_SLUG } from '../../../common/policy.ts';
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { cachedPageContent, cachedPolicy } from '../services/content/publicReads.ts';

export const pagesContentRoutes: ZodRoutes = async (app) => {
  for (const slug of ['timetable', 'offer']) {
    app.get(`/pages-content/${slug}/`, async (request, reply) => sendCached(request, reply, await cachedPageContent(app.deps, slug)));
  }

  app.get(`/pages-content/${POLICY_SLUG}/`, async (request, reply) => sendCached(request, reply, await cachedPolicy(app.deps)));
};
