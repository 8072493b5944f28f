// GET /api/v1/courses/ and /api/v1/courses/{id}/: the shared form from the cache, the caller's fields merged after.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CourseDetails } from '../../../common/wireTypes.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { messages } from '../http/messages.ts';
import { idParams } from '../http/queryParams.ts';
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import type { Cached } from '../services/content/publicCache.ts';
import { personalizeCourse, personalizeCourseList, stateValidUntil } from '../services/content/coursePersonalization.ts';
import { draftPreview } from '../services/content/preview.ts';
import { PersonalCache } from '../services/content/personalCache.ts';
import { withDiscount } from '../services/payments/discounts.ts';
import { discountOfUser } from '../repositories/payments/discountsRepository.ts';
import { findPublishedCourse, listPublishedCourses } from '../repositories/content/coursesRepository.ts';
import { courseStateForUser } from '../repositories/places/participantsRepository.ts';
import { subscribedCourseIds } from '../repositories/places/enrollmentRepository.ts';

/** The public form of a course that is not a draft; 404 otherwise (a 404 is not cached). */
export function cachedCourseDetails(app: FastifyInstance, id: number): Promise<Cached<CourseDetails>> {
  return app.deps.publicCache.get(`course:${id}`, async () => {
    const found = await findPublishedCourse(app.deps.db, id);
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
  return draftPreview(app.deps.db, request.userId!, request.params.id);
}

export const coursesRoutes: ZodRoutes = async (app) => {
  // A logged-in caller's forms are kept too, while the public entry they were made from is current (personalCache.ts).
  const personal = new PersonalCache();

  app.get('/courses/', async (request, reply) => {
    const cached = await app.deps.publicCache.get('courses', async () => ({ value: await listPublishedCourses(app.deps.db) }));
    const userId = request.userId;
    if (userId === null) return sendCached(request, reply, cached);
    const mine = await personal.get(`courses:${userId}`, cached, async () => ({ value: personalizeCourseList(cached.value, await subscribedCourseIds(app.deps.db, userId)) }));
    return sendCached(request, reply, mine);
  });

  app.get('/courses/:id/', { schema: { params: idParams } }, async (request, reply) => {
    const { id } = request.params;
    const userId = request.userId;
    let cached: Awaited<ReturnType<typeof cachedCourseDetails>>;
    try {
      cached = await cachedCourseDetails(app, id);
    } catch (error) {
      // A draft is no public page: its own authors see it as a preview, never from a cache.
      const preview = userId !== null && error instanceof HttpError && error.statusCode === 404 ? await authorsPreview(app, request, reply) : null;
      if (!preview) throw error;
      return withDiscount(personalizeCourse(preview, await courseStateForUser(app.deps.db, userId!, id)), await discountOfUser(app.deps.db, userId!, id, new Date()));
    }
    if (userId === null) return sendCached(request, reply, cached);
    const mine = await personal.get(`course:${id}:${userId}`, cached, async () => {
      const now = Date.now();
      const [state, discount] = await Promise.all([courseStateForUser(app.deps.db, userId, id), discountOfUser(app.deps.db, userId, id, new Date(now))]);
      // A personal discount shows until it expires (granting or revoking one drops the public cache, and this with it).
      const validUntil = Math.min(stateValidUntil(state, now), discount?.expiresAt?.getTime() ?? Infinity);
      return { value: withDiscount(personalizeCourse(cached.value, state, now), discount), validUntil };
    });
    return sendCached(request, reply, mine);
  });
};
