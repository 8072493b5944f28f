// Which participant row holds a place (approved, or reserved and not lapsed) is one rule (countedPlace in
// repositories/places/placesRepository.ts): every count of places and every list of the people on a lesson must agree on it.
// Rows in every state are written directly; the counts the public, the payer, the lock and the authors see are
// compared with the rows the authors' participants table lists.
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboCourse, MutaboCourseListItem } from '../../common/mutabo/courses.ts';
import type { MailingAudienceCounts } from '../../common/mutabo/mailings.ts';
import type { MutaboParticipants } from '../../common/mutabo/participants.ts';
import type { MutaboDashboard } from '../../common/mutabo/start.ts';
import type { CourseDetails, Participation } from '../../common/wireTypes.ts';
import { participants } from '../src/db/schema.ts';
import { countedPlace, lockCourse, takenOnPublishedLessons, takenPlaces } from '../src/repositories/places/placesRepository.ts';
import { createCourse, createUsers, json, RUB, startEnrollmentApp, type EnrollmentApp, type TestCourse, type TestUser } from './enrollmentKit.ts';
import { dbModes } from './testDb.ts';

const LIMIT = 3;
const HOUR = 60 * 60 * 1000;

type Kind = 'approved' | 'freeHold' | 'liveHold' | 'lapsedHold' | 'waiting';

/** Whether a row of this kind holds a place: the rule, written out once more as the expectation. */
const HOLDS: Record<Kind, boolean> = { approved: true, freeHold: true, liveHold: true, lapsedHold: false, waiting: false };

const rowOf = (kind: Kind) =>
  ({
    approved: { state: 'approved' as const, participatedAt: new Date() },
    freeHold: { state: 'reserved' as const, expiredAt: null },
    liveHold: { state: 'reserved' as const, expiredAt: new Date(Date.now() + HOUR) },
    lapsedHold: { state: 'reserved' as const, expiredAt: new Date(Date.now() - HOUR) },
    waiting: { state: 'waiting_list' as const },
  })[kind];

describe.each(dbModes())('which participant row holds a place (%s)', (mode) => {
  let context: EnrollmentApp;
  let anna: TestUser;
  let course: TestCourse;
  /** Per lesson, the people on it and the kind of their row. */
  const people = new Map<number, { user: TestUser; kind: Kind }[]>();
  const app = () => context.app;

  // Lesson 1 is full only if every approved row and every hold that has not lapsed counts; lesson 2 has a place left
  // only if no lapsed hold and no waiting-list row counts.
  const layout: Kind[][] = [
    ['approved', 'freeHold', 'liveHold', 'lapsedHold', 'waiting'],
    ['approved', 'liveHold', 'lapsedHold', 'lapsedHold', 'waiting', 'waiting'],
  ];

  beforeAll(async () => {
    context = await startEnrollmentApp(mode);
    anna = { id: 1, email: '', firstName: 'Анна', token: await app().deps.tokens.sign(1, 'access'), headers: {} };
    anna.headers = { authorization: `Bearer ${anna.token}` };
    course = await createCourse(context.db, { participantsLimit: LIMIT, lessons: layout.length, prices: [RUB] });
    for (const [index, kinds] of layout.entries()) {
      const lessonId = course.lessonIds[index]!;
      const users = await createUsers(context, kinds.length, `rule-${index}`);
      await context.db.insert(participants).values(kinds.map((kind, position) => ({ userId: users[position]!.id, lessonId, ...rowOf(kind) })));
      people.set(
        lessonId,
        kinds.map((kind, position) => ({ user: users[position]!, kind })),
      );
    }
  });

  afterAll(async () => {
    await context?.close();
  });

  const get = async <T>(url: string, user: TestUser | null = anna): Promise<T> => {
    const response = await json(app(), 'GET', url, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  /** Per lesson, how many rows the authors' participants table lists as holding a place. */
  const listedAsHolding = async () => {
    const table = await get<MutaboParticipants>(`/api/v1/mutabo/courses/${course.id}/participants/`);
    return new Map(course.lessonIds.map((lessonId) => [lessonId, table.participants.filter((row) => row.lessonId === lessonId && row.state !== 'waiting_list').length]));
  };

  it('holds a place for an approved row and a hold that has not lapsed, not for a lapsed hold or the waiting list', async () => {
    const rows = await context.db
      .select({ userId: participants.userId, lessonId: participants.lessonId, counted: sql<boolean>`${countedPlace}` })
      .from(participants)
      .where(inArray(participants.lessonId, course.lessonIds));
    for (const row of rows) {
      const kind = people.get(row.lessonId)!.find((person) => person.user.id === row.userId)!.kind;
      expect(row.counted, kind).toBe(HOLDS[kind]);
    }
  });

  it('the authors’ table lists exactly the rows that hold a place or wait, and counts those that hold one', async () => {
    const table = await get<MutaboParticipants>(`/api/v1/mutabo/courses/${course.id}/participants/`);
    for (const lessonId of course.lessonIds) {
      const expected = people.get(lessonId)!.filter((person) => person.kind !== 'lapsedHold');
      const listed = table.participants.filter((row) => row.lessonId === lessonId);
      expect(listed.map((row) => row.person.id).sort()).toEqual(expected.map((person) => person.user.id).sort());
      const holding = people.get(lessonId)!.filter((person) => HOLDS[person.kind]).length;
      expect(listed.filter((row) => row.state !== 'waiting_list')).toHaveLength(holding);
      expect(table.lessons.find((lesson) => lesson.id === lessonId)!.taken).toBe(holding);
    }
  });

  it('every count of places agrees with the table: under the lock, the public course, the area and the mailing audience', async () => {
    const listed = await listedAsHolding();
    expect([...listed.values()]).toEqual([LIMIT, LIMIT - 1]);

    // The counts the locked transactions decide with.
    expect(await takenPlaces(context.db, course.lessonIds)).toEqual(listed);
    await context.db.transaction(async (tx) => {
      await lockCourse(tx, course.id);
      expect(await takenOnPublishedLessons(tx, course.id)).toEqual(listed);
    });

    // The public course page: a lesson is free while fewer rows than the limit hold a place.
    const details = await get<CourseDetails>(`/api/v1/courses/${course.id}/`, null);
    expect(details.lessons.map((lesson) => lesson.hasFreePlaces)).toEqual(course.lessonIds.map((lessonId) => listed.get(lessonId)! < LIMIT));

    // The area's course list and start page: the fullest lesson.
    const fullest = Math.max(...listed.values());
    const list = await get<MutaboCourseListItem[]>('/api/v1/mutabo/courses/');
    expect(list.find((item) => item.id === course.id)!.placesTaken).toBe(fullest);
    const dashboard = await get<MutaboDashboard>('/api/v1/mutabo/dashboard/');
    expect(dashboard.courses.find((item) => item.id === course.id)!.placesLeft).toBe(LIMIT - fullest);
    // The area's lesson list: the people holding each lesson, which its draft confirmation names.
    const area = await get<MutaboCourse>(`/api/v1/mutabo/courses/${course.id}/`);
    expect(new Map(area.lessons.map((lesson) => [lesson.id, lesson.people.holding]))).toEqual(listed);

    // A mailing to the participants goes to everyone who holds a place on one of the lessons.
    const holders = new Set([...people.values()].flat().filter((person) => HOLDS[person.kind]).map((person) => person.user.id));
    expect((await get<MailingAudienceCounts>(`/api/v1/mutabo/courses/${course.id}/mailings/audience/`)).participants).toBe(holders.size);
  });

  it('a buyer is refused the lesson the rows fill and gets the one they leave a place on', async () => {
    const [buyer] = await createUsers(context, 1, 'rule-buyer');
    const pay = (lessonId: number) => json(app(), 'POST', '/api/v1/payments/', buyer, { system: 'yookassa', currency: RUB.currency, lessons: [lessonId] });
    const full = await pay(course.lessonIds[0]!);
    expect(full.json()).toEqual({ lessons_are_fully_occupied: [`Нет свободных мест на занятии {lessons:[${course.lessonIds[0]}]}.`] });
    expect((await pay(course.lessonIds[1]!)).statusCode).toBe(201);
  });

  it('each person sees their own row, unless it is a lapsed hold', async () => {
    for (const lessonId of course.lessonIds) {
      for (const { user, kind } of people.get(lessonId)!) {
        const own = await get<Participation[]>('/api/v1/participants/', user);
        const lesson = own.find((row) => row.id === course.id)?.lessons.find((item) => item.id === lessonId);
        expect(lesson?.participationState ?? null, kind).toBe(kind === 'lapsedHold' ? null : rowOf(kind).state);
        const details = await get<CourseDetails>(`/api/v1/courses/${course.id}/`, user);
        expect(details.lessons.find((item) => item.id === lessonId)!.participationState ?? null, kind).toBe(kind === 'lapsedHold' ? null : rowOf(kind).state);
      }
    }
  });
});
