// GET /media/<hash prefix>/<name>: the authors' uploaded files, from the database. The address changes with the
// content, so a year-long immutable cache is safe.
import { z } from 'zod';
import { messages } from '../http/messages.ts';
import { notFound } from '../http/errors.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';

const mediaParams = z.object({ prefix: z.string().regex(/^[0-9a-f]{16}$/), name: z.string().min(1).max(200) });

export const mediaRoutes: ZodRoutes = async (app) => {
  app.get('/media/:prefix/:name', { schema: { params: mediaParams } }, async (request, reply) => {
    const upload = await app.repositories.uploads.findByKey(`${request.params.prefix}/${request.params.name}`);
    if (!upload) throw notFound(messages.notFound);
    return reply
      .type(upload.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${upload.sha256}"`)
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(upload.name)}`)
      .send(upload.data);
  });
};
