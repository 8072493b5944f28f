// GET /api/v1/lessons/?course={id}: the published lessons of a course, taken from its cached details.
import { z } from 'zod';
import { integerParam, MAX_ID } from '../http/queryParams.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { publishedLessons } from '../services/content/courseReads.ts';

const lessonsQuery = z.object({ course: integerParam(1, MAX_ID, 'Укажите номер курса целым положительным числом.') });

export const lessonsRoutes: ZodRoutes = async (app) => {
  app.get('/lessons/', { schema: { querystring: lessonsQuery } }, async (request) => publishedLessons(app.deps, request.query.course, request.userId));
};
