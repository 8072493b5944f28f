// GET /api/v1/courses/ and /api/v1/courses/{id}/: the shared form from the cache, the caller's fields merged after.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CourseDetails } from '../../../common/wireTypes.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { messages } from '../http/messages.ts';
import { idParams } from '../http/queryParams.ts';
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import type { Cached } from '../services/publicCache.ts';
import { personalizeCourse, personalizeCourseList } from '../services/coursePersonalization.ts';
import { draftPreview } from '../services/mutabo/preview.ts';

/** The public form of a course that is not a draft; 404 otherwise (a 404 is not cached). */
export function cachedCourseDetails(app: FastifyInstance, id: number): Promise<Cached<CourseDetails>> {
  return app.publicCache.get(`course:${id}`, async () => {
    const found = await app.repositories.courses.findPublishedDetails(id);
    if (!found) throw notFound(messages.courseNotFound);
    return { value: found.course, validUntil: found.validUntil };
  });
}

/**
 * A draft course for one of its authors (never cached: the cache is the visitors'); null for anyone else, and for
 * a token that the full check refuses (a password changed since), so a draft stays a 404 for them.
 */
async function authorsPreview(app: FastifyInstance, request: FastifyRequest<{ Params: { id: number } }>, reply: FastifyReply): Promise<CourseDetails | null> {
  try {
    await app.requireAuth(request, reply);
  } catch {
    return null;
  }
  return draftPreview(app.database.db, app.repositories.mutaboCourses, request.userId!, request.params.id);
}

export const coursesRoutes: ZodRoutes = async (app) => {
  app.get('/courses/', async (request, reply) => {
    const cached = await app.publicCache.get('courses', async () => ({ value: await app.repositories.courses.listPublished() }));
    if (request.userId === null) return sendCached(request, reply, cached);
    return personalizeCourseList(cached.value, await app.repositories.participation.subscribedCourseIds(request.userId));
  });

  app.get('/courses/:id/', { schema: { params: idParams } }, async (request, reply) => {
    let course: CourseDetails;
    try {
      const cached = await cachedCourseDetails(app, request.params.id);
      if (request.userId === null) return sendCached(request, reply, cached);
      course = cached.value;
    } catch (error) {
      const preview = request.userId !== null && error instanceof HttpError && error.statusCode === 404 ? await authorsPreview(app, request, reply) : null;
      if (!preview) throw error;
      course = preview;
    }
    return personalizeCourse(course, await app.repositories.participation.courseStateForUser(request.userId!, request.params.id));
  });
};
