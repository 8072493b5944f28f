// News subscriptions and participation in a course (spec section 7): subscribe-for-mailouts/,
// unsubscribe-from-mailouts/, create-participants/ and delete-participants/ under /api/v1/courses/{id}/.
import type { FastifyInstance } from 'fastify';
import type { CourseDetails } from '../../../common/wireTypes.ts';
import { idParams } from '../http/queryParams.ts';
import { consentOrigin } from '../repositories/accounts/consentsRepository.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { personalizeCourse } from '../services/content/coursePersonalization.ts';
import { joinCourse, subscribeForMailouts, unsubscribeFromMailouts, withdrawFromCourse, type EnrollmentDeps } from '../services/places/enrollment.ts';
import { acceptEmptyJsonBodies } from './emptyBodies.ts';
import { cachedCourseDetails } from './courses.ts';
import { courseStateForUser } from '../repositories/places/participantsRepository.ts';

/** The course as the caller now sees it (the public form from the cache, their own fields merged). */
async function courseForCaller(app: FastifyInstance, courseId: number, userId: number): Promise<CourseDetails> {
  const cached = await cachedCourseDetails(app, courseId);
  return personalizeCourse(cached.value, await courseStateForUser(app.deps.db, userId, courseId));
}

export const enrollmentRoutes: ZodRoutes = async (app) => {
  acceptEmptyJsonBodies(app);
  const deps: EnrollmentDeps = app.deps;
  const options = { schema: { params: idParams }, preValidation: app.requireAuth };

  app.post('/courses/:id/subscribe-for-mailouts/', options, async (request, reply) => {
    await subscribeForMailouts(deps, request.userId!, request.params.id, consentOrigin('course-page', request));
    return reply.code(204).send();
  });

  app.post('/courses/:id/unsubscribe-from-mailouts/', options, async (request, reply) => {
    await unsubscribeFromMailouts(deps, request.userId!, request.params.id, consentOrigin('course-page', request));
    return reply.code(204).send();
  });

  app.post('/courses/:id/create-participants/', options, async (request) => {
    await joinCourse(deps, request.userId!, request.params.id);
    return courseForCaller(app, request.params.id, request.userId!);
  });

  // The spec leaves the method open: DELETE, and POST for clients that cannot send DELETE.
  app.route({
    method: ['DELETE', 'POST'],
    url: '/courses/:id/delete-participants/',
    ...options,
    handler: async (request) => {
      await withdrawFromCourse(deps, request.userId!, request.params.id);
      return courseForCaller(app, request.params.id, request.userId!);
    },
  });
};
