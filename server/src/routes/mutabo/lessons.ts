// The authors' lessons: POST /api/v1/mutabo/courses/{id}/lessons/, POST /courses/{id}/lessons/series/,
// POST /courses/{id}/lessons/order/, GET, PATCH, DELETE /api/v1/mutabo/lessons/{id}/, POST /lessons/{id}/held/.
import { lessonCreateSchema, lessonOrderSchema, lessonPatchSchema } from '../../../../common/mutabo/lessons.ts';
import { lessonSeriesSchema } from '../../../../common/mutabo/season.ts';
import { idParams } from '../../http/queryParams.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { createLesson, deleteLesson, getLesson, markHeld, patchLesson, reorderLessons } from '../../services/mutabo/lessons.ts';
import { createLessonSeries } from '../../services/mutabo/lessonSeries.ts';
import { callerOf } from '../../http/mutabo/caller.ts';
import { ledCourseFirst } from '../../http/mutabo/ledCourse.ts';
import { RICH_TEXT_BODY_LIMIT } from '../../http/mutabo/limits.ts';

export const mutaboLessonsRoutes: ZodRoutes = async (app) => {
  app.post('/courses/:id/lessons/', { bodyLimit: RICH_TEXT_BODY_LIMIT, schema: { params: idParams, body: lessonCreateSchema } }, async (request, reply) =>
    reply.code(201).send(await createLesson(app.deps, callerOf(request), request.params.id, request.body)),
  );

  app.post('/courses/:id/lessons/series/', { preValidation: ledCourseFirst(app), schema: { params: idParams, body: lessonSeriesSchema } }, async (request, reply) =>
    reply.code(201).send(await createLessonSeries(app.deps, callerOf(request), request.params.id, request.body)),
  );

  app.post('/courses/:id/lessons/order/', { schema: { params: idParams, body: lessonOrderSchema } }, async (request) =>
    reorderLessons(app.deps, callerOf(request), request.params.id, request.body.lessons),
  );

  app.get('/lessons/:id/', { schema: { params: idParams } }, async (request) => getLesson(app.deps, callerOf(request), request.params.id));

  app.patch('/lessons/:id/', { bodyLimit: RICH_TEXT_BODY_LIMIT, schema: { params: idParams, body: lessonPatchSchema } }, async (request) =>
    patchLesson(app.deps, callerOf(request), request.params.id, request.body),
  );

  app.post('/lessons/:id/held/', { schema: { params: idParams } }, async (request) => markHeld(app.deps, callerOf(request), request.params.id));

  app.delete('/lessons/:id/', { schema: { params: idParams } }, async (request, reply) => {
    await deleteLesson(app.deps, callerOf(request), request.params.id);
    return reply.code(204).send();
  });
};
