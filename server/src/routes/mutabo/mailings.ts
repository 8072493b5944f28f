// The authors' news mailings: GET/POST /api/v1/mutabo/courses/{id}/mailings/, GET …/mailings/audience/ and
// GET /api/v1/mutabo/mailings/{id}/ (services/mutabo/mailings.ts).
import type { FastifyRequest } from 'fastify';
import { mailingCreateSchema } from '../../../../common/mutabo.ts';
import { idParams } from '../../http/queryParams.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { ledCourse } from '../../repositories/ledCourses.ts';
import { mutaboErrors } from '../../services/mutabo/context.ts';
import { createMailing, getMailing, listMailings, mailingAudience, type MailingsDeps } from '../../services/mutabo/mailings.ts';
import { callerOf } from './caller.ts';

export const mutaboMailingsRoutes: ZodRoutes = async (app) => {
  const deps: MailingsDeps = app.deps;

  /** Before the body is read: another author's course is 404 whatever the form says. */
  const ledCourseOnly = async (request: FastifyRequest) => {
    const parsed = idParams.safeParse(request.params);
    if (!parsed.success || !(await ledCourse(deps.db, callerOf(request).authorId, parsed.data.id))) throw mutaboErrors.courseNotFound();
  };

  app.get('/courses/:id/mailings/', { schema: { params: idParams } }, async (request) => listMailings(deps, callerOf(request), request.params.id));

  app.get('/courses/:id/mailings/audience/', { schema: { params: idParams } }, async (request) => mailingAudience(deps, callerOf(request), request.params.id));

  app.post('/courses/:id/mailings/', { preValidation: ledCourseOnly, schema: { params: idParams, body: mailingCreateSchema } }, async (request, reply) =>
    reply.code(202).send(await createMailing(deps, callerOf(request), request.params.id, request.body)),
  );

  app.get('/mailings/:id/', { schema: { params: idParams } }, async (request) => getMailing(deps, callerOf(request), request.params.id));
};
