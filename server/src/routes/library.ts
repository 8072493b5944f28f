// GET /api/v1/library-items/, /api/v1/library-items/{id}, /api/v1/library-categories/ (also called cross-origin).
import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { LibraryPage } from '../../../common/wireTypes.ts';
import { idListParam, idParams, integerParam, pageParam } from '../http/queryParams.ts';
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { cachedLibraryCategories, libraryItem, libraryPage } from '../services/content/library.ts';

const LIBRARY_MAX_LIMIT = 100;

const LIBRARY_PATH = /^\/api\/v1\/library-(items|categories)(\/|\?|$)/;

const libraryQuery = z.object({
  page: pageParam.optional(),
  limit: integerParam(1, LIBRARY_MAX_LIMIT, `Количество материалов на странице должно быть целым числом от 1 до ${LIBRARY_MAX_LIMIT}.`).optional(),
  categories: idListParam('Укажите номера категорий через запятую, например: 1,2.').optional(),
  courses: idListParam('Укажите номера курсов через запятую, например: 1,2.').optional(),
});

export const libraryRoutes: ZodRoutes = async (app) => {
  // The library is also read from other origins (LIBRARY_CORS_ORIGINS). Registered here, the CORS hooks run for
  // these routes only; its preflight route covers the whole prefix, so other paths are refused there.
  const origins = app.deps.config.libraryCorsOrigins;
  if (origins.length > 0) {
    const allowed: FastifyCorsOptions = { origin: origins.includes('*') ? '*' : origins, methods: ['GET', 'HEAD'], maxAge: 600 };
    await app.register(fastifyCors, {
      delegator: (request: FastifyRequest, callback: (error: Error | null, options: FastifyCorsOptions) => void) =>
        callback(null, LIBRARY_PATH.test(request.url) ? allowed : { origin: false }),
    });
  }

  app.get('/library-categories/', async (request, reply) => sendCached(request, reply, await cachedLibraryCategories(app.deps)));

  app.get('/library-items/', { schema: { querystring: libraryQuery } }, async (request): Promise<LibraryPage> => libraryPage(app.deps, request.query));

  app.get('/library-items/:id', { schema: { params: idParams } }, async (request) => libraryItem(app.deps.db, request.params.id));
};
