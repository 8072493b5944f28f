// A participant's recording of a lesson (docs/RECORDINGS.md, «Watching»): GET /api/v1/lessons/{id}/recording/ (the
// player's signed addresses, the length, where the caller stopped, the end of their window) and PUT
// …/recording/position/ {seconds} (where they stopped; 204). Both need a login (401) and an entitled caller (403).
import { z } from 'zod';
import { idParams } from '../http/queryParams.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { recordingPlayback, saveRecordingPosition } from '../services/recordings/viewing.ts';

const secondsMessage = 'Укажите позицию целым числом секунд, не меньше 0.';
const positionBody = z.object({ seconds: z.number({ error: secondsMessage }).int({ error: secondsMessage }).min(0, { error: secondsMessage }).max(2_147_483_647, { error: secondsMessage }) }, { error: 'Ожидается объект JSON с полем seconds.' });

export const lessonRecordingsRoutes: ZodRoutes = async (app) => {
  const options = { schema: { params: idParams }, preValidation: app.requireAuth };

  app.get('/lessons/:id/recording/', options, async (request) => recordingPlayback(app.deps, request.userId!, request.params.id));

  app.put('/lessons/:id/recording/position/', { ...options, schema: { params: idParams, body: positionBody } }, async (request, reply) => {
    await saveRecordingPosition(app.deps, request.userId!, request.params.id, request.body.seconds);
    return reply.code(204).send();
  });
};
