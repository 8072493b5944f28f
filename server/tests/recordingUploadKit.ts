// What the tests of a recording's upload share: an app on a real port with an author's token, and the tus requests the
// area's form sends (creation, PATCH, HEAD, termination) as that author.
import type { FastifyInstance } from 'fastify';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import { bearer, buildTestApp, ids } from './fixtures.ts';

export interface UploadsApp {
  app: FastifyInstance;
  base: string;
  /** anna's access token: she leads the fixture's lessons the tests upload to. */
  token: string;
}

/** Builds the app, listens on a free loopback port, and signs anna's token. */
export async function listeningUploadsApp(options: Parameters<typeof buildTestApp>[0]): Promise<UploadsApp> {
  const app = await buildTestApp(options);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return { app, base, token: await app.deps.tokens.sign(ids.users.anna, 'access') };
}

/** The author's tus requests against `base` (the token is read at each request: it may be set after this is made). */
export function tusRequests(base: () => string, token: () => string) {
  const auth = () => ({ ...bearer(token()), 'tus-resumable': '1.0.0' });
  const patchHeaders = (offset: number) => ({ ...auth(), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' });
  return {
    auth,
    patchHeaders,
    create: (lessonId: number, length: number, fileName = 'lecture.mp4') =>
      fetch(`${base()}/api/v1/mutabo/lessons/${lessonId}/recording/uploads/`, {
        method: 'POST',
        headers: { ...auth(), 'upload-length': String(length), 'upload-metadata': `filename ${Buffer.from(fileName).toString('base64')}` },
      }),
    patch: (location: string, offset: number, bytes: Buffer) => fetch(new URL(location, base()), { method: 'PATCH', headers: patchHeaders(offset), body: new Uint8Array(bytes) }),
    head: (location: string) => fetch(new URL(location, base()), { method: 'HEAD', headers: auth() }),
    terminate: (location: string) => fetch(new URL(location, base()), { method: 'DELETE', headers: auth() }),
    recordingOf: async (lessonId: number) =>
      ((await (await fetch(`${base()}/api/v1/mutabo/lessons/${lessonId}/`, { headers: bearer(token()) })).json()) as MutaboLesson).recording,
  };
}
