// GET /api/v1/mutabo/history/?entity=quotation|feedback|libraryItem|libraryCategory|author|timetable&id=&page=
// (a course's history is /courses/{id}/history/).
import { z } from 'zod';
import { SHARED_HISTORY_ENTITIES } from '../../../../common/mutabo/history.ts';
import { sharedContentMessages as s } from '../../../../common/mutabo/sharedContent.ts';
import { integerParam, MAX_ID, pageParam } from '../../http/queryParams.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { sharedHistory } from '../../services/mutabo/sharedHistory.ts';
import { callerOf } from '../../http/mutabo/caller.ts';

const historyQuery = z.object({
  entity: z.enum(SHARED_HISTORY_ENTITIES, { error: s.historyEntityInvalid }),
  id: integerParam(1, MAX_ID, s.historyIdInvalid).optional(),
  page: pageParam.optional(),
});

export const mutaboHistoryRoutes: ZodRoutes = async (app) => {
  app.get('/history/', { schema: { querystring: historyQuery } }, async (request) =>
    sharedHistory(app.deps, callerOf(request), request.query.entity, request.query.id ?? null, request.query.page ?? 1),
  );
};
