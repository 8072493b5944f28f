// GET /api/v1/lessons/?course={id}: the published lessons of a course, taken from its cached details.
import { z } from 'zod';
import { integerParam, MAX_ID } from '../http/queryParams.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { personalizeLessons } from '../services/content/coursePersonalization.ts';
import { cachedCourseDetails } from './courses.ts';
import { courseStateForUser } from '../repositories/places/participantsRepository.ts';

const lessonsQuery = z.object({ course: integerParam(1, MAX_ID, 'Укажите номер курса целым положительным числом.') });

export const lessonsRoutes: ZodRoutes = async (app) => {
  app.get('/lessons/', { schema: { querystring: lessonsQuery } }, async (request) => {
    const courseId = request.query.course;
    const { lessons } = (await cachedCourseDetails(app, courseId)).value;
    if (request.userId === null) return lessons;
    return personalizeLessons(lessons, await courseStateForUser(app.deps.db, request.userId, courseId));
  });
};
