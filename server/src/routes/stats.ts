// POST /api/v1/stats/view/ `{path, landing?}`: the site's beacon on a page change (issue 37, docs/STATS.md «Counting
// views»). Always 204, counted or not (a robot, an author, an address past its limit, a page that is not counted); a
// malformed body is a 400.
import { z } from 'zod';
import { MAX_VIEW_PATH_LENGTH } from '../../../common/stats.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';

// Read by no one but a developer: the site's beacon never reads its answer.
const viewMessages = {
  path: `Укажите адрес страницы: строку от 1 до ${MAX_VIEW_PATH_LENGTH} символов.`,
  landing: 'Признак первой страницы — true или false.',
} as const;

const viewBody = z.object(
  {
    path: z.string({ error: viewMessages.path }).min(1, { error: viewMessages.path }).max(MAX_VIEW_PATH_LENGTH, { error: viewMessages.path }),
    landing: z.boolean({ error: viewMessages.landing }).optional(),
  },
  { error: viewMessages.path },
);

export const statsRoutes: ZodRoutes = async (app) => {
  app.post('/stats/view/', { bodyLimit: 1024, schema: { body: viewBody } }, async (request, reply) => {
    await app.deps.pageViews.countBeacon({
      path: request.body.path,
      landing: request.body.landing === true,
      userId: request.userId,
      userAgent: request.headers['user-agent'],
      address: request.ip,
    });
    return reply.code(204).send();
  });
};
