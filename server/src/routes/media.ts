// GET /media/<hash prefix>/<name>: the authors' uploaded files, from the database. The address changes with the
// content, so a year-long immutable cache is safe. Byte ranges are answered, so a player can seek in an MP3.
import { z } from 'zod';
import { hasControlCharacters } from '../../../common/controlCharacters.ts';
import { byteRange } from '../http/byteRanges.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { mediaFile } from '../services/content/uploads.ts';

// A name with a control character (the shared rule, as for every text) was never stored: a 404 before the query, which
// PostgreSQL would refuse for U+0000.
const mediaParams = z.object({
  prefix: z.string().regex(/^[0-9a-f]{16}$/),
  name: z.string().min(1).max(200).refine((name) => !hasControlCharacters(name)),
});

export const mediaRoutes: ZodRoutes = async (app) => {
  app.get('/media/:prefix/:name', { schema: { params: mediaParams } }, async (request, reply) => {
    const upload = await mediaFile(app.deps.db, request.params.prefix, request.params.name);
    reply
      .type(upload.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${upload.sha256}"`)
      .header('accept-ranges', 'bytes')
      // Only images are shown in the page; a document is saved, never opened under the site's origin.
      .header('content-disposition', `${upload.contentType.startsWith('image/') ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(upload.name)}`);
    const range = byteRange(request.headers.range, upload.data.length);
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${upload.data.length}`).send();
    if (range === null) return reply.send(upload.data);
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${upload.data.length}`)
      .send(upload.data.subarray(range.start, range.end + 1));
  });
};
