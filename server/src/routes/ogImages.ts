// GET /og/<key>.jpg: a course's link-preview picture (services/content/ogImages.ts), from the database. The key is made of the
// cover's content, so the address never holds another picture: a year-long immutable cache. Other sites' preview
// services fetch it, so it may be embedded from any origin.
import { z } from 'zod';
import { notFound } from '../http/errors.ts';
import { messages } from '../http/messages.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import type { OgImages } from '../services/content/ogImages.ts';

const ogParams = z.object({ file: z.string().regex(/^[0-9a-f]{16}\.jpg$/) });

export function ogImageRoutes(ogImages: OgImages): ZodRoutes {
  return async (app) => {
    app.get('/og/:file', { schema: { params: ogParams } }, async (request, reply) => {
      const key = request.params.file.slice(0, 16);
      const data = await ogImages.read(key);
      if (!data) throw notFound(messages.notFound);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${key}"`)
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(data);
    });
  };
}
