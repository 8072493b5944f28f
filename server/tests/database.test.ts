// Migrations, the constraints held by the database itself, and the demo seed with the real content.
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetails, CourseShort, FeedbackPage, LibraryPage } from '../../common/wireTypes.ts';
import { demoContent } from '../src/db/demo/content.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import * as t from '../src/db/schema.ts';
import { seedDemo } from '../src/db/seed.ts';
import { verifyPassword } from '../src/services/accounts/passwords.ts';
import { eventually } from './eventually.ts';
import { buildTestApp } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

describe.each(dbModes())('database (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
  });

  it('loads the demo content into the empty database once, at start', async () => {
    const summary = await prepareDatabase(testDb.database, { demoContent: async () => demoContent });
    expect(summary).toMatchObject({
      accounts: demoContent.accounts.length,
      authors: demoContent.authors.length,
      courses: demoContent.courses.length,
      lessons: demoContent.courses.reduce((sum, course) => sum + course.lessons.length, 0),
      feedback: demoContent.feedback.length,
      quotations: demoContent.quotations.length,
      libraryItems: demoContent.library.length,
    });
    expect(await prepareDatabase(testDb.database, { demoContent: async () => demoContent })).toBeNull();
    await expect(seedDemo(testDb.database.db, demoContent)).rejects.toThrow(/not empty/);
    app = await buildTestApp({ database: testDb.database });
  });

  it('creates the demo accounts with scrypt hashes; fillers cannot log in', async () => {
    const { db } = testDb.database;
    const participant = demoContent.accounts.find((account) => !demoContent.authors.some((author) => author.account === account.key))!;
    const [row] = await db.select().from(t.users).where(eq(t.users.email, participant.email.toLowerCase()));
    expect(row).toMatchObject({ isActive: true, isAuthor: false });
    expect(await verifyPassword(participant.password, row!.passwordHash)).toBe(true);
    const authors = await db.select().from(t.users).where(eq(t.users.isAuthor, true));
    expect(authors).toHaveLength(demoContent.authors.length);
    const fillers = await db.select().from(t.users).where(eq(t.users.isActive, false));
    expect(fillers.length).toBeGreaterThan(0);
    expect(fillers.every((filler) => filler.passwordHash.startsWith('!') && filler.email.endsWith('.invalid'))).toBe(true);
  });

  it('shows the demo catalogue without drafts, with full lessons having no free places', async () => {
    const list = (await app.inject('/api/v1/courses/')).json<CourseShort[]>();
    const published = demoContent.courses.filter((course) => course.state !== 'draft');
    expect(list.map((course) => course.title).sort()).toEqual(published.map((course) => course.title).sort());
    for (const demo of published) {
      const short = list.find((course) => course.title === demo.title)!;
      const details = (await app.inject(`/api/v1/courses/${short.id}/`)).json<CourseDetails>();
      const visible = demo.lessons.filter((lesson) => !lesson.draft);
      expect(details.lessons.map((lesson) => lesson.title)).toEqual(visible.map((lesson) => lesson.title));
      expect(details.lessons.map((lesson) => lesson.hasFreePlaces)).toEqual(visible.map((lesson) => !lesson.full && demo.participantsLimit > 0));
      expect(JSON.parse(details.description).blocks.map((block: { text: string }) => block.text)).toEqual(demo.description);
    }
    const feedback = (await app.inject('/api/v1/feedback/')).json<FeedbackPage>();
    expect(feedback.results.length).toBeGreaterThan(0);
    const library = (await app.inject('/api/v1/library-items/')).json<LibraryPage>();
    expect(library.count).toBe(demoContent.library.length);
  });

  describe('constraints in the database', () => {
    const rejects = (promise: Promise<unknown>) => expect(promise).rejects.toThrow();

    it('keeps e-mails unique regardless of case', async () => {
      const email = demoContent.accounts[0]!.email.toUpperCase();
      await rejects(testDb.database.db.insert(t.users).values({ email, passwordHash: '!' }));
    });

    it('keeps one participant row per user and lesson, and one subscription per user and course', async () => {
      const { db } = testDb.database;
      const [participant] = await db.select().from(t.participants).limit(1);
      await rejects(db.insert(t.participants).values({ userId: participant!.userId, lessonId: participant!.lessonId, state: 'reserved' }));
      const [user] = await db.select({ id: t.users.id }).from(t.users).limit(1);
      const [course] = await db.select({ id: t.courses.id }).from(t.courses).limit(1);
      await db.insert(t.mailingSubscriptions).values({ userId: user!.id, courseId: course!.id });
      await rejects(db.insert(t.mailingSubscriptions).values({ userId: user!.id, courseId: course!.id }));
    });

    it('refuses negative prices and amounts, and rows pointing nowhere', async () => {
      const { db } = testDb.database;
      const [course] = await db.select({ id: t.courses.id }).from(t.courses).limit(1);
      await rejects(db.insert(t.prices).values({ courseId: course!.id, currency: 'CURRENCY_CHOICE_USD', coursePrice: '-1', lessonPrice: '1', lessonWholesalePrice: '1' }));
      await rejects(db.insert(t.lessons).values({ courseId: 999_999, number: 1, title: 'Нигде', duration: 60 }));
      await rejects(db.insert(t.participants).values({ userId: 999_999, lessonId: 1, state: 'approved' }));
      const [user] = await db.select({ id: t.users.id }).from(t.users).limit(1);
      await rejects(db.insert(t.payments).values({ userId: user!.id, system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', amount: '-5', expiresAt: new Date() }));
    });

    it('tells every process of a write to a public table (NOTIFY public_content_changed), and of no other write', async () => {
      const { db } = testDb.database;
      const notices: string[] = [];
      const stop = await testDb.database.listen('public_content_changed', { onNotify: (payload) => notices.push(payload), onListening: () => {} });
      try {
        // The notices a write sends: those that arrive before a mark the test sends after it. One connection's notices
        // arrive in commit order, so all the write sent has come once the mark has, however slow the machine.
        let marks = 0;
        const noticesOf = async (write: () => Promise<unknown>) => {
          const from = notices.length;
          await write();
          const mark = `mark-${(marks += 1)}`;
          await db.execute(sql`SELECT pg_notify('public_content_changed', ${mark})`);
          expect(await eventually(async () => notices.includes(mark), 5000)).toBe(true);
          return notices.slice(from, notices.indexOf(mark)).length;
        };
        expect(await noticesOf(() => db.update(t.courses).set({ subtitle: sql`${t.courses.subtitle}` }))).toBe(1);
        expect(await noticesOf(() => db.update(t.users).set({ firstName: sql`${t.users.firstName}` }))).toBe(0);
        // No shared row is written any more: the version table of migration 0001 is gone.
        const tables = await db.execute(sql`SELECT to_regclass('public.public_content_version') AS found`);
        expect((tables as unknown as { rows: { found: string | null }[] }).rows[0]!.found).toBeNull();
      } finally {
        await stop();
      }
    });

    it('names each table\'s notice trigger after the function it calls', async () => {
      const result = await testDb.database.db.execute(sql`
        SELECT c.relname AS "table", tg.tgname AS "trigger"
        FROM pg_trigger tg
        JOIN pg_class c ON c.oid = tg.tgrelid
        JOIN pg_proc p ON p.oid = tg.tgfoid
        WHERE p.proname = 'notify_public_content_changed' AND NOT tg.tgisinternal`);
      const rows = (result as unknown as { rows: { table: string; trigger: string }[] }).rows;
      expect(rows.map((row) => row.table).sort()).toEqual([
        'authors', 'course_authors', 'courses', 'feedback', 'lesson_recordings', 'lessons', 'library_categories', 'library_item_categories',
        'library_item_courses', 'library_items', 'mailing_subscriptions', 'pages_content', 'participants', 'prices',
        'quotations', 'seller',
      ]);
      expect(rows.filter((row) => row.trigger !== `${row.table}_notify_public_content_changed`)).toEqual([]);
    });
  });
});

describe('the migration journal', () => {
  it('lists every migration file once, each newer than the one before it (a database applies only newer ones)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { migrationsFolder } = await import('../src/db/client.ts');
    const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
    const files = readdirSync(migrationsFolder)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => file.slice(0, -4))
      .sort();
    expect(journal.entries.map((entry) => entry.tag).sort()).toEqual(files);
    expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, index) => index));
    for (const [index, entry] of journal.entries.entries()) if (index > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[index - 1]!.when);
  });
});
