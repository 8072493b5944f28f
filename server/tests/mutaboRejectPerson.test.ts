// One person's lessons rejected together (issue 22, item 3): POST /api/v1/mutabo/participants/reject/ takes the rows of
// one course, rejects every one or none by the rule of one row's rejection, and sends one letter per person.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import type { MutaboParticipants } from '../../common/mutabo/participants.ts';
import { participants, payments } from '../src/db/schema.ts';
import { createAuthorUser, createCourse, createUsers, fixtureAuthor, json, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { dbModes } from './testDb.ts';

describe.each(dbModes())('one person’s lessons rejected together (%s)', (mode) => {
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

  const table = async (courseId: number) => (await json(app(), 'GET', `/api/v1/mutabo/courses/${courseId}/participants/`, anna)).json<MutaboParticipants>();

  /** A free course of Анна's with four lessons; `people` join all four through the public endpoint. */
  const freeCourse = async (limit: number, people: number, prefix: string) => {
    const course = await createCourse(context.db, { participantsLimit: limit, lessons: 4 });
    const joiners = await createUsers(context, people, prefix);
    for (const person of joiners) expect((await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, person)).statusCode).toBe(200);
    return { course, joiners };
  };

  it('rejects one person’s lessons in one request: one letter, the places go to the queue, the history records each', async () => {
    const { course, joiners } = await freeCourse(1, 2, 'rejected');
    const [first, second] = joiners as [TestUser, TestUser];
    const before = await table(course.id);
    expect(before.participants.filter((row) => row.person.id === second.id).map((row) => row.state)).toEqual(['waiting_list', 'waiting_list', 'waiting_list', 'waiting_list']);
    const ids = before.participants.filter((row) => row.person.id === first.id).map((row) => row.id);
    const response = await json(app(), 'POST', '/api/v1/mutabo/participants/reject/', anna, { participants: ids });
    expect(response.statusCode, response.body).toBe(204);
    const after = await table(course.id);
    expect(after.participants.map((row) => [row.person.id, row.state])).toEqual(course.lessonIds.map(() => [second.id, 'reserved']));
    await app().deps.letters.drain({ gathering: true });
    const rejections = context.mailer.to(first.email).filter((letter) => letter.subject.startsWith('Запись отклонена'));
    expect(rejections).toHaveLength(1);
    expect(rejections[0]!.text).toContain('1. Занятие 1\n2. Занятие 2\n3. Занятие 3\n4. Занятие 4');
    const history = (await json(app(), 'GET', `/api/v1/mutabo/courses/${course.id}/history/`, anna)).json<HistoryPage>();
    expect(history.results.filter((entry) => entry.action === 'reject').map((entry) => entry.entityId).sort()).toEqual([...ids].sort());
    // Again (a double click): the rows are gone, nothing else changes.
    expect((await json(app(), 'POST', '/api/v1/mutabo/participants/reject/', anna, { participants: ids })).statusCode).toBe(404);
  });

  it('rejects all or none: a paid place among the rows is 409 and nothing changes; strangers and bad bodies are refused', async () => {
    const course = await createCourse(context.db, { participantsLimit: 3, lessons: 2, prices: [RUB] });
    const [buyer] = await createUsers(context, 1, 'paidrow');
    await context.db.insert(payments).values({ userId: buyer!.id, system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', amount: '1200', state: 'STATE_COMPLETED', expiresAt: new Date(), paidAt: new Date() });
    const [payment] = await context.db.select().from(payments).where(eq(payments.userId, buyer!.id));
    await context.db.insert(participants).values([
      { userId: buyer!.id, lessonId: course.lessonIds[0]!, state: 'approved', participatedAt: new Date(), paymentId: payment!.id },
      { userId: buyer!.id, lessonId: course.lessonIds[1]!, state: 'reserved' },
    ]);
    const ids = (await table(course.id)).participants.map((row) => row.id);
    expect(ids).toHaveLength(2);
    const refused = await json(app(), 'POST', '/api/v1/mutabo/participants/reject/', anna, { participants: ids });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('Платежи');
    expect((await table(course.id)).participants).toHaveLength(2);
    expect((await json(app(), 'POST', '/api/v1/mutabo/participants/reject/', null, { participants: ids })).statusCode).toBe(401);
    expect((await json(app(), 'POST', '/api/v1/mutabo/participants/reject/', buyer, { participants: ids })).statusCode).toBe(403);
    expect((await json(app(), 'POST', '/api/v1/mutabo/participants/reject/', stranger, { participants: ids })).statusCode).toBe(404);
    const bad = await json(app(), 'POST', '/api/v1/mutabo/participants/reject/', anna, { participants: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ participants: [expect.stringMatching(/^Укажите записи участников/)] });
    expect((await table(course.id)).participants).toHaveLength(2);
  });

});
