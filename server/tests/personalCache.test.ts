// A logged-in caller's course forms are kept between requests (services/content/personalCache.ts), yet never outlive what
// they show: a news subscription written by another process, and a hold of theirs that lapses without any write.
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetails, CourseShort } from '../../common/wireTypes.ts';
import { mailingSubscriptions, participants } from '../src/db/schema.ts';
import { eventually, sleep } from './eventually.ts';
import { bearer, buildTestApp, ids, seedFixture, testConfig } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

describe.each(dbModes())('logged-in course forms (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let headers: Record<string, string>;

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    app = await buildTestApp({ database: testDb.database, config: testConfig() });
    headers = bearer(await app.deps.tokens.sign(ids.users.pupil, 'access'));
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
  });

  const details = async (id: number) => (await app.inject({ url: `/api/v1/courses/${id}/`, headers })).json<CourseDetails>();
  const listed = async (id: number) => (await app.inject({ url: '/api/v1/courses/', headers })).json<CourseShort[]>().find((course) => course.id === id)!;

  it('shows a news subscription made by another process once its change notice arrives', async () => {
    const course = ids.courses.announced;
    expect((await details(course)).subscribedForMailouts).toBe(false);
    expect((await listed(course)).subscribedForMailouts).toBe(false);
    // Written straight to the database, as another server process would: this process learns of it only by NOTIFY.
    await testDb.database.db.insert(mailingSubscriptions).values({ userId: ids.users.pupil, courseId: course });
    expect(await eventually(async () => (await details(course)).subscribedForMailouts && Boolean((await listed(course)).subscribedForMailouts))).toBe(true);
    await testDb.database.db.delete(mailingSubscriptions).where(and(eq(mailingSubscriptions.userId, ids.users.pupil), eq(mailingSubscriptions.courseId, course)));
    expect(await eventually(async () => !(await details(course)).subscribedForMailouts && !(await listed(course)).subscribedForMailouts)).toBe(true);
  });

  it('stops showing the caller’s hold when it lapses, with no write at all', async () => {
    const lessonId = ids.lessons.announced;
    // Long enough that a slow first read on a busy machine still sees the hold; the wait below ends just after it.
    const expiredAt = new Date(Date.now() + 2500);
    const [hold] = await testDb.database.db
      .insert(participants)
      .values({ userId: ids.users.pupil, lessonId, state: 'reserved', expiredAt })
      .returning({ id: participants.id });
    const shown = async () => (await details(ids.courses.announced)).lessons.find((lesson) => lesson.id === lessonId)!.participationState;
    expect(await eventually(async () => (await shown()) === 'reserved')).toBe(true);
    await sleep(Math.max(0, expiredAt.getTime() - Date.now()) + 100);
    expect(await shown()).toBeNull();
    await testDb.database.db.delete(participants).where(eq(participants.id, hold!.id));
  });
});
