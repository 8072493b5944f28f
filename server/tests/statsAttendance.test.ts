// Issue 37, item 4: attendance and engagement per lesson (docs/STATS.md) on a small history whose answer is known:
// approved participants, who came to the room (none to count in a course in recordings), who watched a ready
// recording, who answered an assignment; the caller's most recent lessons without a course; who may ask; the CSV twin.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_COLUMNS, ATTENDANCE_RECENT_LESSONS, STATS_API, statsMessages, type AttendanceStats } from '../../common/stats.ts';
import { homeworkAnswers, lessonAttendance, lessonRecordings, lessons, participants, recordingPositions } from '../src/db/schema.ts';
import { ids } from './fixtures.ts';
import { openMutaboKit, type MutaboKit } from './mutaboKit.ts';
import { makeCourse, makePeople } from './statsKit.ts';
import { dbModes } from './testDb.ts';

const WEEK = 7 * 86_400_000;
const LESSON_ONE = new Date('2026-01-10T10:00:00Z');

describe.each(dbModes())('attendance statistics (%s)', (mode) => {
  let kit: MutaboKit;
  let live: { id: number; lessons: number[] };
  let recorded: { id: number; lessons: number[] };
  let older: { id: number; lessons: number[] };
  let borisOnly: { id: number; lessons: number[] };

  const get = (url: string, who: 'anna' | 'boris' | 'pupil' | 'guest' = 'anna') => kit.call('GET', url, who);
  const attendance = async (query: string) => {
    const response = await get(`${STATS_API.attendance}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AttendanceStats;
  };

  beforeAll(async () => {
    kit = await openMutaboKit(mode);
    const db = kit.testDb.database.db;
    // Two lessons held in January 2026, the third in 2099.
    live = await makeCourse(db, { title: 'Живой курс', authors: [ids.authors.anna], startsAt: (index) => (index < 2 ? new Date(LESSON_ONE.getTime() + index * WEEK) : new Date('2099-01-01T10:00:00Z')) });
    recorded = await makeCourse(db, { title: 'Курс в записи', format: 'recorded', authors: [ids.authors.anna], lessons: 2 });
    // Fourteen lessons held weekly in 2025, older than the live course's.
    older = await makeCourse(db, { title: 'Прошлогодний курс', authors: [ids.authors.anna], lessons: 14, startsAt: (index) => new Date(Date.parse('2025-01-06T10:00:00Z') + index * WEEK) });
    borisOnly = await makeCourse(db, { title: 'Курс Бориса', authors: [ids.authors.boris] });
    const [u1, u2, u3, u4] = await makePeople(db, 4, 'attendance');
    const [l1, l2] = live.lessons as [number, number];
    const [r1] = recorded.lessons as [number];
    await db.update(lessons).set({ assignment: 'Прочитайте главу.' }).where(eq(lessons.id, l1));
    await db.insert(participants).values([
      { userId: u1!, lessonId: l1, state: 'approved' },
      { userId: u2!, lessonId: l1, state: 'approved' },
      { userId: u3!, lessonId: l1, state: 'approved' },
      { userId: u4!, lessonId: l1, state: 'reserved' },
      { userId: u1!, lessonId: l2, state: 'approved' },
      { userId: u1!, lessonId: r1, state: 'approved' },
    ]);
    await db.insert(lessonAttendance).values([
      { lessonId: l1, userId: u1! },
      { lessonId: l1, userId: u2! },
      { lessonId: l2, userId: u1! },
    ]);
    await db.insert(lessonRecordings).values([
      { lessonId: l1, generation: 'stats-ready-1', state: 'ready', uploadSize: 1000 },
      { lessonId: l2, generation: 'stats-failed-2', state: 'failed', uploadSize: 1000 },
      { lessonId: r1, generation: 'stats-ready-r1', state: 'ready', uploadSize: 1000 },
    ]);
    await db.insert(recordingPositions).values([
      { userId: u1!, lessonId: l1, seconds: 100, furthest: 100 },
      // Opened and never played: not watched.
      { userId: u3!, lessonId: l1, seconds: 0, furthest: 0 },
      // Lesson 2 has no ready recording: nothing is counted.
      { userId: u2!, lessonId: l2, seconds: 50, furthest: 50 },
      { userId: u1!, lessonId: r1, seconds: 10, furthest: 10 },
    ]);
    await db.insert(homeworkAnswers).values([
      { lessonId: l1, userId: u1!, state: 'returned' },
      { lessonId: l1, userId: u1!, state: 'submitted' },
      { lessonId: l1, userId: u2!, state: 'draft' },
      { lessonId: l1, userId: u3!, state: 'accepted' },
    ]);
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
  });

  it('counts people per lesson of a course, null where the product records nothing', async () => {
    const stats = await attendance(`course=${live.id}`);
    const course = { id: live.id, title: 'Живой курс' };
    expect(stats.rows).toEqual([
      { lesson: { id: live.lessons[0], number: 1, title: 'Занятие 1', start: '2026-01-10T10:00:00.000Z', course }, approved: 3, joined: 2, watched: 1, answered: 2 },
      { lesson: { id: live.lessons[1], number: 2, title: 'Занятие 2', start: '2026-01-17T10:00:00.000Z', course }, approved: 1, joined: 1, watched: null, answered: null },
      { lesson: { id: live.lessons[2], number: 3, title: 'Занятие 3', start: '2099-01-01T10:00:00.000Z', course }, approved: 0, joined: 0, watched: null, answered: null },
    ]);
  });

  it('has no room to count for a course in recordings', async () => {
    const stats = await attendance(`course=${recorded.id}`);
    expect(stats.rows.map((row) => [row.lesson.number, row.lesson.start, row.approved, row.joined, row.watched, row.answered])).toEqual([
      [1, null, 1, null, 1, null],
      [2, null, 0, null, null, null],
    ]);
  });

  it('without a course, the caller’s lessons that began most recently, oldest first', async () => {
    const stats = await attendance('');
    expect(stats.rows).toHaveLength(ATTENDANCE_RECENT_LESSONS);
    expect(stats.rows.map((row) => row.lesson.id)).toEqual([...older.lessons.slice(4), live.lessons[0], live.lessons[1]]);
    expect((await attendance('course=')).rows).toEqual(stats.rows);
  });

  it('answers only the authors, about their own courses', async () => {
    expect((await get(STATS_API.attendance, 'guest')).statusCode).toBe(401);
    expect((await get(STATS_API.attendance, 'pupil')).statusCode).toBe(403);
    const other = await get(`${STATS_API.attendance}?course=${borisOnly.id}`);
    expect([other.statusCode, other.json()]).toEqual([404, { detail: statsMessages.badCourse }]);
    const bad = await get(`${STATS_API.attendanceCsv}?course=x`);
    expect([bad.statusCode, bad.json()]).toEqual([400, { course: [statsMessages.badCourse] }]);
  });

  it('writes the CSV twin, dates in the course’s zone', async () => {
    const csv = await get(`${STATS_API.attendanceCsv}?course=${live.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="attendance-${live.id}.csv"`);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${ATTENDANCE_COLUMNS.map((heading) => `"${heading}"`).join(';')}`);
    expect(lines[1]).toBe('"Живой курс";"1. Занятие 1";"10.01.2026, 13:00";"3";"2";"1";"2"');
    expect(lines[2]).toBe('"Живой курс";"2. Занятие 2";"17.01.2026, 13:00";"1";"1";"";""');
    const recent = await get(STATS_API.attendanceCsv);
    expect(recent.headers['content-disposition']).toBe('attachment; filename="attendance-recent.csv"');
  });
});
