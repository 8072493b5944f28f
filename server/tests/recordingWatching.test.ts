// Watching a lesson's recording (issue 34, items 4, 5 and 7; docs/RECORDINGS.md, «Watching»), on both databases with
// the recordings in a folder: an approved participant gets signed addresses that play (ranges) and comes back to the
// same second; anyone else, a forwarded address for another person, a place not approved, a refunded lesson, a live
// lesson before its start and a window that is over are refused with a Russian detail; an author's extension reopens
// the window; authors always may; the authors see who watched; the export carries the positions, and a deleted
// account's positions and extensions are gone.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboPersonCard } from '../../common/mutabo/people.ts';
import { formatRecordingDate, recordingWatchMessages as wm, type RecordingPlayback, type RecordingViewer } from '../../common/recordings.ts';
import { auditLog, courses, lessons, participants, recordingAccessExtensions, recordingPositions } from '../src/db/schema.ts';
import { mayWatchRecording } from '../src/services/recordings/access.ts';
import { RECORDING_REFUSED } from '../src/services/recordings/serving.ts';
import { createAuthorUser, createCourse, createUser, createUsers, fixtureAuthor, payInSandbox, RUB, startEnrollmentApp, type EnrollmentApp, type TestCourse, type TestUser } from './enrollmentKit.ts';
import { bearer, ids } from './fixtures.ts';
import { call, positionUrl, putReadyRecording, recordingUrl, type ReadyRecording } from './recordingWatchingKit.ts';
import { dbModes } from './testDb.ts';

const DAY = 24 * 60 * 60_000;

describe.each(dbModes())('watching recordings (%s, fs)', (mode) => {
  let context: EnrollmentApp;
  let dataDir: string;
  let anna: TestUser;
  const app = () => context.app;
  const db = () => context.db;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-watching-'));
    context = await startEnrollmentApp(mode, { DATA_DIR: dataDir });
    anna = await fixtureAuthor(context);
  });

  afterAll(async () => {
    await context?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A course of Anna's with a ready recording of its first lesson. */
  const courseWithRecording = async (spec: Parameters<typeof createCourse>[1] = {}): Promise<TestCourse & { lessonId: number; recording: ReadyRecording }> => {
    const course = await createCourse(db(), spec);
    const lessonId = course.lessonIds[0]!;
    return { ...course, lessonId, recording: await putReadyRecording(app(), db(), lessonId) };
  };

  const approve = async (user: TestUser, lessonId: number, participatedAt = new Date()) => {
    await db().insert(participants).values({ userId: user.id, lessonId, state: 'approved', participatedAt });
  };

  const playback = async (user: TestUser, lessonId: number): Promise<RecordingPlayback> => {
    const answer = await call(app(), 'GET', recordingUrl(lessonId), user);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<RecordingPlayback>();
  };

  const refusal = async (user: TestUser | null, lessonId: number, status = 403) => {
    const answer = await call(app(), 'GET', recordingUrl(lessonId), user);
    expect(answer.statusCode, answer.body).toBe(status);
    return answer.json<{ detail: string }>().detail;
  };

  it('gives a paying participant addresses that play, with ranges, a poster, the length and position 0', async () => {
    const course = await courseWithRecording({ prices: [RUB] });
    const buyer = await createUser(context, 'viewer');
    expect(await refusal(buyer, course.lessonId)).toBe(wm.notParticipant);
    expect(await payInSandbox(app(), buyer, [course.lessonId])).toHaveProperty('paymentId');

    const before = Date.now();
    const asked = await call(app(), 'GET', recordingUrl(course.lessonId), buyer);
    expect(asked.headers['cache-control']).toBe('no-store');
    const given = asked.json<RecordingPlayback>();
    expect(given).toMatchObject({ duration: 300, position: 0, availableUntil: null });
    expect(given.url).toMatch(new RegExp(`^/media/recordings/${course.lessonId}/${course.recording.generation}\\.mp4\\?u=${buyer.id}&e=\\d+&s=`));
    expect(given.poster).toMatch(new RegExp(`^/media/recordings/${course.lessonId}/${course.recording.generation}\\.jpg\\?`));
    const lifetime = Date.parse(given.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(590_000);
    expect(lifetime).toBeLessThanOrEqual(601_000);

    const whole = await app().inject({ url: given.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(course.recording.video)).toBe(true);
    const ranged = await app().inject({ url: given.url, headers: { range: 'bytes=1000-1999' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['accept-ranges']).toBe('bytes');
    expect(ranged.rawPayload.equals(course.recording.video.subarray(1000, 2000))).toBe(true);
    expect(String(ranged.headers['cache-control'])).toMatch(/^private, max-age=\d+$/);
    const poster = await app().inject({ url: given.poster });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.equals(course.recording.poster)).toBe(true);
    expect(await mayWatchRecording(db(), buyer.id, course.lessonId)).toBe(true);
  });

  it('refuses a guest with 401, and answers 404 for a lesson without a ready recording or no lesson at all', async () => {
    const course = await courseWithRecording();
    expect(await refusal(null, course.lessonId, 401)).toBeTruthy();
    expect((await call(app(), 'PUT', positionUrl(course.lessonId), null, { seconds: 1 })).statusCode).toBe(401);
    const viewer = await createUser(context, 'viewer');
    await approve(viewer, course.lessonIds[1]!);
    expect(await refusal(viewer, course.lessonIds[1]!, 404)).toBe(wm.noRecording);
    expect(await refusal(viewer, 99_999_999, 404)).toBeTruthy();
  });

  it('keeps where the person stopped: back to the same second, the furthest kept; 400 under seconds for a bad one', async () => {
    const course = await courseWithRecording();
    const viewer = await createUser(context, 'viewer');
    await approve(viewer, course.lessonId);
    const put = (seconds: unknown) => call(app(), 'PUT', positionUrl(course.lessonId), viewer, { seconds });

    expect((await put(137)).statusCode).toBe(204);
    expect((await playback(viewer, course.lessonId)).position).toBe(137);
    expect((await put(42)).statusCode).toBe(204);
    expect((await playback(viewer, course.lessonId)).position).toBe(42);
    const [row] = await db().select().from(recordingPositions).where(and(eq(recordingPositions.userId, viewer.id), eq(recordingPositions.lessonId, course.lessonId)));
    expect(row).toMatchObject({ seconds: 42, furthest: 137 });
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(row!.firstWatchedAt.getTime());

    for (const bad of [-1, 1.5, 301, '12', null]) {
      const answer = await put(bad);
      expect(answer.statusCode, String(bad)).toBe(400);
      expect(Object.keys(answer.json())).toEqual(['seconds']);
    }
    expect((await put(301)).json()).toEqual({ seconds: [wm.seconds(300)] });
    expect((await put(300)).statusCode).toBe(204);
    const noBody = await app().inject({ method: 'PUT', url: positionUrl(course.lessonId), headers: viewer.headers });
    expect(noBody.statusCode).toBe(400);
  });

  it('refuses another person, and an address forwarded to another person, with 403', async () => {
    const course = await courseWithRecording();
    const [viewer, other] = await createUsers(context, 2, 'viewer');
    await approve(viewer!, course.lessonId);
    expect(await refusal(other!, course.lessonId)).toBe(wm.notParticipant);
    expect((await call(app(), 'PUT', positionUrl(course.lessonId), other, { seconds: 5 })).statusCode).toBe(403);

    const given = await playback(viewer!, course.lessonId);
    const forwarded = await app().inject({ url: given.url.replace(`u=${viewer!.id}`, `u=${other!.id}`) });
    expect(forwarded.statusCode).toBe(403);
    expect(forwarded.json()).toEqual({ detail: RECORDING_REFUSED.invalid });
    const otherLesson = await app().inject({ url: given.url.replace(`/${course.lessonId}/`, `/${course.lessonIds[1]}/`) });
    expect(otherLesson.statusCode).toBe(403);
  });

  it('refuses a place not approved: asked for, held, on the waiting list', async () => {
    const course = await courseWithRecording();
    const people = await createUsers(context, 3, 'unapproved');
    await db().insert(participants).values([
      { userId: people[0]!.id, lessonId: course.lessonId, state: 'subscribed' },
      { userId: people[1]!.id, lessonId: course.lessonId, state: 'reserved', expiredAt: new Date(Date.now() + 600_000) },
      { userId: people[2]!.id, lessonId: course.lessonId, state: 'waiting_list' },
    ]);
    for (const person of people) expect(await refusal(person, course.lessonId)).toBe(wm.notParticipant);
  });

  it('refuses a refunded lesson', async () => {
    const course = await courseWithRecording({ prices: [RUB] });
    const buyer = await createUser(context, 'refunded');
    const paid = await payInSandbox(app(), buyer, [course.lessonId]);
    if (!('paymentId' in paid)) throw new Error(`payment refused: ${paid.status}`);
    await playback(buyer, course.lessonId);
    const refund = await app().inject({ method: 'POST', url: `/api/v1/mutabo/payments/${paid.paymentId}/refund/`, headers: anna.headers, payload: {} });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await refusal(buyer, course.lessonId)).toBe(wm.notParticipant);
  });

  it('opens a live lesson’s recording at its start, a lesson without a time and a course «в записи» at once', async () => {
    const course = await courseWithRecording();
    const viewer = await createUser(context, 'early');
    await approve(viewer, course.lessonId);
    await db().update(lessons).set({ startsAt: new Date(Date.now() + 3_600_000) }).where(eq(lessons.id, course.lessonId));
    expect(await refusal(viewer, course.lessonId)).toBe(wm.notStarted);
    await db().update(courses).set({ format: 'recorded' }).where(eq(courses.id, course.id));
    await playback(viewer, course.lessonId);
    await db().update(courses).set({ format: 'live' }).where(eq(courses.id, course.id));
    await db().update(lessons).set({ startsAt: new Date(Date.now() - 60_000) }).where(eq(lessons.id, course.lessonId));
    await playback(viewer, course.lessonId);
    await db().update(lessons).set({ startsAt: null }).where(eq(lessons.id, course.lessonId));
    await playback(viewer, course.lessonId);
  });

  it('refuses a draft course’s recording to participants, not to its authors', async () => {
    const course = await courseWithRecording({ state: 'draft' });
    const viewer = await createUser(context, 'draft');
    await approve(viewer, course.lessonId);
    expect(await refusal(viewer, course.lessonId)).toBe(wm.courseDraft);
    expect((await playback(anna, course.lessonId)).availableUntil).toBeNull();
  });

  it('closes the window N days after the lesson, or after a later purchase, saying until when in the course’s zone', async () => {
    const course = await courseWithRecording();
    await db().update(courses).set({ recordingDays: 3, timeZone: 'Asia/Vladivostok' }).where(eq(courses.id, course.id));
    const startsAt = new Date(Date.now() - 10 * DAY);
    await db().update(lessons).set({ startsAt }).where(eq(lessons.id, course.lessonId));
    const [early, late] = await createUsers(context, 2, 'window');
    await approve(early!, course.lessonId, new Date(Date.now() - 12 * DAY));
    const boughtAt = new Date(Date.now() - DAY);
    await approve(late!, course.lessonId, boughtAt);

    const closedAt = new Date(startsAt.getTime() + 60 * 60_000 + 3 * DAY);
    const detail = await refusal(early!, course.lessonId);
    expect(detail).toBe(`Запись была доступна до ${formatRecordingDate(closedAt, 'Asia/Vladivostok')}`);
    expect(detail).toMatch(/^Запись была доступна до \d{1,2} [а-я]+ \d{4} г\.$/);
    expect((await call(app(), 'PUT', positionUrl(course.lessonId), early, { seconds: 1 })).statusCode).toBe(403);

    expect((await playback(late!, course.lessonId)).availableUntil).toBe(new Date(boughtAt.getTime() + 3 * DAY).toISOString());
    // The authors always may, whatever the window.
    expect((await playback(anna, course.lessonId)).availableUntil).toBeNull();
  });

  it('reopens the window with the author’s extension from the person’s card, and closes it when taken back', async () => {
    const course = await courseWithRecording();
    await db().update(courses).set({ recordingDays: 7 }).where(eq(courses.id, course.id));
    await db().update(lessons).set({ startsAt: new Date(Date.now() - 30 * DAY) }).where(eq(lessons.id, course.lessonId));
    const person = await createUser(context, 'extended');
    await approve(person, course.lessonId, new Date(Date.now() - 30 * DAY));
    expect(await refusal(person, course.lessonId)).toMatch(/^Запись была доступна до /);

    const access = `/api/v1/mutabo/people/${person.id}/recording-access/`;
    const until = new Date(Date.now() + 30 * DAY);
    const extended = await call(app(), 'PUT', access, anna, { course: course.id, until: until.toISOString() });
    expect(extended.statusCode, extended.body).toBe(204);
    expect((await playback(person, course.lessonId)).availableUntil).toBe(until.toISOString());

    const card = (await call(app(), 'GET', `/api/v1/mutabo/people/${person.id}/`, anna)).json<MutaboPersonCard>();
    expect(card.recordingAccess).toEqual([
      { courseId: course.id, courseTitle: course.title, timeZone: 'Europe/Moscow', recordingDays: 7, until: expect.any(String), extendedUntil: until.toISOString() },
    ]);
    expect(Date.parse(card.recordingAccess[0]!.until!)).toBeLessThan(Date.now());
    const history = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'person'), eq(auditLog.entityId, person.id)));
    expect(history.map((row) => [row.action, row.courseId, row.after])).toEqual([['update', course.id, { recordingUntil: until.toISOString() }]]);

    // Refusals: a time past, too far, not a time; a course the caller does not lead; a course without a window.
    const boris = { ...anna, headers: bearer(await app().deps.tokens.sign(ids.users.boris, 'access')) };
    const refused = async (who: TestUser, body: unknown, status: number) => {
      const answer = await call(app(), 'PUT', access, who, body);
      expect(answer.statusCode, answer.body).toBe(status);
      return answer.json<Record<string, unknown>>();
    };
    expect(await refused(anna, { course: course.id, until: new Date(Date.now() - DAY).toISOString() }, 400)).toEqual({ until: [wm.untilPast] });
    expect(await refused(anna, { course: course.id, until: new Date(Date.now() + 11 * 365 * DAY).toISOString() }, 400)).toEqual({ until: [wm.untilTooFar] });
    expect(await refused(anna, { course: course.id, until: 'завтра' }, 400)).toEqual({ until: [wm.untilInvalid] });
    expect(await refused(anna, { until: until.toISOString() }, 400)).toHaveProperty('course');
    expect(await refused(boris, { course: course.id, until: until.toISOString() }, 403)).toEqual({ detail: wm.notLedCourse });
    const always = await createCourse(db());
    await approve(person, always.lessonIds[0]!);
    expect(await refused(anna, { course: always.id, until: until.toISOString() }, 400)).toEqual({ course: [wm.noWindow] });
    const pupil = { ...anna, headers: bearer(await app().deps.tokens.sign(ids.users.pupil, 'access')) };
    expect((await call(app(), 'PUT', access, pupil, { course: course.id, until: until.toISOString() })).statusCode).toBe(403);

    const removed = await call(app(), 'DELETE', access, anna, { course: course.id });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await refusal(person, course.lessonId)).toMatch(/^Запись была доступна до /);
    const after = (await call(app(), 'GET', `/api/v1/mutabo/people/${person.id}/`, anna)).json<MutaboPersonCard>();
    expect(after.recordingAccess).toEqual([expect.objectContaining({ courseId: course.id, extendedUntil: null })]);
  });

  it('lets the course’s authors watch without a place, and only them', async () => {
    const course = await courseWithRecording({ authors: [ids.authors.anna, ids.authors.boris] });
    const boris = { ...anna, id: ids.users.boris, headers: bearer(await app().deps.tokens.sign(ids.users.boris, 'access')) };
    expect((await playback(anna, course.lessonId)).availableUntil).toBeNull();
    await playback(boris, course.lessonId);
    const stranger = await createAuthorUser(context);
    expect(await refusal(stranger, course.lessonId)).toBe(wm.notParticipant);
  });

  it('shows the course’s authors who watched, one row per person, the last watched first, with how far', async () => {
    const course = await courseWithRecording();
    const [first, second] = await createUsers(context, 2, 'watcher');
    for (const person of [first!, second!]) await approve(person, course.lessonId);
    const put = (who: TestUser, seconds: number) => call(app(), 'PUT', positionUrl(course.lessonId), who, { seconds });
    expect((await put(first!, 150)).statusCode).toBe(204);
    expect((await put(second!, 30)).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await put(first!, 60)).statusCode).toBe(204);

    const viewersUrl = `/api/v1/mutabo/lessons/${course.lessonId}/recording/viewers/`;
    const answer = await call(app(), 'GET', viewersUrl, anna);
    expect(answer.statusCode, answer.body).toBe(200);
    const viewers = answer.json<RecordingViewer[]>();
    expect(viewers.map((row) => [row.userId, row.furthest, row.share])).toEqual([
      [first!.id, 150, 0.5],
      [second!.id, 30, 0.1],
    ]);
    expect(viewers[0]).toMatchObject({ name: `${first!.firstName} Покупатель`, email: first!.email });

    const boris = { ...anna, headers: bearer(await app().deps.tokens.sign(ids.users.boris, 'access')) };
    expect((await call(app(), 'GET', viewersUrl, boris)).statusCode).toBe(404);
    expect((await call(app(), 'GET', viewersUrl, first)).statusCode).toBe(403);
    expect((await call(app(), 'GET', viewersUrl, null)).statusCode).toBe(401);
  });

  it('puts the positions and extensions in the person’s export, and erases them with the account', async () => {
    const course = await courseWithRecording({ title: 'Курс с записями для выгрузки' });
    await db().update(courses).set({ recordingDays: 30 }).where(eq(courses.id, course.id));
    const person = await createUser(context, 'exported');
    await approve(person, course.lessonId);
    expect((await call(app(), 'PUT', positionUrl(course.lessonId), person, { seconds: 77 })).statusCode).toBe(204);
    const until = new Date(Date.now() + 90 * DAY);
    expect((await call(app(), 'PUT', `/api/v1/mutabo/people/${person.id}/recording-access/`, anna, { course: course.id, until: until.toISOString() })).statusCode).toBe(204);

    const exported = await call(app(), 'GET', '/api/v1/users/me/export/', person);
    expect(exported.statusCode, exported.body).toBe(200);
    const data = exported.json<{ recordingPositions: unknown[]; recordingAccessExtensions: unknown[] }>();
    expect(data.recordingPositions).toEqual([
      {
        lessonId: course.lessonId,
        lessonNumber: 1,
        lessonTitle: 'Занятие 1',
        courseTitle: 'Курс с записями для выгрузки',
        seconds: 77,
        furthest: 77,
        firstWatchedAt: expect.any(String),
        lastWatchedAt: expect.any(String),
      },
    ]);
    expect(data.recordingAccessExtensions).toEqual([{ courseId: course.id, courseTitle: 'Курс с записями для выгрузки', until: until.toISOString(), grantedAt: expect.any(String) }]);

    const deleted = await call(app(), 'DELETE', `/api/v1/mutabo/people/${person.id}/`, anna, { writtenRequest: true });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await db().select().from(recordingPositions).where(eq(recordingPositions.userId, person.id))).toEqual([]);
    expect(await db().select().from(recordingAccessExtensions).where(eq(recordingAccessExtensions.userId, person.id))).toEqual([]);
    const [{ count } = { count: -1 }] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(recordingPositions)
      .where(eq(recordingPositions.lessonId, course.lessonId));
    expect(count).toBe(0);
  });
});
