// What the tests of the authors' API share: an app on a seeded test database, tokens of the fixture's people, and a
// call helper (guest, the two authors, a pupil).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Mailer } from '../src/services/letters/mail.ts';
import { bearer, buildTestApp, ids, seedFixture } from './fixtures.ts';
import { createTestDatabase, type DbMode, type TestDatabase } from './testDb.ts';

export type Who = 'guest' | 'anna' | 'boris' | 'pupil';
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface MutaboKit {
  testDb: TestDatabase;
  app: FastifyInstance;
  call: (method: Method, url: string, who: Who, payload?: unknown) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

/** `mailer`: a test's own transport (a file that reads queued letters from their rows keeps them from being sent). */
export async function openMutaboKit(mode: DbMode, options: { mailer?: Mailer } = {}): Promise<MutaboKit> {
  const testDb = await createTestDatabase(mode);
  await seedFixture(testDb.database.db);
  const app = await buildTestApp({ database: testDb.database, mailer: options.mailer });
  const tokens: Record<Exclude<Who, 'guest'>, string> = {
    anna: await app.deps.tokens.sign(ids.users.anna, 'access'),
    boris: await app.deps.tokens.sign(ids.users.boris, 'access'),
    pupil: await app.deps.tokens.sign(ids.users.pupil, 'access'),
  };
  return {
    testDb,
    app,
    call: (method, url, who, payload) =>
      app.inject({ method, url, headers: who === 'guest' ? {} : bearer(tokens[who]), ...(payload === undefined ? {} : { payload: payload as object }) }),
    close: async () => {
      await app.close();
      await testDb.destroy();
    },
  };
}

/** Draft-js raw content of the given paragraphs, serialised. */
export const raw = (...paragraphs: string[]) =>
  JSON.stringify({
    blocks: paragraphs.map((text, index) => ({ key: `k${index}`, text, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} })),
    entityMap: {},
  });
