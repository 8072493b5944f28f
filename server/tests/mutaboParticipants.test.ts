// The authors' participants (/api/v1/mutabo/courses/{id}/participants/, .csv, /participants/.../approve|promote|reject/)
// over app.inject: who may call, the table, the CSV, and the actions under the course's lock.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboCourse } from '../../common/mutabo/courses.ts';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import type { MutaboParticipant, MutaboParticipants } from '../../common/mutabo/participants.ts';
import type { MutaboDashboard } from '../../common/mutabo/start.ts';
import type { CourseDetails } from '../../common/wireTypes.ts';
import { courses, disciples, lessons, outboxLetters, participants, payments, users } from '../src/db/schema.ts';
import { createAuthorUser, createCourse, createUsers, fixtureAuthor, json, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { dbModes } from './testDb.ts';

describe.each(dbModes())('the authors’ participants (%s)', (mode) => {
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

  /** A free course of Анна's with `limit` places, whose people join through the public endpoint. */
  const freeCourseWith = async (limit: number, people: number, lessons = 1) => {
    const course = await createCourse(context.db, { participantsLimit: limit, lessons });
    const joiners = await createUsers(context, people, 'joiner');
    for (const person of joiners) expect((await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, person)).statusCode).toBe(200);
    return { course, joiners };
  };

  const table = async (courseId: number, query = '') => {
    const response = await json(app(), 'GET', `/api/v1/mutabo/courses/${courseId}/participants/${query}`, anna);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MutaboParticipants>();
  };

  it('answers 401 to guests, 403 to non-authors and 404 for a course the caller does not lead', async () => {
    const { course, joiners } = await freeCourseWith(1, 1);
    const rowId = (await table(course.id)).participants[0]!.id;
    const urls: [string, string][] = [
      ['GET', `/api/v1/mutabo/courses/${course.id}/participants/`],
      ['GET', `/api/v1/mutabo/courses/${course.id}/participants.csv`],
      ['POST', `/api/v1/mutabo/participants/${rowId}/approve/`],
      ['POST', `/api/v1/mutabo/participants/${rowId}/promote/`],
      ['POST', `/api/v1/mutabo/participants/${rowId}/reject/`],
    ];
    for (const [method, url] of urls) {
      expect((await json(app(), method as 'GET', url, null, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
      expect((await json(app(), method as 'GET', url, joiners[0], method === 'POST' ? {} : undefined)).statusCode).toBe(403);
      expect((await json(app(), method as 'GET', url, stranger, method === 'POST' ? {} : undefined)).statusCode).toBe(404);
    }
    expect((await table(course.id)).participants[0]!.state).toBe('reserved');
  });

  it('lists places per lesson and the people with state, queue position and the profile fields; filters by state and lesson', async () => {
    const { course, joiners } = await freeCourseWith(1, 3, 2);
    const minorYear = new Date().getFullYear() - 12;
    await context.db.update(users).set({ yearOfBirth: minorYear }).where(eq(users.id, joiners[2]!.id));
    await context.db.insert(disciples).values({ userId: joiners[2]!.id, visitSchool: true, readWriteProblems: 'Путает «б» и «д»' }).onConflictDoNothing();
    const answer = await table(course.id);
    expect(answer.course).toMatchObject({ id: course.id, participantsLimit: 1, paid: false });
    expect(answer.lessons.map((lesson) => [lesson.taken, lesson.limit, lesson.waiting])).toEqual([
      [1, 1, 2],
      [1, 1, 2],
    ]);
    const first = answer.participants.filter((row) => row.lessonId === course.lessonIds[0]);
    expect(first.map((row) => [row.person.id, row.state, row.position, row.expiresAt])).toEqual([
      [joiners[0]!.id, 'reserved', null, null],
      [joiners[1]!.id, 'waiting_list', 1, null],
      [joiners[2]!.id, 'waiting_list', 2, null],
    ]);
    expect(first[2]!.person).toMatchObject({ age: 12, minor: true, school: { visitSchool: true, readWriteProblems: 'Путает «б» и «д»' } });
    expect(first[0]!.person).toMatchObject({ email: joiners[0]!.email, minor: false, school: null });
    const waiting = await table(course.id, `?state=waiting_list&lesson=${course.lessonIds[1]}`);
    expect(waiting.participants.map((row) => row.person.id)).toEqual([joiners[1]!.id, joiners[2]!.id]);
    expect(waiting.lessons).toHaveLength(2);
    expect((await json(app(), 'GET', `/api/v1/mutabo/courses/${course.id}/participants/?state=subscribed`, anna)).json()).toEqual({ state: [expect.any(String)] });
  });

  it("gives the course's number of people (holding or waiting, lapsed holds aside) in the authors' course, for the draft warning", async () => {
    const { course, joiners } = await freeCourseWith(1, 3, 2);
    const people = async () => (await json(app(), 'GET', `/api/v1/mutabo/courses/${course.id}/`, anna)).json<{ peopleCount: number }>().peopleCount;
    expect(await people()).toBe(3);
    await context.db.update(participants).set({ expiredAt: new Date(Date.now() - 60_000) }).where(eq(participants.userId, joiners[0]!.id));
    expect(await people()).toBe(2);
  });

  it("gives each lesson's people (holding, waiting, told if it became a draft) for the lesson list's draft confirmation", async () => {
    const { course, joiners } = await freeCourseWith(1, 3, 2);
    const [first, second] = course.lessonIds as [number, number];
    const rows = (await table(course.id)).participants;
    const held = rows.find((row) => row.lessonId === first && row.state === 'reserved')!;
    expect((await json(app(), 'POST', `/api/v1/mutabo/participants/${held.id}/approve/`, anna, {})).statusCode).toBe(200);
    // Lesson 1 has a time ahead: its approved participant would be told; lesson 2 has no time and only a hold.
    await context.db.update(lessons).set({ startsAt: new Date(Date.now() + 7 * 24 * 3600_000) }).where(eq(lessons.id, first));
    const lessonPeople = async () =>
      (await json(app(), 'GET', `/api/v1/mutabo/courses/${course.id}/`, anna)).json<MutaboCourse>().lessons.map((lesson) => [lesson.id, lesson.people]);
    expect(await lessonPeople()).toEqual([
      [first, { holding: 1, waiting: 2, toldIfDrafted: 1 }],
      [second, { holding: 1, waiting: 2, toldIfDrafted: 0 }],
    ]);
    await context.db
      .update(participants)
      .set({ expiredAt: new Date(Date.now() - 60_000) })
      .where(and(eq(participants.userId, joiners[0]!.id), eq(participants.lessonId, second)));
    const one = (await json(app(), 'GET', `/api/v1/mutabo/lessons/${second}/`, anna)).json<MutaboLesson>();
    expect(one.people).toEqual({ holding: 0, waiting: 2, toldIfDrafted: 0 });

    // Made a draft: the one person it said is told gets the cancellation; the answer counts the people still there.
    const version = (await json(app(), 'GET', `/api/v1/mutabo/lessons/${first}/`, anna)).json<MutaboLesson>().version;
    const drafted = await json(app(), 'PATCH', `/api/v1/mutabo/lessons/${first}/`, anna, { state: 'draft', version });
    expect(drafted.statusCode, drafted.body).toBe(200);
    expect(drafted.json<MutaboLesson>().people).toEqual({ holding: 1, waiting: 2, toldIfDrafted: 0 });
    const cancellations = await context.db
      .select({ userId: outboxLetters.userId })
      .from(outboxLetters)
      .where(and(eq(outboxLetters.kind, 'lesson-change'), sql`${outboxLetters.dedupeKey} LIKE ${`lesson-change:${first}:%`}`));
    expect(cancellations).toEqual([{ userId: joiners[0]!.id }]);

    // In a draft course nobody is told.
    await context.db.update(lessons).set({ state: 'published' }).where(eq(lessons.id, first));
    await context.db.update(courses).set({ state: 'draft' }).where(eq(courses.id, course.id));
    expect((await lessonPeople())[0]).toEqual([first, { holding: 1, waiting: 2, toldIfDrafted: 0 }]);
  });

  it('gives the table as CSV with a BOM, as an attachment', async () => {
    const { course } = await freeCourseWith(2, 2);
    await context.db.update(users).set({ lastName: '=HYPERLINK("x")' }).where(sql`${users.id} = (SELECT max(user_id) FROM participants WHERE lesson_id = ${course.lessonIds[0]!})`);
    const response = await json(app(), 'GET', `/api/v1/mutabo/courses/${course.id}/participants.csv`, anna);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="participants-\d+\.csv"$/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^"Занятие";"Название занятия";"Фамилия";"Имя";"E-mail";"Возраст";"Состояние"/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(';"Бронь";');
    expect(lines.some((line) => line.includes(`;"'=HYPERLINK(""x"")";`))).toBe(true);
    // Every cell is quoted.
    expect(lines[1]!.split(';').every((cell) => /^".*"$/.test(cell))).toBe(true);
  });

  it('keeps a formula out of every piece of a CSV cell, also when the file is split at commas', async () => {
    const { course } = await freeCourseWith(2, 1);
    const lastName = 'Ivan,=2+3, +1,@SUM(A1)|-2\t=3';
    await context.db.update(users).set({ lastName }).where(sql`${users.id} = (SELECT max(user_id) FROM participants WHERE lesson_id = ${course.lessonIds[0]!})`);
    const body = (await json(app(), 'GET', `/api/v1/mutabo/courses/${course.id}/participants.csv`, anna)).body;
    const row = body.replace(/^\uFEFF/, '').split('\r\n')[1]!;
    expect(row).toContain(`"Ivan,'=2+3, '+1,'@SUM(A1)|'-2\t'=3"`);
    // Split as a spreadsheet would with any of these separators, ignoring quotes: no piece starts a formula.
    for (const separator of [',', ';', '|', '\t']) {
      for (const piece of row.split(separator)) expect(piece.replace(/^[" ]+/, ''), `${separator}: ${piece}`).not.toMatch(/^[=+\-@]/);
    }
  });

  it('approves a reserved person of a free course, who gets one letter and sees the approval; the history records it', async () => {
    const { course, joiners } = await freeCourseWith(2, 1, 2);
    const rows = (await table(course.id)).participants;
    const response = await json(app(), 'POST', '/api/v1/mutabo/participants/approve/', anna, { participants: rows.map((row) => row.id) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MutaboParticipant[]>().map((row) => row.state)).toEqual(['approved', 'approved']);
    await app().deps.letters.drain({ gathering: true });
    const letters = context.mailer.to(joiners[0]!.email);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.text).toContain('Ваше участие в курсе');
    expect(letters[0]!.text).toContain('1. Занятие 1\n2. Занятие 2');
    const page = (await json(app(), 'GET', `/api/v1/courses/${course.id}/`, joiners[0])).json<CourseDetails>();
    expect(page.lessons.map((lesson) => lesson.participationState)).toEqual(['approved', 'approved']);
    const history = (await json(app(), 'GET', `/api/v1/mutabo/courses/${course.id}/history/`, anna)).json<HistoryPage>();
    expect(history.results.filter((entry) => entry.entity === 'participant' && entry.action === 'approve')).toHaveLength(2);
    // Again (a double click): nothing changes, no second letter.
    expect((await json(app(), 'POST', `/api/v1/mutabo/participants/${rows[0]!.id}/approve/`, anna, {})).statusCode).toBe(200);
    await app().deps.letters.drain({ gathering: true });
    expect(context.mailer.to(joiners[0]!.email)).toHaveLength(1);
  });

  it('two authors approving the last place at once approve one person', async () => {
    const { course } = await freeCourseWith(1, 3);
    await context.db.execute(sql`UPDATE ${participants} SET state = 'waiting_list' WHERE lesson_id = ${course.lessonIds[0]!}`);
    await context.db.execute(sql`INSERT INTO course_authors (course_id, author_id, position) VALUES (${course.id}, 2, 1)`);
    const boris = { headers: { authorization: `Bearer ${await app().deps.tokens.sign(2, 'access')}` } } as unknown as TestUser;
    const waiting = (await table(course.id)).participants;
    expect(waiting.map((row) => row.state)).toEqual(['waiting_list', 'waiting_list', 'waiting_list']);
    const answers = await Promise.all([
      json(app(), 'POST', `/api/v1/mutabo/participants/${waiting[0]!.id}/approve/`, anna, {}),
      json(app(), 'POST', `/api/v1/mutabo/participants/${waiting[1]!.id}/approve/`, boris, {}),
      json(app(), 'POST', `/api/v1/mutabo/participants/${waiting[2]!.id}/approve/`, anna, {}),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().detail).toMatch(/^Нет свободных мест на занятии 1\. «Занятие 1»/);
    const after = await table(course.id);
    expect(after.lessons[0]!.taken).toBe(1);
    expect(after.participants.filter((row) => row.state === 'approved')).toHaveLength(1);
  });

  it('approving a place an unpaid payment holds ends that payment first', async () => {
    const course = await createCourse(context.db, { participantsLimit: 2, lessons: 2, prices: [RUB] });
    const [buyer] = await createUsers(context, 1, 'payer');
    const created = await json(app(), 'POST', '/api/v1/payments/', buyer, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: course.lessonIds });
    expect(created.statusCode, created.body).toBe(201);
    const rows = (await table(course.id)).participants;
    expect(rows.map((row) => [row.state, row.payment?.state])).toEqual([
      ['reserved', 'STATE_IN_PROGRESS'],
      ['reserved', 'STATE_IN_PROGRESS'],
    ]);
    const response = await json(app(), 'POST', `/api/v1/mutabo/participants/${rows[0]!.id}/approve/`, anna, {});
    expect(response.statusCode, response.body).toBe(200);
    const [payment] = await context.db.select().from(payments).where(eq(payments.userId, buyer!.id));
    expect(payment).toMatchObject({ state: 'STATE_FAILURE', failureReason: 'approved' });
    const after = (await table(course.id)).participants;
    expect(after.map((row) => [row.lessonId, row.state, row.payment])).toEqual([[course.lessonIds[0], 'approved', null]]);
  });

  it('the manager endpoint approves by the same rule: a payment holding the place ends first', async () => {
    const course = await createCourse(context.db, { participantsLimit: 1, lessons: 1, prices: [RUB] });
    const [buyer] = await createUsers(context, 1, 'payer');
    expect((await json(app(), 'POST', '/api/v1/payments/', buyer, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: course.lessonIds })).statusCode).toBe(201);
    const [row] = (await table(course.id)).participants;
    const response = await json(app(), 'PATCH', `/api/v1/manager/participants/${row!.id}/`, anna, { state: 'approved' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ state: 'approved', paymentId: null });
    const [payment] = await context.db.select().from(payments).where(eq(payments.userId, buyer!.id));
    expect(payment).toMatchObject({ state: 'STATE_FAILURE', failureReason: 'approved' });
  });

  it('moves a waiting-list person up, with a letter; only waiting-list rows move', async () => {
    const { course, joiners } = await freeCourseWith(1, 4);
    const rows = (await table(course.id)).participants;
    const last = rows[3]!;
    expect(last.position).toBe(3);
    const response = await json(app(), 'POST', `/api/v1/mutabo/participants/${last.id}/promote/`, anna, { position: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MutaboParticipant[]>().map((row) => [row.person.id, row.position])).toEqual([
      [joiners[3]!.id, 1],
      [joiners[1]!.id, 2],
      [joiners[2]!.id, 3],
    ]);
    await app().deps.letters.drain();
    expect(context.mailer.to(joiners[3]!.email).at(-1)!.text).toContain('теперь вы 1-й в очереди');
    expect((await json(app(), 'POST', `/api/v1/mutabo/participants/${rows[0]!.id}/promote/`, anna, {})).statusCode).toBe(409);
    expect((await json(app(), 'POST', `/api/v1/mutabo/participants/${last.id}/promote/`, anna, { position: 0 })).json()).toEqual({ position: [expect.any(String)] });
    // The freed place goes to the one moved up.
    expect((await json(app(), 'POST', `/api/v1/mutabo/participants/${rows[0]!.id}/reject/`, anna, {})).statusCode).toBe(204);
    const after = (await table(course.id)).participants;
    expect(after.map((row) => [row.person.id, row.state])).toEqual([
      [joiners[3]!.id, 'reserved'],
      [joiners[1]!.id, 'waiting_list'],
      [joiners[2]!.id, 'waiting_list'],
    ]);
    await app().deps.letters.drain();
    expect(context.mailer.to(joiners[0]!.email).at(-1)!.subject).toMatch(/^Запись отклонена/);
    expect(context.mailer.to(joiners[3]!.email).at(-1)!.subject).toMatch(/^Освободилось место/);
    const history = (await json(app(), 'GET', `/api/v1/mutabo/courses/${course.id}/history/`, anna)).json<HistoryPage>();
    expect(history.results.map((entry) => entry.action).slice(0, 2)).toEqual(['reject', 'promote']);
  });

  it('refuses to reject a place bought by a completed payment: that is a refund', async () => {
    const course = await createCourse(context.db, { participantsLimit: 1, lessons: 1, prices: [RUB] });
    const [buyer] = await createUsers(context, 1, 'paid');
    await context.db.insert(payments).values({ userId: buyer!.id, system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', amount: '1200', state: 'STATE_COMPLETED', expiresAt: new Date(), paidAt: new Date() });
    const [payment] = await context.db.select().from(payments).where(eq(payments.userId, buyer!.id));
    await context.db.insert(participants).values({ userId: buyer!.id, lessonId: course.lessonIds[0]!, state: 'approved', participatedAt: new Date(), paymentId: payment!.id });
    const [row] = (await table(course.id)).participants;
    expect(row).toMatchObject({ state: 'approved', paid: true, payment: { id: payment!.id, state: 'STATE_COMPLETED', amount: 1200 } });
    const response = await json(app(), 'POST', `/api/v1/mutabo/participants/${row!.id}/reject/`, anna, {});
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toContain('Платежи');
  });

  it('the start page shows places left, queues, approvals awaited and holds about to lapse', async () => {
    const { course } = await freeCourseWith(1, 3);
    const paid = await createCourse(context.db, { participantsLimit: 2, lessons: 1, prices: [RUB] });
    const [buyer] = await createUsers(context, 1, 'holder');
    expect((await json(app(), 'POST', '/api/v1/payments/', buyer, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: paid.lessonIds })).statusCode).toBe(201);
    const response = await json(app(), 'GET', '/api/v1/mutabo/dashboard/', anna);
    expect(response.statusCode).toBe(200);
    const board = response.json<MutaboDashboard>();
    expect(board.courses.find((row) => row.id === course.id)).toMatchObject({ placesLeft: 0, waiting: 2, awaitingApproval: 1 });
    expect(board.courses.find((row) => row.id === paid.id)).toMatchObject({ placesLeft: 1, waiting: 0, awaitingApproval: 0 });
    expect(board.waitingLists.find((row) => row.courseId === course.id)).toMatchObject({ lessonId: course.lessonIds[0], waiting: 2 });
    const hold = board.lapsingHolds.find((row) => row.courseId === paid.id)!;
    expect(hold).toMatchObject({ lessons: [{ id: paid.lessonIds[0], number: 1 }], person: { id: buyer!.id } });
    expect(new Date(hold.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(board.upcomingLessons).toEqual([]);
    expect((await json(app(), 'GET', '/api/v1/mutabo/dashboard/', stranger)).json<MutaboDashboard>().courses).toEqual([]);
  });
});
