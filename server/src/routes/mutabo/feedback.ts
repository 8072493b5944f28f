// The shared reviews: /api/v1/mutabo/feedback/ (GET ?search=&course=&page=, POST), /feedback/{id}/ (GET, PATCH, DELETE).
import { feedbackCreateSchema, feedbackPatchSchema } from '../../../../common/mutabo/feedback.ts';
import { sharedContentMessages as s } from '../../../../common/mutabo/sharedContent.ts';
import { idParams, integerParam, MAX_ID } from '../../http/queryParams.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { RICH_TEXT_BODY_LIMIT } from '../../http/mutabo/limits.ts';
import { createFeedback, deleteFeedback, getFeedback, listFeedback, patchFeedback } from '../../services/mutabo/feedback.ts';
import { callerOf } from '../../http/mutabo/caller.ts';
import { listQuery } from '../../http/mutabo/listQuery.ts';

const feedbackQuery = listQuery.extend({ course: integerParam(1, MAX_ID, s.courseInvalid).optional() });

export const mutaboFeedbackRoutes: ZodRoutes = async (app) => {
  app.get('/feedback/', { schema: { querystring: feedbackQuery } }, async (request) =>
    listFeedback(app.deps, request.query.search ?? '', request.query.course ?? null, request.query.page ?? 1),
  );

  app.post('/feedback/', { bodyLimit: RICH_TEXT_BODY_LIMIT, schema: { body: feedbackCreateSchema } }, async (request, reply) =>
    reply.code(201).send(await createFeedback(app.deps, callerOf(request), request.body)),
  );

  app.get('/feedback/:id/', { schema: { params: idParams } }, async (request) => getFeedback(app.deps, request.params.id));

  app.patch('/feedback/:id/', { bodyLimit: RICH_TEXT_BODY_LIMIT, schema: { params: idParams, body: feedbackPatchSchema } }, async (request) =>
    patchFeedback(app.deps, callerOf(request), request.params.id, request.body),
  );

  app.delete('/feedback/:id/', { schema: { params: idParams } }, async (request, reply) => {
    await deleteFeedback(app.deps, callerOf(request), request.params.id);
    return reply.code(204).send();
  });
};
