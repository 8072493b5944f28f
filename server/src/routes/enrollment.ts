// News subscriptions and participation in a course (spec section 7): subscribe-for-mailouts/,
// unsubscribe-from-mailouts/, create-participants/ and delete-participants/ under /api/v1/courses/{id}/.
import { consentOrigin } from '../http/consentOrigin.ts';
import { acceptEmptyJsonBodies } from '../http/emptyBodies.ts';
import { idParams } from '../http/queryParams.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { joinAndShowCourse, withdrawAndShowCourse } from '../services/content/courseReads.ts';
import { subscribeForMailouts, unsubscribeFromMailouts } from '../services/places/enrollment.ts';

export const enrollmentRoutes: ZodRoutes = async (app) => {
  acceptEmptyJsonBodies(app);
  const deps = app.deps;
  const options = { schema: { params: idParams }, preValidation: app.requireAuth };

  app.post('/courses/:id/subscribe-for-mailouts/', options, async (request, reply) => {
    await subscribeForMailouts(deps, request.userId!, request.params.id, consentOrigin('course-page', request));
    return reply.code(204).send();
  });

  app.post('/courses/:id/unsubscribe-from-mailouts/', options, async (request, reply) => {
    await unsubscribeFromMailouts(deps, request.userId!, request.params.id, consentOrigin('course-page', request));
    return reply.code(204).send();
  });

  app.post('/courses/:id/create-participants/', options, async (request) => joinAndShowCourse(deps, request.userId!, request.params.id));

  // The spec leaves the method open: DELETE, and POST for clients that cannot send DELETE.
  app.route({
    method: ['DELETE', 'POST'],
    url: '/courses/:id/delete-participants/',
    ...options,
    handler: async (request) => withdrawAndShowCourse(deps, request.userId!, request.params.id),
  });
};
