// GET /api/v1/feedback/?page=: reviews, ten to a page.
import { z } from 'zod';
import { pageParam } from '../http/queryParams.ts';
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { cachedFeedbackPage } from '../services/content/publicReads.ts';

const feedbackQuery = z.object({ page: pageParam.optional() });

export const feedbackRoutes: ZodRoutes = async (app) => {
  app.get('/feedback/', { schema: { querystring: feedbackQuery } }, async (request, reply) =>
    sendCached(request, reply, await cachedFeedbackPage(app.deps, request.query.page ?? 1)),
  );
};
