// People, not rows (issue 22, item 3): the start page counts a person with four lessons once, lists them with their
// lessons, shows the holds of one checkout as one line and says «no places» only when no lesson has one; one person's
// lessons are approved together through the bulk endpoint; the course's history names the people and lessons.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import type { MutaboParticipant, MutaboParticipants } from '../../common/mutabo/participants.ts';
import type { MutaboDashboard } from '../../common/mutabo/start.ts';
import { auditLog, participants, payments, refunds } from '../src/db/schema.ts';
import { createAuthorUser, createCourse, createUsers, fixtureAuthor, json, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { dbModes } from './testDb.ts';

describe.each(dbModes())('people on the start page and their lessons approved together (%s)', (mode) => {
  let context: EnrollmentApp;
  let anna: TestUser;
  let stranger: TestUser;
  const app = () => context.app;

  beforeAll(async () => {
    context = await startEnrollmentApp(mode);
    anna = await fixtureAuthor(context);
    stranger = await createAuthorUser(context);
  });

  afterAll(async () => {
    await context?.close();
  });

  const board = async () => {
    const response = await json(app(), 'GET', '/api/v1/mutabo/dashboard/', anna);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MutaboDashboard>();
  };

  const table = async (courseId: number) => (await json(app(), 'GET', `/api/v1/mutabo/courses/${courseId}/participants/`, anna)).json<MutaboParticipants>();

  /** A free course of Анна's with four lessons; `people` join all four through the public endpoint. */
  const freeCourse = async (limit: number, people: number, prefix: string) => {
    const course = await createCourse(context.db, { participantsLimit: limit, lessons: 4 });
    const joiners = await createUsers(context, people, prefix);
    for (const person of joiners) expect((await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, person)).statusCode).toBe(200);
    return { course, joiners };
  };

  it('counts a girl with four lessons awaiting approval as one person, with her lessons listed under her', async () => {
    const { course, joiners } = await freeCourse(5, 2, 'girl');
    const summary = await board();
    expect(summary.courses.find((row) => row.id === course.id)).toMatchObject({ awaitingApproval: 2, waiting: 0 });
    const people = summary.awaitingPeople.filter((line) => line.courseId === course.id);
    expect(people.map((line) => line.person.id)).toEqual(joiners.map((person) => person.id));
    expect(people[0]!.lessons.map((lesson) => [lesson.number, lesson.title])).toEqual([
      [1, 'Занятие 1'],
      [2, 'Занятие 2'],
      [3, 'Занятие 3'],
      [4, 'Занятие 4'],
    ]);
    const rows = (await table(course.id)).participants.filter((row) => row.person.id === joiners[0]!.id);
    expect(people[0]!.lessons.map((lesson) => lesson.participantId).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(summary.awaitingPeople.every((line) => new Date(line.since).getTime() <= Date.now())).toBe(true);
    // Another author sees none of them.
    const theirs = (await json(app(), 'GET', '/api/v1/mutabo/dashboard/', stranger)).json<MutaboDashboard>();
    expect(theirs.awaitingPeople).toEqual([]);
  });

  it('approves one person’s four lessons in one request: one letter naming them, and the summary no longer counts her', async () => {
    const { course, joiners } = await freeCourse(5, 2, 'approved');
    const [girl, other] = joiners as [TestUser, TestUser];
    const line = (await board()).awaitingPeople.find((entry) => entry.courseId === course.id && entry.person.id === girl.id)!;
    const response = await json(app(), 'POST', '/api/v1/mutabo/participants/approve/', anna, { participants: line.lessons.map((lesson) => lesson.participantId) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MutaboParticipant[]>().map((row) => row.state)).toEqual(['approved', 'approved', 'approved', 'approved']);
    await app().deps.letters.drain({ gathering: true });
    const letters = context.mailer.to(girl.email);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.text).toContain('1. Занятие 1\n2. Занятие 2\n3. Занятие 3\n4. Занятие 4');
    const after = await board();
    expect(after.courses.find((row) => row.id === course.id)!.awaitingApproval).toBe(1);
    expect(after.awaitingPeople.filter((entry) => entry.courseId === course.id).map((entry) => entry.person.id)).toEqual([other.id]);
    const history = (await json(app(), 'GET', `/api/v1/mutabo/courses/${course.id}/history/`, anna)).json<HistoryPage>();
    const approvals = history.results.filter((entry) => entry.entity === 'participant' && entry.action === 'approve');
    expect(approvals).toHaveLength(4);
    // The history names the person and the lesson behind the record's ids (read now, not stored in the record).
    expect(approvals.map((entry) => entry.about?.lessons?.map((lesson) => lesson.number)).sort()).toEqual([[1], [2], [3], [4]]);
    expect(approvals.every((entry) => entry.about?.person?.email === girl.email)).toBe(true);
  });

  it('shows an abandoned checkout of seven lessons as one hold line: the person, the lessons, until when', async () => {
    const course = await createCourse(context.db, { participantsLimit: 5, lessons: 7, prices: [RUB] });
    const [abandoned, other] = await createUsers(context, 2, 'checkout');
    const seven = await json(app(), 'POST', '/api/v1/payments/', abandoned, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: course.lessonIds });
    expect(seven.statusCode, seven.body).toBe(201);
    const two = await json(app(), 'POST', '/api/v1/payments/', other, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: course.lessonIds.slice(0, 2) });
    expect(two.statusCode, two.body).toBe(201);
    const holds = (await board()).lapsingHolds.filter((line) => line.courseId === course.id);
    expect(holds).toHaveLength(2);
    const line = holds.find((entry) => entry.person.id === abandoned!.id)!;
    const [payment] = await context.db.select().from(payments).where(eq(payments.userId, abandoned!.id));
    expect(line).toMatchObject({ paymentId: payment!.id, courseTitle: course.title });
    expect(line.lessons.map((lesson) => lesson.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Date(line.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(holds.find((entry) => entry.person.id === other!.id)!.lessons.map((lesson) => lesson.number)).toEqual([1, 2]);
    // The queue counts people: nobody waits here, and the places are what the fullest and the emptiest lesson have.
    expect((await board()).courses.find((row) => row.id === course.id)).toMatchObject({ placesLeft: 3, mostPlacesLeft: 4, fullLessons: [], publishedLessons: 7, waiting: 0 });
  });

  it("names the payer and the lessons of a payment's and a refund's history records", async () => {
    const course = await createCourse(context.db, { participantsLimit: 3, lessons: 2, prices: [RUB] });
    const [payer] = await createUsers(context, 1, 'payer');
    const [payment] = await context.db
      .insert(payments)
      .values({ userId: payer!.id, system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', amount: '2400', state: 'STATE_COMPLETED', expiresAt: new Date(), paidAt: new Date() })
      .returning();
    const [refund] = await context.db
      .insert(refunds)
      .values({ paymentId: payment!.id, lessonIds: [course.lessonIds[1]!], amount: '1200', currency: 'CURRENCY_CHOICE_RUB', system: 'yookassa', idempotenceKey: `refund-${payment!.id}-test`, state: 'succeeded' })
      .returning();
    await context.db.insert(auditLog).values([
      { userId: 1, entity: 'payment', entityId: payment!.id, courseId: course.id, action: 'refund', before: null, after: { refund: refund!.id, lessons: [course.lessonIds[1]!], amount: 1200, currency: 'CURRENCY_CHOICE_RUB' } },
      { userId: null, entity: 'refund', entityId: refund!.id, courseId: course.id, action: 'update', before: { state: 'pending' }, after: { state: 'succeeded', lessons: [course.lessonIds[1]!], amount: 1200 } },
    ]);
    const history = (await json(app(), 'GET', `/api/v1/mutabo/courses/${course.id}/history/`, anna)).json<HistoryPage>();
    const named = { person: { firstName: payer!.firstName, lastName: expect.any(String), email: payer!.email }, paymentId: payment!.id, lessons: [{ id: course.lessonIds[1], number: 2, title: 'Занятие 2' }] };
    expect(history.results.map((entry) => [entry.entity, entry.about])).toEqual([
      ['refund', named],
      ['payment', named],
    ]);
  });

  it('counts a person waiting for two lessons once, and says «no places» only when no lesson has one', async () => {
    const course = await createCourse(context.db, { participantsLimit: 1, lessons: 2 });
    const [holder, waiter] = await createUsers(context, 2, 'queue');
    // The holder takes lesson 1 only; the waiter joins both: waits for lesson 1, holds lesson 2.
    await context.db.insert(participants).values({ userId: holder!.id, lessonId: course.lessonIds[0]!, state: 'approved', participatedAt: new Date() });
    expect((await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, waiter)).statusCode).toBe(200);
    let row = (await board()).courses.find((entry) => entry.id === course.id)!;
    expect(row).toMatchObject({ placesLeft: 0, mostPlacesLeft: 0, fullLessons: [1, 2], waiting: 1, awaitingApproval: 1 });
    // Lesson 2 freed: one lesson still has a place.
    await context.db.delete(participants).where(inArray(participants.lessonId, [course.lessonIds[1]!]));
    row = (await board()).courses.find((entry) => entry.id === course.id)!;
    expect(row).toMatchObject({ placesLeft: 0, mostPlacesLeft: 1, fullLessons: [1], waiting: 1, awaitingApproval: 0 });
    // A second person waiting for both lessons: two people, not three rows.
    const [third] = await createUsers(context, 1, 'queue');
    await context.db.insert(participants).values(course.lessonIds.map((lessonId) => ({ userId: third!.id, lessonId, state: 'waiting_list' as const })));
    expect((await board()).courses.find((entry) => entry.id === course.id)!.waiting).toBe(2);
  });
});
