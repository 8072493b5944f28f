// `npm run make-author`: the author role given to a confirmed user and taken back, as the API then shows it,
// and the command itself on the embedded database and on PostgreSQL.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Author, CourseDetails, User } from '../../common/wireTypes.ts';
import { openPglite } from '../src/db/client.ts';
import * as t from '../src/db/schema.ts';
import { AuthorRoleError, createAuthorRoles, type AuthorRoles } from '../src/services/accounts/authorRoles.ts';
import { eventually } from './eventually.ts';
import { bearer, buildTestApp, ids, seedFixture } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

const run = promisify(execFile);

describe.each(dbModes())('make-author (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let roles: AuthorRoles;

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    app = await buildTestApp({ database: testDb.database });
    roles = createAuthorRoles(testDb.database.db);
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
  });

  const asUser = async (userId: number, url: string) => app.inject({ url, headers: bearer(await app.deps.tokens.sign(userId, 'access')) });
  const me = async (userId: number) => (await asUser(userId, '/api/v1/users/me/')).json<User>();
  const authorsList = async () => (await app.inject('/api/v1/authors/')).json<Author[]>();
  /** The author as the public list shows it once the cache has heard of the change (a notice, a moment later). */
  async function listedAuthor(id: number, expected: Partial<Author>): Promise<Author | undefined> {
    let author: Author | undefined;
    await eventually(async () => {
      author = (await authorsList()).find((candidate) => candidate.id === id);
      return author !== undefined && Object.entries(expected).every(([key, value]) => author![key as keyof Author] === value);
    });
    return author;
  }

  it('makes a confirmed user an author with a record from their names, and takes it back keeping the record', async () => {
    expect((await asUser(ids.users.pupil, '/api/v1/manager/participants/')).statusCode).toBe(403);

    const made = await roles.make('  PUPIL@example.org ');
    expect(made).toMatchObject({ kind: 'made', record: 'created', email: 'pupil@example.org', author: { firstName: 'Пётр', lastName: 'Учеников', genitive: 'Петра Ученикова' } });
    const authorId = made.kind === 'made' ? made.author.id : 0;
    expect((await me(ids.users.pupil)).author).toBe(authorId);
    expect((await asUser(ids.users.pupil, '/api/v1/manager/participants/')).statusCode).toBe(200);
    // The site lists an author only once their page has its text and photo.
    expect((await authorsList()).map((author) => author.id)).not.toContain(authorId);
    await testDb.database.db.update(t.authors).set({ description: 'Учитель.', photo: '/demo/pupil.svg' }).where(eq(t.authors.id, authorId));
    expect(await listedAuthor(authorId, { user: ids.users.pupil })).toEqual({
      id: authorId,
      firstName: 'Пётр',
      lastName: 'Учеников',
      email: 'pupil@example.org',
      user: ids.users.pupil,
      genitive: 'Петра Ученикова',
      description: 'Учитель.',
      photo: '/demo/pupil.svg',
      quote: '',
    });

    // Twice is harmless; a genitive given later replaces the derived one.
    expect(await roles.make('pupil@example.org')).toMatchObject({ kind: 'alreadyAuthor', genitiveChanged: false });
    expect(await roles.make('pupil@example.org', { genitive: 'Петра Ивановича Ученикова' })).toMatchObject({ kind: 'alreadyAuthor', genitiveChanged: true });
    expect(await listedAuthor(authorId, { genitive: 'Петра Ивановича Ученикова' })).toMatchObject({ genitive: 'Петра Ивановича Ученикова' });

    expect(await roles.remove('pupil@example.org')).toMatchObject({ kind: 'removed', author: { id: authorId } });
    expect((await me(ids.users.pupil)).author).toBeNull();
    expect((await asUser(ids.users.pupil, '/api/v1/manager/participants/')).statusCode).toBe(403);
    expect(await listedAuthor(authorId, { user: null })).toMatchObject({ user: null, genitive: 'Петра Ивановича Ученикова' });
    expect(await roles.remove('pupil@example.org')).toEqual({ kind: 'notAuthor', email: 'pupil@example.org' });

    // Made an author again, the user gets the same record back, with what was edited in it.
    expect(await roles.make('pupil@example.org')).toMatchObject({ kind: 'made', record: 'relinked', author: { id: authorId, genitive: 'Петра Ивановича Ученикова' } });
    expect((await me(ids.users.pupil)).author).toBe(authorId);
    expect(await listedAuthor(authorId, { user: ids.users.pupil })).toMatchObject({ user: ids.users.pupil });
    expect((await authorsList()).filter((author) => author.email === 'pupil@example.org')).toHaveLength(1);
  });

  it('takes back the role of a seeded author: their courses keep the author, the author area is closed to them', async () => {
    expect(await roles.remove('boris@example.org')).toMatchObject({ kind: 'removed', author: { id: ids.authors.boris, genitive: 'Бориса Иванова' } });
    expect((await asUser(ids.users.boris, '/api/v1/manager/participants/')).statusCode).toBe(403);
    const course = (await app.inject(`/api/v1/courses/${ids.courses.open}/`)).json<CourseDetails>();
    expect(course.authors.map((author) => author.id)).toContain(ids.authors.boris);
    expect(await roles.make('boris@example.org')).toMatchObject({ kind: 'made', record: 'relinked', author: { id: ids.authors.boris } });
    expect((await asUser(ids.users.boris, '/api/v1/manager/participants/')).statusCode).toBe(200);
  });

  it('uses the genitive given for a new author', async () => {
    const [user] = await testDb.database.db
      .insert(t.users)
      .values({ email: 'olga@example.org', passwordHash: '!', firstName: 'Ольга', lastName: 'Шмидт', isActive: true })
      .returning({ id: t.users.id });
    expect(await roles.make('olga@example.org', { genitive: ' Ольги Юльевны Шмидт ' })).toMatchObject({ kind: 'made', record: 'created', author: { genitive: 'Ольги Юльевны Шмидт', gender: '' } });
    expect((await me(user!.id)).author).not.toBeNull();
  });

  it('sets the gender the letters agree with, for a new author and later', async () => {
    await testDb.database.db.insert(t.users).values({ email: 'vera@example.org', passwordHash: '!', firstName: 'Вера', lastName: 'Павлова', isActive: true });
    const made = await roles.make('vera@example.org', { gender: 'female' });
    expect(made).toMatchObject({ kind: 'made', record: 'created', author: { gender: 'female' } });
    expect(await roles.make('vera@example.org')).toMatchObject({ kind: 'alreadyAuthor', genderChanged: false, author: { gender: 'female' } });
    expect(await roles.make('vera@example.org', { gender: 'male' })).toMatchObject({ kind: 'alreadyAuthor', genderChanged: true, author: { gender: 'male' } });
    const [row] = await testDb.database.db.select({ gender: t.authors.gender }).from(t.authors).where(eq(t.authors.email, 'vera@example.org'));
    expect(row).toEqual({ gender: 'male' });
  });

  it('refuses an unknown or unconfirmed e-mail and an empty genitive, changing nothing', async () => {
    await testDb.database.db.insert(t.users).values({ email: 'new@example.org', passwordHash: '!', firstName: 'Нина', lastName: 'Новикова', isActive: false });
    const before = await testDb.database.db.select().from(t.authors);
    await expect(roles.make('nobody@example.org')).rejects.toMatchObject({ reason: 'unknownEmail', message: 'No user has the e-mail address nobody@example.org.' });
    await expect(roles.remove('nobody@example.org')).rejects.toBeInstanceOf(AuthorRoleError);
    await expect(roles.make('new@example.org')).rejects.toMatchObject({ reason: 'unconfirmed' });
    await expect(roles.make('pupil@example.org', { genitive: '  ' })).rejects.toMatchObject({ reason: 'emptyGenitive' });
    expect(await testDb.database.db.select().from(t.authors)).toEqual(before);
    const [unconfirmed] = await testDb.database.db.select().from(t.users).where(eq(t.users.email, 'new@example.org'));
    expect(unconfirmed?.isAuthor).toBe(false);
  });
});

describe('the make-author command', () => {
  const command = (env: NodeJS.ProcessEnv, ...args: string[]) =>
    run(path.resolve('node_modules/.bin/tsx'), ['server/src/makeAuthorCommand.ts', ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env } }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  async function checkCommand(env: NodeJS.ProcessEnv) {
    expect(await command(env, 'pupil@example.org', '--genitive', 'Петра Петровича Ученикова', '--gender', 'male')).toEqual({
      code: 0,
      stdout: expect.stringMatching(/^pupil@example\.org is now an author, with a new author record \d+: Пётр Учеников, genitive «Петра Петровича Ученикова», gender male\.\n$/),
      stderr: '',
    });
    expect(await command(env, '--remove', 'PUPIL@example.org')).toMatchObject({ code: 0, stdout: expect.stringMatching(/^pupil@example\.org is no longer an author; author record \d+: Пётр Учеников, genitive «Петра Петровича Ученикова», gender male stays on its courses/) });
    expect(await command(env, 'pupil@example.org', '--gender', 'женский')).toMatchObject({ code: 1, stderr: expect.stringContaining('--gender is female or male') });
    expect(await command(env, 'nobody@example.org')).toEqual({ code: 1, stdout: '', stderr: 'No user has the e-mail address nobody@example.org.\n' });
    expect(await command(env)).toMatchObject({ code: 1, stderr: expect.stringContaining('Usage: npm run make-author -- <email>') });
  }

  it('works on the embedded database in DATA_DIR', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'make-author-'));
    try {
      const database = await openPglite(path.join(dataDir, 'pgdata'));
      await database.migrate();
      await seedFixture(database.db);
      await database.close();
      await checkCommand({ DATA_DIR: dataDir, DATABASE_URL: '' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)('works on PostgreSQL with DATABASE_URL', async () => {
    const testDb = await createTestDatabase('postgres');
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'make-author-'));
    try {
      await seedFixture(testDb.database.db);
      await checkCommand({ DATA_DIR: dataDir, DATABASE_URL: testDb.url! });
    } finally {
      await testDb.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
