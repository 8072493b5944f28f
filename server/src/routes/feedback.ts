// GET /api/v1/feedback/?page=: reviews, ten to a page.
import { z } from 'zod';
import type { FeedbackPage } from '../../../common/wireTypes.ts';
import { pageParam } from '../http/queryParams.ts';
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { feedbackPage } from '../repositories/content/feedbackRepository.ts';

export const FEEDBACK_PAGE_SIZE = 10;

const feedbackQuery = z.object({ page: pageParam.optional() });

export const feedbackRoutes: ZodRoutes = async (app) => {
  app.get('/feedback/', { schema: { querystring: feedbackQuery } }, async (request, reply) => {
    const page = request.query.page ?? 1;
    const cached = await app.deps.publicCache.get(`feedback:${page}`, async () => {
      const { count, results } = await feedbackPage(app.deps.db, (page - 1) * FEEDBACK_PAGE_SIZE, FEEDBACK_PAGE_SIZE);
      const pages = Math.max(1, Math.ceil(count / FEEDBACK_PAGE_SIZE));
      const nextPage = page < pages ? page + 1 : null;
      const value: FeedbackPage = {
        count,
        next: nextPage === null ? null : `${app.deps.config.publicUrl}/api/v1/feedback/?page=${nextPage}`,
        results,
        currentPage: page,
        nextPage,
        pages,
      };
      // Pages past the end are answered but not kept, so that no one can fill the cache with them.
      return { value, validUntil: page > pages ? 0 : null };
    });
    return sendCached(request, reply, cached);
  });
};
