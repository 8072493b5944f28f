// GET /api/v1/courses/ and /api/v1/courses/{id}/: the shared form from the cache, the caller's fields merged after.
import type { FastifyInstance } from 'fastify';
import type { CourseDetails } from '../../../common/wireTypes.ts';
import { notFound } from '../http/errors.ts';
import { messages } from '../http/messages.ts';
import { idParams } from '../http/queryParams.ts';
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import type { Cached } from '../services/publicCache.ts';
import { personalizeCourse, personalizeCourseList } from '../services/coursePersonalization.ts';

/** The public form of a course that is not a draft; 404 otherwise (a 404 is not cached). */
export function cachedCourseDetails(app: FastifyInstance, id: number): Promise<Cached<CourseDetails>> {
  return app.publicCache.get(`course:${id}`, async () => {
    const found = await app.repositories.courses.findPublishedDetails(id);
    if (!found) throw notFound(messages.courseNotFound);
    return { value: found.course, validUntil: found.validUntil };
  });
}

export const coursesRoutes: ZodRoutes = async (app) => {
  app.get('/courses/', async (request, reply) => {
    const cached = await app.publicCache.get('courses', async () => ({ value: await app.repositories.courses.listPublished() }));
    if (request.userId === null) return sendCached(request, reply, cached);
    return personalizeCourseList(cached.value, await app.repositories.participation.subscribedCourseIds(request.userId));
  });

  app.get('/courses/:id/', { schema: { params: idParams } }, async (request, reply) => {
    const cached = await cachedCourseDetails(app, request.params.id);
    if (request.userId === null) return sendCached(request, reply, cached);
    return personalizeCourse(cached.value, await app.repositories.participation.courseStateForUser(request.userId, request.params.id));
  });
};
