// GET /media/recordings/<lessonId>/<file>?u=&e=&s=: a recording's file at its signed address (docs/RECORDINGS.md,
// «Addresses»), 200 or 206 with byte ranges from a folder, a 302 to a presigned GET from S3, 403 for a refused address.
// GET /media/recording-checks/<lessonId>/<file>?u=&e=&s=: nginx's question before it sends the file itself («Serving
// through nginx»): 204 until when, or the same 403.
import { z } from 'zod';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { checkRecordingFile, serveRecordingFile } from '../services/recordings/serving.ts';
import { RECORDING_CHECKS_PATH, RECORDINGS_PATH } from '../services/recordings/signedAddress.ts';

const params = z.object({ lessonId: z.string().max(20), file: z.string().max(200) });
// Anything else than one string each (a repeated parameter) is a refused address, not a 400.
const query = z.object({ u: z.unknown().optional(), e: z.unknown().optional(), s: z.unknown().optional() });

export const recordingFilesRoutes: ZodRoutes = async (app) => {
  const files = { secret: app.deps.config.jwtSecret, storage: app.deps.recordings };

  app.get(`${RECORDINGS_PATH}/:lessonId/:file`, { schema: { params, querystring: query } }, async (request, reply) => {
    const answer = await serveRecordingFile(files, { ...request.params, ...request.query }, request.headers.range, new Date(), request.method === 'HEAD');
    switch (answer.kind) {
      case 'refused':
        return reply.code(403).header('cache-control', 'no-store').send({ detail: answer.detail });
      case 'missing':
        return reply.code(404).header('cache-control', 'no-store').send({ detail: answer.detail });
      case 'redirect':
        return reply.code(302).header('cache-control', 'no-store').header('location', answer.url).send();
      case 'unsatisfiable':
        return reply.code(416).header('cache-control', answer.cacheControl).header('accept-ranges', 'bytes').header('content-range', `bytes */${answer.size}`).send();
      case 'file': {
        reply.type(answer.contentType).header('cache-control', answer.cacheControl).header('accept-ranges', 'bytes');
        if (answer.span === null) return reply.header('content-length', answer.size).send(answer.body);
        return reply
          .code(206)
          .header('content-range', `bytes ${answer.span.start}-${answer.span.end}/${answer.size}`)
          .header('content-length', answer.span.end - answer.span.start + 1)
          .send(answer.body);
      }
    }
  });

  app.get(`${RECORDING_CHECKS_PATH}/:lessonId/:file`, { schema: { params, querystring: query } }, async (request, reply) => {
    const answer = checkRecordingFile(files, { ...request.params, ...request.query }, new Date());
    if (answer.kind === 'refused') return reply.code(403).header('cache-control', 'no-store').send({ detail: answer.detail });
    // nginx keeps this answer for the address's life (a second less: it counts whole seconds) and asks again for
    // another address; the file's Expires is the address's end, which a kept answer still gives right. No
    // Cache-Control: nginx reads the headers in order, and a no-store before X-Accel-Expires would keep it from
    // keeping the answer at all.
    return reply
      .code(204)
      .header('x-accel-expires', String(Math.max(answer.secondsLeft - 1, 0)))
      .header('x-recording-expires', answer.expiresAt.toUTCString())
      .send();
  });
};
