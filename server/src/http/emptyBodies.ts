// Bodiless POST and DELETE endpoints: some clients send `Content-Type: application/json` with no body at all,
// which Fastify refuses by default; within the calling plugin an empty JSON body reads as no body.
import type { FastifyInstance } from 'fastify';

export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  // Fastify's own parser (with its prototype-poisoning checks) for every body that is not empty.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}
