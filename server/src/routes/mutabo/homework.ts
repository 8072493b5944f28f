// The authors' side of homework (issue 35, docs/HOMEWORK.md): GET /api/v1/mutabo/homework/?course=&state=&page= (the
// queue of sent answers), GET /homework/stats/?course= (the numbers per assignment), GET /homework/answers/{id}/ (an
// answer with its thread; marks it seen) and POST /homework/answers/{id}/decision/.
import { z } from 'zod';
import { HOMEWORK_QUEUE_STATES, homeworkMessages as hm } from '../../../../common/homework.ts';
import { callerOf } from '../../http/mutabo/caller.ts';
import { idParams, integerParam, MAX_ID, pageParam } from '../../http/queryParams.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { decideHomework, homeworkQueue, readAnswer } from '../../services/homework/review.ts';
import { homeworkStats } from '../../services/homework/stats.ts';

const course = integerParam(1, MAX_ID, hm.courseInvalid).optional();
const queueQuery = z.object({ course, state: z.enum(HOMEWORK_QUEUE_STATES, { error: hm.queueStateInvalid }).optional(), page: pageParam.optional() });
const statsQuery = z.object({ course });

export const mutaboHomeworkRoutes: ZodRoutes = async (app) => {
  app.get('/homework/', { schema: { querystring: queueQuery } }, async (request) => homeworkQueue(app.deps.db, callerOf(request), request.query));

  app.get('/homework/stats/', { schema: { querystring: statsQuery } }, async (request) => homeworkStats(app.deps.db, callerOf(request), request.query));

  app.get('/homework/answers/:id/', { schema: { params: idParams } }, async (request) => readAnswer(app.deps, callerOf(request), request.params.id));

  // The body is checked by the service: the decision first, then the comment (its messages are the form's).
  app.post('/homework/answers/:id/decision/', { schema: { params: idParams } }, async (request) => decideHomework(app.deps, callerOf(request), request.params.id, request.body));
};
