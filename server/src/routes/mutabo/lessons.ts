// The authors' lessons: POST /api/v1/mutabo/courses/{id}/lessons/, POST /courses/{id}/lessons/order/,
// GET, PATCH, DELETE /api/v1/mutabo/lessons/{id}/.
import { lessonCreateSchema, lessonOrderSchema, lessonPatchSchema } from '../../../../common/mutabo.ts';
import { idParams } from '../../http/queryParams.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { createLesson, deleteLesson, getLesson, patchLesson, reorderLessons } from '../../services/mutabo/lessons.ts';
import { callerOf } from './caller.ts';
import { RICH_TEXT_BODY_LIMIT } from './limits.ts';

export const mutaboLessonsRoutes: ZodRoutes = async (app) => {
  app.post('/courses/:id/lessons/', { bodyLimit: RICH_TEXT_BODY_LIMIT, schema: { params: idParams, body: lessonCreateSchema } }, async (request, reply) =>
    reply.code(201).send(await createLesson(app.mutabo, callerOf(request), request.params.id, request.body)),
  );

  app.post('/courses/:id/lessons/order/', { schema: { params: idParams, body: lessonOrderSchema } }, async (request) =>
    reorderLessons(app.mutabo, callerOf(request), request.params.id, request.body.lessons),
  );

  app.get('/lessons/:id/', { schema: { params: idParams } }, async (request) => getLesson(app.mutabo, callerOf(request), request.params.id));

  app.patch('/lessons/:id/', { bodyLimit: RICH_TEXT_BODY_LIMIT, schema: { params: idParams, body: lessonPatchSchema } }, async (request) =>
    patchLesson(app.mutabo, callerOf(request), request.params.id, request.body),
  );

  app.delete('/lessons/:id/', { schema: { params: idParams } }, async (request, reply) => {
    await deleteLesson(app.mutabo, callerOf(request), request.params.id);
    return reply.code(204).send();
  });
};
