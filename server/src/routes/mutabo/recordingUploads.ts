// A lesson's recording in the authors' area: the tus upload (POST /api/v1/mutabo/lessons/{id}/recording/uploads/, then
// HEAD/PATCH/DELETE its Location, and OPTIONS), DELETE /lessons/{id}/recording/, POST /lessons/{id}/recording/retry/,
// GET /recordings/storage/. The area's hooks (area.ts) have checked the bearer token and the author on every request.
import { z } from 'zod';
import { idParams } from '../../http/queryParams.ts';
import { allowQuietAnswer } from '../../http/quietAnswer.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { callerOf } from '../../http/mutabo/caller.ts';

const uploadParams = idParams.extend({ uploadId: z.string().max(64) });

export const mutaboRecordingUploadsRoutes: ZodRoutes = async (app) => {
  const uploads = app.deps.recordingUploads;

  // tus's chunks are read by tus itself, as a stream, after the checks: Fastify leaves the body unread.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  app.route({
    method: ['POST', 'OPTIONS'],
    url: '/lessons/:id/recording/uploads/',
    schema: { params: idParams },
    handler: async (request, reply) => {
      await uploads.handle(callerOf(request), request.params.id, null, request.raw, reply.raw, () => reply.hijack());
    },
  });

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/lessons/:id/recording/uploads/:uploadId',
    schema: { params: uploadParams },
    handler: async (request, reply) => {
      // The last PATCH waits for the probe and the storing (http/quietAnswer.ts).
      if (request.method === 'PATCH') allowQuietAnswer(request.raw, reply.raw);
      await uploads.handle(callerOf(request), request.params.id, request.params.uploadId, request.raw, reply.raw, () => reply.hijack());
    },
  });

  app.delete('/lessons/:id/recording/', { schema: { params: idParams } }, async (request, reply) => {
    await uploads.deleteRecording(callerOf(request), request.params.id);
    return reply.code(204).send();
  });

  app.post('/lessons/:id/recording/retry/', { schema: { params: idParams } }, async (request, reply) => {
    await uploads.retry(callerOf(request), request.params.id);
    return reply.code(204).send();
  });

  app.get('/recordings/storage/', async (request) => uploads.storageUse(callerOf(request)));
};
