// GET /media/homework/<fileId>?u=&e=&s=: an answer's file at its signed address (docs/HOMEWORK.md, «Files»): 200 with
// the file, 403 {detail} for a refused address or a viewer who may no longer see it, 404 {detail} for a file gone.
import { z } from 'zod';
import { HOMEWORK_FILES_PATH } from '../../../common/homework.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { serveHomeworkFile } from '../services/homework/fileServing.ts';

const params = z.object({ fileId: z.string().max(20) });
// Anything else than one string each (a repeated parameter) is a refused address, not a 400.
const query = z.object({ u: z.unknown().optional(), e: z.unknown().optional(), s: z.unknown().optional() });

export const homeworkFilesRoutes: ZodRoutes = async (app) => {
  app.get(`${HOMEWORK_FILES_PATH}/:fileId`, { schema: { params, querystring: query } }, async (request, reply) => {
    const answer = await serveHomeworkFile(app.deps, { ...request.params, ...request.query });
    if (answer.kind === 'refused') return reply.code(403).header('cache-control', 'no-store').send({ detail: answer.detail });
    if (answer.kind === 'missing') return reply.code(404).header('cache-control', 'no-store').send({ detail: answer.detail });
    return reply.headers(answer.headers).header('content-length', answer.size).send(answer.body);
  });
};
