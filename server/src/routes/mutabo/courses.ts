// The authors' courses: /api/v1/mutabo/courses/ (GET, POST), /courses/{id}/ (GET, PATCH, DELETE), /courses/{id}/history/,
// POST /courses/{id}/copy/.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { courseCreateSchema, coursePatchSchema } from '../../../../common/mutabo/courses.ts';
import { courseCopySchema } from '../../../../common/mutabo/season.ts';
import { idParams, pageParam } from '../../http/queryParams.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { copyCourse, reserveCourseCopy } from '../../services/mutabo/courseCopy.ts';
import { courseHistory, createCourse, deleteCourse, getCourse, listCourses, patchCourse } from '../../services/mutabo/courses.ts';
import { callerOf } from '../../http/mutabo/caller.ts';
import { ledCourseFirst } from '../../http/mutabo/ledCourse.ts';
import { RICH_TEXT_BODY_LIMIT } from '../../http/mutabo/limits.ts';

const historyQuery = z.object({ page: pageParam.optional() });

export const mutaboCoursesRoutes: ZodRoutes = async (app) => {
  app.get('/courses/', async (request) => listCourses(app.deps, callerOf(request)));

  app.post('/courses/', { bodyLimit: RICH_TEXT_BODY_LIMIT, schema: { body: courseCreateSchema } }, async (request, reply) =>
    reply.code(201).send(await createCourse(app.deps, callerOf(request), request.body)),
  );

  app.get('/courses/:id/', { schema: { params: idParams } }, async (request) => getCourse(app.deps, callerOf(request), request.params.id));

  app.patch('/courses/:id/', { bodyLimit: RICH_TEXT_BODY_LIMIT, schema: { params: idParams, body: coursePatchSchema } }, async (request) =>
    patchCourse(app.deps, callerOf(request), request.params.id, request.body),
  );

  app.delete('/courses/:id/', { schema: { params: idParams } }, async (request, reply) => {
    await deleteCourse(app.deps, callerOf(request), request.params.id);
    return reply.code(204).send();
  });

  // The copy's place in the process is taken as the request arrives, before anything of it reaches the database (on
  // PGlite, with one connection, the sign-in check would otherwise queue behind the copy running), and held until its
  // answer has gone or the caller has gone away: copies asked together are refused at once, not queued (courseCopy.ts).
  const copyReservations = new WeakMap<FastifyRequest, () => void>();
  const releaseCopy = async (request: FastifyRequest) => copyReservations.get(request)?.();
  app.post(
    '/courses/:id/copy/',
    {
      onRequest: async (request) => void copyReservations.set(request, reserveCourseCopy()),
      preValidation: ledCourseFirst(app),
      onResponse: releaseCopy,
      onRequestAbort: releaseCopy,
      schema: { params: idParams, body: courseCopySchema },
    },
    async (request, reply) => reply.code(201).send(await copyCourse(app.deps, callerOf(request), request.params.id, request.body)),
  );

  app.get('/courses/:id/history/', { schema: { params: idParams, querystring: historyQuery } }, async (request) =>
    courseHistory(app.deps, callerOf(request), request.params.id, request.query.page ?? 1),
  );
};
