// GET /media/<hash prefix>/<name>: the authors' uploaded files, from the database. The address changes with the
// content, so a year-long immutable cache is safe. Byte ranges are answered, so a player can seek in an MP3.
import { z } from 'zod';
import { hasControlCharacters } from '../../../common/controlCharacters.ts';
import { notFound } from '../http/errors.ts';
import { messages } from '../http/messages.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { findUploadByKey } from '../repositories/content/uploadsRepository.ts';

// A name with a control character (the shared rule, as for every text) was never stored: a 404 before the query, which
// PostgreSQL would refuse for U+0000.
const mediaParams = z.object({
  prefix: z.string().regex(/^[0-9a-f]{16}$/),
  name: z.string().min(1).max(200).refine((name) => !hasControlCharacters(name)),
});

/** One range of `bytes=a-b`, `bytes=a-` or `bytes=-n` within size; null for anything else (the whole file is sent). */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [first, last] = [match[1]!, match[2]!];
  if (first === '') {
    const length = Math.min(Number(last), size);
    return length === 0 ? 'unsatisfiable' : { start: size - length, end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export const mediaRoutes: ZodRoutes = async (app) => {
  app.get('/media/:prefix/:name', { schema: { params: mediaParams } }, async (request, reply) => {
    const upload = await findUploadByKey(app.deps.db, `${request.params.prefix}/${request.params.name}`);
    if (!upload) throw notFound(messages.notFound);
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
