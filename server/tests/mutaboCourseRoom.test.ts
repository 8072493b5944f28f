// One room for the whole course (issue 32, item 3): the course's room link, set by the course form or a series, is
// the link of its lessons without one of their own; changing it changes those lessons, as their own change would
// (history, versions, what their participants get), and leaves a lesson with its own link alone.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboCourse } from '../../common/mutabo/courses.ts';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import { joinPath } from '../../common/attendance.ts';
import type { CourseDetails } from '../../common/wireTypes.ts';
import { auditLog, participants } from '../src/db/schema.ts';
import { ids } from './fixtures.ts';
import { openMutaboKit, type MutaboKit } from './mutaboKit.ts';
import { dbModes } from './testDb.ts';

const WEEKLY = 'https://meet.example.org/weekly';
const MOVED = 'https://meet.example.org/moved';
const OWN = 'https://meet.example.org/guest-speaker';
const SPRING = 'https://meet.example.org/spring';

describe.each(dbModes())('the course’s room link (%s)', (mode) => {
  let kit: MutaboKit;

  beforeAll(async () => {
    kit = await openMutaboKit(mode);
  });

  afterAll(async () => {
    await kit?.close();
  });

  const course = async (id: number) => (await kit.call('GET', `/api/v1/mutabo/courses/${id}/`, 'anna')).json<MutaboCourse>();
  const rooms = async (id: number) => (await course(id)).lessons.map((lesson) => [lesson.number, lesson.roomUrl]);
  const patchCourse = async (id: number, body: Record<string, unknown>) => {
    const response = await kit.call('PATCH', `/api/v1/mutabo/courses/${id}/`, 'anna', { ...body, version: (await course(id)).version });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MutaboCourse>();
  };

  it('is the link of the lessons without their own; a change moves them, not a lesson with its own link', async () => {
    const created = await kit.call('POST', '/api/v1/mutabo/courses/', 'anna', { title: 'Одна комната', disciplesAge: 'DISCIPLES_AGE_ADULTS', roomUrl: WEEKLY });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<MutaboCourse>().id;
    expect(created.json<MutaboCourse>().roomUrl).toBe(WEEKLY);

    // A weekly series and two single lessons: one without a link, one with its own.
    const series = await kit.call('POST', `/api/v1/mutabo/courses/${id}/lessons/series/`, 'anna', { count: 3, firstStartsAt: '2031-02-05T19:00:00+03:00', duration: 60 });
    expect(series.statusCode, series.body).toBe(201);
    expect(series.json<MutaboLesson[]>().map((lesson) => lesson.roomUrl)).toEqual([WEEKLY, WEEKLY, WEEKLY]);
    for (const body of [{ title: 'Без ссылки', duration: 60 }, { title: 'Гость', duration: 60, roomUrl: OWN }]) {
      expect((await kit.call('POST', `/api/v1/mutabo/courses/${id}/lessons/`, 'anna', body)).statusCode).toBe(201);
    }
    expect(await rooms(id)).toEqual([[1, WEEKLY], [2, WEEKLY], [3, WEEKLY], [4, WEEKLY], [5, OWN]]);
    const versionsBefore = (await course(id)).lessons.map((lesson) => lesson.version);

    // One change in the course form: every lesson in the course's room follows, with a new version and its own
    // history entry; the guest's lesson keeps its link.
    expect((await patchCourse(id, { roomUrl: MOVED })).roomUrl).toBe(MOVED);
    const after = await course(id);
    expect(after.lessons.map((lesson) => [lesson.number, lesson.roomUrl])).toEqual([[1, MOVED], [2, MOVED], [3, MOVED], [4, MOVED], [5, OWN]]);
    expect(after.lessons.map((lesson, index) => lesson.version - versionsBefore[index]!)).toEqual([1, 1, 1, 1, 0]);
    const history = (await kit.call('GET', `/api/v1/mutabo/courses/${id}/history/`, 'anna')).json<HistoryPage>();
    const roomChanges = history.results.filter((entry) => entry.entity === 'lesson' && entry.action === 'update');
    expect(roomChanges).toHaveLength(4);
    const roomOf = (snapshot: unknown) => (snapshot as { roomUrl?: string } | null)?.roomUrl;
    for (const entry of roomChanges) expect([roomOf(entry.before), roomOf(entry.after)]).toEqual([WEEKLY, MOVED]);
    expect(history.results.find((entry) => entry.entity === 'course' && entry.action === 'update')).toMatchObject({ before: { roomUrl: WEEKLY }, after: { roomUrl: MOVED } });

    // A lesson whose link is cleared is back in the course's room.
    const guest = after.lessons[4]!;
    const cleared = await kit.call('PATCH', `/api/v1/mutabo/lessons/${guest.id}/`, 'anna', { roomUrl: '', version: guest.version });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<MutaboLesson>().roomUrl).toBe(MOVED);

    // A series with a link makes it the course's: the lessons in the course's room follow, the new ones use it.
    const spring = await kit.call('POST', `/api/v1/mutabo/courses/${id}/lessons/series/`, 'anna', { count: 2, firstStartsAt: '2031-04-02T19:00:00+03:00', duration: 60, roomUrl: SPRING });
    expect(spring.statusCode, spring.body).toBe(201);
    expect(spring.json<MutaboLesson[]>().map((lesson) => lesson.roomUrl)).toEqual([SPRING, SPRING]);
    expect((await course(id)).roomUrl).toBe(SPRING);
    expect(await rooms(id)).toEqual([[1, SPRING], [2, SPRING], [3, SPRING], [4, SPRING], [5, SPRING], [6, SPRING], [7, SPRING]]);
  });

  it('refuses a link that is not https under roomUrl, in Russian, in the course form and the series', async () => {
    const refused = await kit.call('POST', '/api/v1/mutabo/courses/', 'anna', { title: 'Плохая ссылка', disciplesAge: 'DISCIPLES_AGE_ADULTS', roomUrl: 'http://meet.example.org/x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Record<string, string[]>>().roomUrl?.[0]).toMatch(/https/);
    const series = await kit.call('POST', `/api/v1/mutabo/courses/${ids.courses.open}/lessons/series/`, 'anna', { count: 1, firstStartsAt: '2031-02-05T19:00:00+03:00', duration: 60, roomUrl: 'ftp://x' });
    expect(series.statusCode).toBe(400);
    expect(series.json<Record<string, string[]>>().roomUrl?.[0]).toMatch(/https/);
  });

  it('gives a participant in the room window the new link at once', async () => {
    const created = await kit.call('POST', '/api/v1/mutabo/courses/', 'anna', { title: 'Комната сейчас', disciplesAge: 'DISCIPLES_AGE_ADULTS', state: 'announced', roomUrl: WEEKLY });
    const id = created.json<MutaboCourse>().id;
    // Starts in ten minutes: its room is open to its approved participants.
    const soon = new Date(Date.now() + 10 * 60_000).toISOString();
    const lesson = (await kit.call('POST', `/api/v1/mutabo/courses/${id}/lessons/`, 'anna', { title: 'Сейчас', duration: 60, startsAt: soon })).json<MutaboLesson>();
    await kit.testDb.database.db.insert(participants).values({ userId: ids.users.pupil, lessonId: lesson.id, state: 'approved', participatedAt: new Date() });
    const seen = async () => (await kit.call('GET', `/api/v1/courses/${id}/`, 'pupil')).json<CourseDetails>().lessons.map((entry) => entry.roomUrl);
    // The participant's link is the site's join address (docs/ATTENDANCE.md); it leads to the course's room of now.
    const room = async () => (await kit.call('POST', `/api/v1/lessons/${lesson.id}/join/`, 'pupil')).json<{ url: string }>().url;
    expect(await seen()).toEqual([joinPath(lesson.id)]);
    expect(await room()).toBe(WEEKLY);
    await patchCourse(id, { roomUrl: MOVED });
    expect(await seen()).toEqual([joinPath(lesson.id)]);
    expect(await room()).toBe(MOVED);
    // A visitor never gets it.
    expect((await kit.call('GET', `/api/v1/courses/${id}/`, 'guest')).json<CourseDetails>().lessons.map((entry) => entry.roomUrl)).toEqual([undefined]);
    const recorded = await kit.testDb.database.db.select().from(auditLog).where(and(eq(auditLog.courseId, id), eq(auditLog.entity, 'lesson'), eq(auditLog.action, 'update')));
    expect(recorded).toHaveLength(1);
  });
});
