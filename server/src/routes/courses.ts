// GET /api/v1/courses/ and /api/v1/courses/{id}/: the shared form from the cache, the caller's fields merged after
// (services/content/courseReads.ts).
import { idParams } from '../http/queryParams.ts';
import { sendCached } from '../http/replies.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { createCourseReads } from '../services/content/courseReads.ts';

export const coursesRoutes: ZodRoutes = async (app) => {
  const courses = createCourseReads(app.deps);

  app.get('/courses/', async (request, reply) => sendCached(request, reply, await courses.list(request.userId)));

  app.get('/courses/:id/', { schema: { params: idParams } }, async (request, reply) => {
    // A draft's preview asks for the full token check, which a token issued before a password change fails.
    const passesFullCheck = () => app.requireAuth(request, reply).then(
      () => true,
      () => false,
    );
    const answer = await courses.details(request.params.id, request.userId, passesFullCheck);
    return answer.kind === 'cached' ? sendCached(request, reply, answer.cached) : answer.course;
  });
};
