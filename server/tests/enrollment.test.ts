// Enrollment without payment over app.inject: news subscriptions, joining a course without prices (reserved or
// waiting list), withdrawing with the queue moving up, the caller's own course list, and the authors' view.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetails, Participation } from '../../common/wireTypes.ts';
import { mailingSubscriptions, participants } from '../src/db/schema.ts';
import { bearer, ids } from './fixtures.ts';
import { createAuthorUser, createCourse, createUser, createUsers, json, occupy, payInSandbox, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { dbModes } from './testDb.ts';

describe.each(dbModes())('enrollment (%s)', (mode) => {
  let context: EnrollmentApp;
  const app = () => context.app;

  beforeAll(async () => {
    context = await startEnrollmentApp(mode);
  });

  afterAll(async () => {
    await context?.close();
  });

  const rowsOf = (userId: number) => context.db.select().from(participants).where(eq(participants.userId, userId));
  const courseAs = async (courseId: number, user: TestUser | null) => (await json(app(), 'GET', `/api/v1/courses/${courseId}/`, user)).json<CourseDetails>();

  describe('news subscriptions', () => {
    it('needs a logged-in caller', async () => {
      for (const action of ['subscribe-for-mailouts', 'unsubscribe-from-mailouts']) {
        const response = await json(app(), 'POST', `/api/v1/courses/${ids.courses.open}/${action}/`);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ detail: expect.any(String) });
      }
    });

    it('is idempotent both ways and subscribedForMailouts follows', async () => {
      const user = await createUser(context);
      const url = (action: string) => `/api/v1/courses/${ids.courses.announced}/${action}/`;
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await json(app(), 'POST', url('subscribe-for-mailouts'), user);
        expect(response.statusCode).toBe(204);
      }
      expect((await courseAs(ids.courses.announced, user)).subscribedForMailouts).toBe(true);
      const list = (await json(app(), 'GET', '/api/v1/courses/', user)).json<CourseDetails[]>();
      expect(list.find((course) => course.id === ids.courses.announced)?.subscribedForMailouts).toBe(true);
      expect(await context.db.select().from(mailingSubscriptions).where(eq(mailingSubscriptions.userId, user.id))).toHaveLength(1);

      for (let attempt = 0; attempt < 2; attempt += 1) {
        expect((await json(app(), 'POST', url('unsubscribe-from-mailouts'), user)).statusCode).toBe(204);
      }
      expect((await courseAs(ids.courses.announced, user)).subscribedForMailouts).toBe(false);
    });

    it('accepts an empty JSON body, and answers 404 for drafts and unknown courses', async () => {
      const user = await createUser(context);
      const empty = await app().inject({
        method: 'POST',
        url: `/api/v1/courses/${ids.courses.open}/subscribe-for-mailouts/`,
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: '',
      });
      expect(empty.statusCode).toBe(204);
      for (const id of [ids.courses.draft, 9999]) {
        const response = await json(app(), 'POST', `/api/v1/courses/${id}/subscribe-for-mailouts/`, user);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'Курс не найден.' });
      }
    });
  });

  describe('participation in a course without prices', () => {
    it('reserves a free place, puts the caller on the waiting list when there is none, and answers the course', async () => {
      const course = await createCourse(context.db, { participantsLimit: 1, lessons: 2, draftLessons: 1 });
      await occupy(context, [course.lessonIds[1]!], 1);
      const user = await createUser(context);
      const response = await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, user);
      expect(response.statusCode).toBe(200);
      const details = response.json<CourseDetails>();
      expect(details.id).toBe(course.id);
      expect(details.lessons.map((lesson) => [lesson.id, lesson.participationState, lesson.hasFreePlaces])).toEqual([
        [course.lessonIds[0], 'reserved', false],
        [course.lessonIds[1], 'waiting_list', false],
      ]);
      expect(details.lessons[0]!.participant).toMatchObject({ state: 'reserved', expired_at: null });
      // The draft lesson gets no row; a second call changes nothing.
      expect((await rowsOf(user.id)).map((row) => row.lessonId).sort()).toEqual([...course.lessonIds].sort());
      expect((await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, user)).statusCode).toBe(200);
      expect(await rowsOf(user.id)).toHaveLength(2);
      // Everyone else now sees the first lesson as full (the public cache was dropped).
      expect((await courseAs(course.id, null)).lessons[0]!.hasFreePlaces).toBe(false);
    });

    it('refuses priced courses, closed enrollment and anonymous callers', async () => {
      const user = await createUser(context);
      const priced = await createCourse(context.db, { prices: [RUB] });
      const paid = await json(app(), 'POST', `/api/v1/courses/${priced.id}/create-participants/`, user);
      expect(paid.statusCode).toBe(400);
      expect(paid.json()).toEqual({ detail: 'Этот курс платный: выберите занятия и оплатите их.' });
      const closed = await json(app(), 'POST', `/api/v1/courses/${ids.courses.announced}/create-participants/`, user);
      expect(closed.statusCode).toBe(400);
      expect(closed.json()).toEqual({ detail: 'Запись на этот курс закрыта.' });
      expect((await json(app(), 'POST', `/api/v1/courses/${priced.id}/create-participants/`)).statusCode).toBe(401);
      expect(await rowsOf(user.id)).toHaveLength(0);
    });

    it('withdraws with DELETE or POST, keeps approved rows, frees the place and promotes the earliest in the queue', async () => {
      const course = await createCourse(context.db, { title: 'Курс с очередью', participantsLimit: 1, lessons: ['Введение', 'Практика'] });
      const [first, second, third] = await createUsers(context, 3, 'queue');
      for (const user of [first!, second!, third!]) {
        expect((await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, user)).statusCode).toBe(200);
      }
      // first holds both places; second and third wait, second first.
      await context.db
        .update(participants)
        .set({ state: 'approved' })
        .where(and(eq(participants.userId, first!.id), eq(participants.lessonId, course.lessonIds[1]!)));
      const before = context.mailer.sent.length;

      const response = await json(app(), 'DELETE', `/api/v1/courses/${course.id}/delete-participants/`, first);
      expect(response.statusCode).toBe(200);
      expect(response.json<CourseDetails>().lessons.map((lesson) => lesson.participationState)).toEqual([null, 'approved']);
      expect((await rowsOf(first!.id)).map((row) => row.state)).toEqual(['approved']);
      expect((await rowsOf(second!.id)).find((row) => row.lessonId === course.lessonIds[0])?.state).toBe('reserved');
      expect((await rowsOf(third!.id)).every((row) => row.state === 'waiting_list')).toBe(true);

      await app().deps.letters.drain();
      const letters = context.mailer.sent.slice(before);
      expect(letters).toHaveLength(1);
      expect(letters[0]).toMatchObject({ to: second!.email, subject: 'Освободилось место на курсе «Курс с очередью»' });
      expect(letters[0]!.text).toContain('1. Введение');
      expect(letters[0]!.text).toContain(`https://mutabor.example.org/courses/${course.id}`);
      expect(letters[0]!.html).toContain('<a href=');

      // POST works too; then the third person moves up.
      expect((await json(app(), 'POST', `/api/v1/courses/${course.id}/delete-participants/`, second)).statusCode).toBe(200);
      expect(await rowsOf(second!.id)).toHaveLength(0);
      expect((await rowsOf(third!.id)).find((row) => row.lessonId === course.lessonIds[0])?.state).toBe('reserved');
      await app().deps.letters.drain();
      expect(context.mailer.to(third!.email)).toHaveLength(1);
    });
  });

  describe('the caller’s course list', () => {
    it('lists only the caller’s own courses, one row per course, with their lessons', async () => {
      const course = await createCourse(context.db, { title: 'Мой курс', participantsLimit: 5, lessons: 2, authors: [2, 1] });
      const [me, other] = await createUsers(context, 2, 'lister');
      await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, me);
      await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, other);
      await json(app(), 'POST', `/api/v1/courses/${ids.courses.announced}/subscribe-for-mailouts/`, me);

      const response = await json(app(), 'GET', '/api/v1/participants/', me);
      expect(response.statusCode).toBe(200);
      const rows = response.json<Participation[]>();
      expect(rows.map((row) => row.id).sort()).toEqual([ids.courses.announced, course.id].sort());
      const mine = rows.find((row) => row.id === course.id)!;
      expect(mine).toMatchObject({
        course: { id: course.id, title: 'Мой курс' },
        authors: [
          { id: 2, firstName: 'Борис', lastName: 'Иванов', genitive: 'Бориса Иванова' },
          { id: 1, firstName: 'Анна', lastName: 'Петрова', genitive: 'Анны Петровой' },
        ],
        subscribed: false,
      });
      expect(mine.lessons.map((lesson) => [lesson.id, lesson.participationState, lesson.participant?.state])).toEqual(course.lessonIds.map((id) => [id, 'reserved', 'reserved']));
      expect(rows.find((row) => row.id === ids.courses.announced)).toMatchObject({ subscribed: true, lessons: [] });
      expect((await json(app(), 'GET', '/api/v1/participants/')).statusCode).toBe(401);
    });

    it('creates a subscription row with POST, changes it with PATCH and removes it with DELETE', async () => {
      const user = await createUser(context);
      const created = await json(app(), 'POST', '/api/v1/participants/', user, { course: ids.courses.open });
      expect(created.statusCode).toBe(201);
      expect(created.json<Participation>()).toMatchObject({ id: ids.courses.open, subscribed: true, lessons: [] });

      const refused = await json(app(), 'PATCH', `/api/v1/participants/${ids.courses.open}/`, user, { state: 'approved' });
      expect(refused.statusCode).toBe(400);
      expect(Object.values(refused.json<Record<string, string[]>>()).flat()[0]).toContain('только подписку на новости');

      const patched = await json(app(), 'PATCH', `/api/v1/participants/${ids.courses.open}/`, user, { subscribed: false });
      expect(patched.statusCode).toBe(200);
      expect(patched.json<Participation>()).toMatchObject({ id: ids.courses.open, subscribed: false });
      expect((await json(app(), 'GET', '/api/v1/participants/', user)).json()).toEqual([]);
      expect((await json(app(), 'PATCH', `/api/v1/participants/${ids.courses.open}/`, user, { subscribed: true })).statusCode).toBe(404);

      const course = await createCourse(context.db, { lessons: 1 });
      await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, user);
      await json(app(), 'POST', `/api/v1/courses/${course.id}/subscribe-for-mailouts/`, user);
      expect((await json(app(), 'DELETE', `/api/v1/participants/${course.id}/`, user)).statusCode).toBe(204);
      expect(await rowsOf(user.id)).toHaveLength(0);
      expect((await json(app(), 'GET', `/api/v1/participants/${course.id}/`, user)).statusCode).toBe(404);
      // Someone else's course row is not found for this caller.
      const stranger = await createUser(context);
      expect((await json(app(), 'DELETE', `/api/v1/participants/${ids.courses.open}/`, stranger)).statusCode).toBe(404);
    });
  });

  describe('the authors’ view', () => {
    it('is refused to callers who are not authors, and to authors of other courses', async () => {
      const user = await createUser(context);
      const course = await createCourse(context.db, { authors: [1] });
      await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, user);
      const [row] = await rowsOf(user.id);

      const list = await json(app(), 'GET', '/api/v1/manager/participants/', user);
      expect(list.statusCode).toBe(403);
      expect(list.json()).toEqual({ detail: 'Этот раздел доступен только авторам курсов.' });
      const boris = { ...user, headers: bearer(await app().deps.tokens.sign(ids.users.boris, 'access')) };
      const foreign = await json(app(), 'GET', `/api/v1/manager/participants/${row!.id}/`, boris);
      expect(foreign.statusCode).toBe(403);
      expect((await json(app(), 'PATCH', `/api/v1/manager/participants/${row!.id}/`, boris, { state: 'approved' })).statusCode).toBe(403);
      expect((await json(app(), 'DELETE', `/api/v1/manager/participants/${row!.id}/`, boris)).statusCode).toBe(403);
      const newcomer = await createAuthorUser(context);
      expect((await json(app(), 'GET', '/api/v1/manager/participants/', newcomer)).json()).toEqual([]);
      expect((await json(app(), 'GET', '/api/v1/manager/participants/999999/', newcomer)).statusCode).toBe(404);
    });

    it('lists the participants of the author’s courses, approves and rejects', async () => {
      const annaToken = await app().deps.tokens.sign(ids.users.anna, 'access');
      const anna: TestUser = { id: ids.users.anna, email: 'anna@example.org', firstName: 'Анна', token: annaToken, headers: bearer(annaToken) };
      const course = await createCourse(context.db, { title: 'Курс Анны', authors: [1], participantsLimit: 1, lessons: ['Единственное'] });
      const [holder, waiting] = await createUsers(context, 2, 'managed');
      await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, holder);
      await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, waiting);

      const list = await json(app(), 'GET', `/api/v1/manager/participants/?course=${course.id}`, anna);
      expect(list.statusCode).toBe(200);
      const rows = list.json<{ id: number; state: string; user: { id: number; email: string }; lesson: { id: number; title: string }; course: { id: number } }[]>();
      expect(rows.map((row) => [row.user.id, row.state, row.lesson.title, row.course.id])).toEqual([
        [holder!.id, 'reserved', 'Единственное', course.id],
        [waiting!.id, 'waiting_list', 'Единственное', course.id],
      ]);
      const [held, queued] = rows;
      expect((await json(app(), 'GET', `/api/v1/manager/participants/?state=waiting_list&course=${course.id}`, anna)).json()).toHaveLength(1);

      // No free place for the one in the queue.
      const full = await json(app(), 'PATCH', `/api/v1/manager/participants/${queued!.id}/`, anna, { state: 'approved' });
      expect(full.statusCode).toBe(400);
      expect(full.json()).toEqual({ lessons_are_fully_occupied: [`Нет свободных мест на занятии {lessons:[${course.lessonIds[0]}]}.`] });
      const wrong = await json(app(), 'PATCH', `/api/v1/manager/participants/${held!.id}/`, anna, { state: 'waiting_list' });
      expect(wrong.statusCode).toBe(400);

      const approved = await json(app(), 'PATCH', `/api/v1/manager/participants/${held!.id}/`, anna, { state: 'approved' });
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ id: held!.id, state: 'approved', participatedAt: expect.any(String), expiredAt: null });
      await app().deps.letters.drain({ gathering: true });
      expect(context.mailer.to(holder!.email).at(-1)?.subject).toBe('Участие подтверждено: курс «Курс Анны»');
      expect((await courseAs(course.id, holder!)).lessons[0]!.participationState).toBe('approved');

      // Rejecting the approved participant frees the place for the queue.
      expect((await json(app(), 'DELETE', `/api/v1/manager/participants/${held!.id}/`, anna)).statusCode).toBe(204);
      expect(await rowsOf(holder!.id)).toHaveLength(0);
      expect((await rowsOf(waiting!.id))[0]!.state).toBe('reserved');
      await app().deps.letters.drain();
      expect(context.mailer.to(waiting!.email).at(-1)?.subject).toBe('Освободилось место на курсе «Курс Анны»');
      expect((await json(app(), 'GET', `/api/v1/manager/participants/${held!.id}/`, anna)).statusCode).toBe(404);
    });

    it('refuses to release a paid place: only a refund gives it back, with the same rules, history and letters as the area', async () => {
      const annaToken = await app().deps.tokens.sign(ids.users.anna, 'access');
      const anna: TestUser = { id: ids.users.anna, email: 'anna@example.org', firstName: 'Анна', token: annaToken, headers: bearer(annaToken) };
      const course = await createCourse(context.db, { title: 'Платный курс Анны', authors: [1], participantsLimit: 2, lessons: ['Первое'], prices: [RUB] });
      const [payer, joiner] = await createUsers(context, 2, 'manager-paid');
      const paid = await payInSandbox(app(), payer!, course.lessonIds);
      expect(paid).toHaveProperty('paymentId');
      const [row] = await rowsOf(payer!.id);
      expect(row).toMatchObject({ state: 'approved', paymentId: (paid as { paymentId: number }).paymentId });

      const refused = await json(app(), 'DELETE', `/api/v1/manager/participants/${row!.id}/`, anna);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toContain('Платежи');
      expect((await rowsOf(payer!.id)).map((item) => item.state)).toEqual(['approved']);
      expect((await courseAs(course.id, payer!)).lessons[0]!.participationState).toBe('approved');

      // A place that is not paid for: the same reject as the area's, recorded in the course's history, with its letter.
      await context.db.insert(participants).values({ userId: joiner!.id, lessonId: course.lessonIds[0]!, state: 'reserved' });
      const [held] = await rowsOf(joiner!.id);
      expect((await json(app(), 'DELETE', `/api/v1/manager/participants/${held!.id}/`, anna)).statusCode).toBe(204);
      const history = (await json(app(), 'GET', `/api/v1/mutabo/courses/${course.id}/history/`, anna)).json<{ results: { action: string; entityId: number }[] }>();
      expect(history.results[0]).toMatchObject({ action: 'reject', entityId: held!.id });
      await app().deps.letters.drain();
      expect(context.mailer.to(joiner!.email).at(-1)?.subject).toMatch(/^Запись отклонена/);
    });
  });

  describe('one letter per person per action', () => {
    const anna = async (): Promise<TestUser> => {
      const token = await app().deps.tokens.sign(ids.users.anna, 'access');
      return { id: ids.users.anna, email: 'anna@example.org', firstName: 'Анна', token, headers: bearer(token) };
    };
    const rowIdsOf = async (author: TestUser, courseId: number, userId: number) =>
      (await json(app(), 'GET', `/api/v1/manager/participants/?course=${courseId}`, author))
        .json<{ id: number; user: { id: number } }[]>()
        .filter((row) => row.user.id === userId)
        .map((row) => row.id);

    it('approving four lessons of one person, row after row, sends one letter that lists them', async () => {
      const author = await anna();
      const course = await createCourse(context.db, { title: 'Курс с одобрением', authors: [1], participantsLimit: 5, lessons: ['Ритм', 'Рифма', 'Образ', 'Голос'] });
      const [reader, subscriber] = await createUsers(context, 2, 'approved');
      for (const user of [reader!, subscriber!]) await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, user);
      await json(app(), 'POST', `/api/v1/courses/${course.id}/subscribe-for-mailouts/`, subscriber);
      const readerRows = await rowIdsOf(author, course.id, reader!.id);
      const subscriberRows = await rowIdsOf(author, course.id, subscriber!.id);
      expect(readerRows).toHaveLength(4);

      for (const rowId of [...readerRows, ...subscriberRows.slice(0, 2)]) {
        expect((await json(app(), 'PATCH', `/api/v1/manager/participants/${rowId}/`, author, { state: 'approved' })).statusCode).toBe(200);
      }
      await app().deps.letters.drain({ gathering: true });

      const [letter, ...more] = context.mailer.to(reader!.email);
      expect(more).toEqual([]);
      expect(letter!.subject).toBe('Участие подтверждено: курс «Курс с одобрением»');
      expect(letter!.text).toContain('Ваше участие в курсе «Курс с одобрением» подтверждено. Занятия:\n1. Ритм\n2. Рифма\n3. Образ\n4. Голос');
      // Not subscribed to the course's news: the letter offers them rather than promising them.
      expect(letter!.text).not.toContain('Новости курса будут приходить');
      expect(letter!.text).toContain(`подпишитесь на них на странице курса: https://mutabor.example.org/courses/${course.id}`);

      const [other, ...otherMore] = context.mailer.to(subscriber!.email);
      expect(otherMore).toEqual([]);
      expect(other!.text).toContain('Занятия:\n1. Ритм\n2. Рифма');
      expect(other!.text).toContain('Новости курса будут приходить на этот адрес.');
    });

    it('approves several rows in one request, all or none, with one letter per person', async () => {
      const author = await anna();
      const course = await createCourse(context.db, { title: 'Курс пакетом', authors: [1], participantsLimit: 1, lessons: ['Ритм', 'Рифма', 'Образ'] });
      const [first, second] = await createUsers(context, 2, 'batch');
      await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, first);
      await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, second);
      const firstRows = await rowIdsOf(author, course.id, first!.id);
      const secondRows = await rowIdsOf(author, course.id, second!.id);
      const patchMany = (user: TestUser, body: unknown) => json(app(), 'PATCH', '/api/v1/manager/participants/', user, body);

      // The second person waits for every lesson: approving one of theirs with the first's fails, and nothing changes.
      const full = await patchMany(author, { ids: [...firstRows, secondRows[0]], state: 'approved' });
      expect(full.statusCode).toBe(400);
      expect(full.json()).toEqual({ lessons_are_fully_occupied: [`Нет свободных мест на занятии {lessons:[${course.lessonIds[0]}]}.`] });
      expect((await rowsOf(first!.id)).map((row) => row.state)).toEqual(['reserved', 'reserved', 'reserved']);

      const approved = await patchMany(author, { ids: firstRows, state: 'approved' });
      expect(approved.statusCode).toBe(200);
      expect(approved.json<{ id: number; state: string }[]>().map((row) => [row.id, row.state])).toEqual(firstRows.map((id) => [id, 'approved']));
      await app().deps.letters.drain({ gathering: true });
      const letters = context.mailer.to(first!.email);
      expect(letters).toHaveLength(1);
      expect(letters[0]!.text).toContain('Занятия:\n1. Ритм\n2. Рифма\n3. Образ');

      // Checks: an author of the course, known rows, the approve state only, a list of ids.
      const boris = { ...author, headers: bearer(await app().deps.tokens.sign(ids.users.boris, 'access')) };
      expect((await patchMany(boris, { ids: firstRows, state: 'approved' })).statusCode).toBe(403);
      expect((await patchMany(author, { ids: [999_999], state: 'approved' })).statusCode).toBe(404);
      expect((await patchMany(author, { ids: firstRows, state: 'waiting_list' })).json()).toEqual({
        state: ['Можно только подтвердить участие (state: approved); чтобы отклонить заявку, удалите её.'],
      });
      for (const body of [{ ids: [], state: 'approved' }, { ids: ['x'], state: 'approved' }, { state: 'approved' }]) {
        const response = await patchMany(author, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(response.json()), JSON.stringify(body)).toEqual(['ids']);
      }
      expect((await json(app(), 'PATCH', '/api/v1/manager/participants/', null, { ids: firstRows, state: 'approved' })).statusCode).toBe(401);
    });

    it('leaves lapsed holds out of the list: they hold no place and wait for nothing', async () => {
      const annaToken = await app().deps.tokens.sign(ids.users.anna, 'access');
      const anna: TestUser = { id: ids.users.anna, email: 'anna@example.org', firstName: 'Анна', token: annaToken, headers: bearer(annaToken) };
      const course = await createCourse(context.db, { authors: [1], participantsLimit: 5, lessons: ['Одно'] });
      const [lapsed, holding] = await createUsers(context, 2, 'lapsing');
      for (const user of [lapsed!, holding!]) await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, user);
      await context.db.update(participants).set({ expiredAt: new Date(Date.now() - 60_000) }).where(eq(participants.userId, lapsed!.id));

      for (const query of ['', '&state=reserved']) {
        const rows = (await json(app(), 'GET', `/api/v1/manager/participants/?course=${course.id}${query}`, anna)).json<{ user: { id: number } }[]>();
        expect(rows.map((row) => row.user.id)).toEqual([holding!.id]);
      }
    });

    it('leaves out of the approval letter a lesson rejected before it went, and sends none when none is left', async () => {
      const author = await anna();
      const course = await createCourse(context.db, { authors: [1], participantsLimit: 5, lessons: 3 });
      const [changed, undone] = await createUsers(context, 2, 'undone');
      for (const user of [changed!, undone!]) await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, user);
      const [first, second] = await rowIdsOf(author, course.id, changed!.id);
      const [only] = await rowIdsOf(author, course.id, undone!.id);
      for (const rowId of [first, second, only]) await json(app(), 'PATCH', `/api/v1/manager/participants/${rowId}/`, author, { state: 'approved' });
      for (const rowId of [second, only]) await json(app(), 'DELETE', `/api/v1/manager/participants/${rowId}/`, author);
      await app().deps.letters.drain({ gathering: true });
      // The rejections are told as in the area; the approval letter names only what is still approved.
      const letters = context.mailer.to(changed!.email);
      expect(letters.map((letter) => letter.subject.split(':')[0]).sort()).toEqual(['Запись отклонена', 'Участие подтверждено']);
      expect(letters.find((letter) => letter.subject.startsWith('Участие'))!.text).toContain('подтверждено: занятие 1. Занятие 1.');
      expect(context.mailer.to(undone!.email).map((letter) => letter.subject)).toEqual([expect.stringMatching(/^Запись отклонена/)]);
    });
  });
});
