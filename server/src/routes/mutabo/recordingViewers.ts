// GET /api/v1/mutabo/lessons/{id}/recording/viewers/: who watched the lesson's recording and how far, one row per
// person, the last watched first; for the authors of the lesson's course (docs/RECORDINGS.md, «Watching»).
import { callerOf } from '../../http/mutabo/caller.ts';
import { idParams } from '../../http/queryParams.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { recordingViewers } from '../../services/recordings/viewing.ts';

export const mutaboRecordingViewersRoutes: ZodRoutes = async (app) => {
  app.get('/lessons/:id/recording/viewers/', { schema: { params: idParams } }, async (request) => recordingViewers(app.deps.db, callerOf(request), request.params.id));
};
