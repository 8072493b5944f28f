// The authors' news mailings (/api/v1/mutabo/courses/{id}/mailings/, …/audience/, /mailings/{id}/) and the personal
// unsubscribe link of a news letter (/news/unsubscribe/…): who may call, who gets the letters, what they carry, each
// letter's result, and unsubscribing without logging in.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailingMessages, type MailingAudienceCounts, type MutaboMailing, type MutaboMailingSummary } from '../../common/mutabo/mailings.ts';
import type { CourseDetails } from '../../common/wireTypes.ts';
import { mailingSubscriptions, participants } from '../src/db/schema.ts';
import { createAuthorUser, createCourse, createUsers, fixtureAuthor, json, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { dbModes } from './testDb.ts';

describe.each(dbModes())('news mailings (%s)', (mode) => {
  let context: EnrollmentApp;
  let anna: TestUser;
  let stranger: TestUser & { authorId: number };
  const app = () => context.app;

  beforeAll(async () => {
    context = await startEnrollmentApp(mode);
    anna = await fixtureAuthor(context);
    stranger = await createAuthorUser(context);
  });

  afterAll(async () => {
    await context?.close();
  });

  /** A course of Анна's with `subscribers` news subscribers. */
  async function courseWithSubscribers(subscribers: number, title?: string) {
    const course = await createCourse(context.db, { title, lessons: 2, participantsLimit: 5 });
    const people = subscribers > 0 ? await createUsers(context, subscribers, 'reader') : [];
    if (people.length > 0) await context.db.insert(mailingSubscriptions).values(people.map((person) => ({ userId: person.id, courseId: course.id })));
    return { course, people };
  }

  const send = (courseId: number, body: unknown, who: TestUser = anna) => json(app(), 'POST', `/api/v1/mutabo/courses/${courseId}/mailings/`, who, body);
  const mailing = async (id: number, who: TestUser = anna) => {
    const response = await json(app(), 'GET', `/api/v1/mutabo/mailings/${id}/`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MutaboMailing>();
  };

  it('lets only authors in, and only to the courses they lead', async () => {
    const { course } = await courseWithSubscribers(1);
    const [pupil] = await createUsers(context, 1, 'pupil');
    const body = { subject: 'Тема', text: 'Текст', to: 'subscribers' };
    expect((await json(app(), 'GET', `/api/v1/mutabo/courses/${course.id}/mailings/`, null)).statusCode).toBe(401);
    expect((await send(course.id, body, pupil)).statusCode).toBe(403);
    for (const url of [`/api/v1/mutabo/courses/${course.id}/mailings/`, `/api/v1/mutabo/courses/${course.id}/mailings/audience/`]) {
      expect((await json(app(), 'GET', url, stranger)).statusCode).toBe(404);
    }
    expect((await send(course.id, body, stranger)).statusCode).toBe(404);
    const created = await send(course.id, body);
    expect(created.statusCode).toBe(202);
    const other = await json(app(), 'GET', `/api/v1/mutabo/mailings/${created.json<{ id: number }>().id}/`, stranger);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: mailingMessages.mailingNotFound });
    expect((await json(app(), 'GET', '/api/v1/mutabo/mailings/999999/', anna)).statusCode).toBe(404);
    await app().deps.letters.drain();
  });

  it('checks the form with the contract’s Russian messages', async () => {
    const { course } = await courseWithSubscribers(1);
    const blank = await send(course.id, { subject: '  ', text: '', to: 'everyone' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ subject: [mailingMessages.subjectRequired], text: [mailingMessages.textRequired], to: [mailingMessages.toInvalid] });
    const long = await send(course.id, { subject: 'я'.repeat(201), text: 'Текст\u0000', to: 'subscribers' });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json()).sort()).toEqual(['subject', 'text']);
  });

  it('counts each audience, and refuses an empty one with 409', async () => {
    const { course, people } = await courseWithSubscribers(3);
    const [approved, held, lapsed, waiting] = await createUsers(context, 4, 'participant');
    const [first, second] = course.lessonIds as [number, number];
    await context.db.insert(participants).values([
      { userId: approved!.id, lessonId: first, state: 'approved' },
      { userId: approved!.id, lessonId: second, state: 'approved' },
      { userId: held!.id, lessonId: first, state: 'reserved', expiredAt: sql`now() + interval '10 minutes'` },
      { userId: lapsed!.id, lessonId: first, state: 'reserved', expiredAt: sql`now() - interval '1 minute'` },
      { userId: waiting!.id, lessonId: second, state: 'waiting_list' },
      { userId: people[0]!.id, lessonId: second, state: 'approved' },
    ]);
    const counts = await json(app(), 'GET', `/api/v1/mutabo/courses/${course.id}/mailings/audience/`, anna);
    expect(counts.json<MailingAudienceCounts>()).toEqual({ subscribers: 3, participants: 3, channels: { subscribers: { email: 3, telegram: 0 }, participants: { email: 3, telegram: 0 } } });

    const created = await send(course.id, { subject: 'Участникам', text: 'Завтра занятие.', to: 'participants' });
    expect(created.statusCode).toBe(202);
    await app().deps.letters.drain();
    const result = await mailing(created.json<{ id: number }>().id);
    expect(result.recipients.map((recipient) => recipient.email).sort()).toEqual([approved!.email, held!.email, people[0]!.email].sort());

    const { course: empty } = await courseWithSubscribers(0);
    const refused = await send(empty.id, { subject: 'Тема', text: 'Текст', to: 'subscribers' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: mailingMessages.noRecipients });
    expect((await json(app(), 'GET', `/api/v1/mutabo/courses/${empty.id}/mailings/`, anna)).json()).toEqual([]);
  });

  it('sends each subscriber one letter with the text, the course page, a personal unsubscribe link and the RFC 8058 headers', async () => {
    const { course, people } = await courseWithSubscribers(3, 'Курс с новостями');
    const created = await send(course.id, { subject: ' Новости курса ', text: 'Первый абзац.\n\nВторой <b>абзац</b>.', to: 'subscribers' });
    expect(created.statusCode).toBe(202);
    const { id } = created.json<{ id: number }>();
    await app().deps.letters.drain();

    const links = new Set<string>();
    for (const person of people) {
      const letters = context.mailer.to(person.email);
      expect(letters).toHaveLength(1);
      const [letter] = letters;
      expect(letter!.subject).toBe('Новости курса');
      expect(letter!.text).toContain('Первый абзац.\n\nВторой <b>абзац</b>.');
      expect(letter!.text).toContain(`Страница курса: https://mutabor.example.org/courses/${course.id}`);
      expect(letter!.text).toContain('Вы получили это письмо, потому что подписаны на новости курса «Курс с новостями».');
      expect(letter!.html).toContain('Второй &#60;b&#62;абзац&#60;/b&#62;.');
      const link = /Отписаться от новостей курса: (\S+)/.exec(letter!.text)![1]!;
      expect(link).toMatch(new RegExp(`^https://mutabor\\.example\\.org/news/unsubscribe/${person.id}/${course.id}/[0-9a-f]{32}$`));
      expect(letter!.headers).toEqual({ 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      links.add(link);
    }
    expect(links.size).toBe(3);

    const result = await mailing(id);
    expect(result).toMatchObject({ id, courseId: course.id, subject: 'Новости курса', text: 'Первый абзац.\n\nВторой <b>абзац</b>.', to: 'subscribers', state: 'done', total: 3, sent: 3, failed: 0 });
    expect(result.author).toEqual({ id: 1, firstName: 'Анна', lastName: 'Петрова' });
    expect(result.finishedAt).not.toBeNull();
    expect(result.recipients).toEqual(
      people.map((person) => ({ email: person.email, firstName: person.firstName, lastName: 'Покупатель', channel: 'email', state: 'sent', error: null, attempts: 1, sentAt: expect.any(String) })),
    );
  });

  it('sends a test to the author alone, and lists the course’s mailings newest first with their progress', async () => {
    const { course, people } = await courseWithSubscribers(2);
    const test = await send(course.id, { subject: 'Проверка', text: 'Черновик письма.', to: 'test' });
    expect(test.statusCode).toBe(202);
    await app().deps.letters.drain();
    const [letter, ...more] = context.mailer.to(anna.email);
    expect(more).toEqual([]);
    expect(letter!.text).toContain('Это проверочное письмо: его получили только вы.');
    for (const person of people) expect(context.mailer.to(person.email)).toEqual([]);

    // The mail server refuses one subscriber's mailbox for good.
    const refusing = context.mailer.send.bind(context.mailer);
    context.mailer.send = async (message) => {
      if (message.to === people[1]!.email) throw Object.assign(new Error('Can\'t send mail'), { responseCode: 550, response: '550 5.1.1 no such mailbox' });
      return refusing(message);
    };
    try {
      const real = await send(course.id, { subject: 'Всем', text: 'Письмо всем.', to: 'subscribers' });
      await app().deps.letters.drain();
      const history = (await json(app(), 'GET', `/api/v1/mutabo/courses/${course.id}/mailings/`, anna)).json<MutaboMailingSummary[]>();
      expect(history.map((item) => [item.id, item.to, item.state, item.total, item.sent, item.failed])).toEqual([
        [real.json<{ id: number }>().id, 'subscribers', 'done', 2, 1, 1],
        [test.json<{ id: number }>().id, 'test', 'done', 1, 1, 0],
      ]);
      const failed = (await mailing(real.json<{ id: number }>().id)).recipients.find((recipient) => recipient.email === people[1]!.email);
      expect(failed).toMatchObject({ state: 'failed', error: '550 5.1.1 no such mailbox', attempts: 1, sentAt: null });
    } finally {
      context.mailer.send = refusing;
    }
  });

  describe('the unsubscribe link', () => {
    async function subscriberLink() {
      const { course, people } = await courseWithSubscribers(1, 'Курс для отписки');
      await send(course.id, { subject: 'Новости', text: 'Текст.', to: 'subscribers' });
      await app().deps.letters.drain();
      const [letter] = context.mailer.to(people[0]!.email);
      const link = new URL(/Отписаться от новостей курса: (\S+)/.exec(letter!.text)![1]!);
      return { course, person: people[0]!, link };
    }
    const subscribed = async (person: TestUser, courseId: number) =>
      (await json(app(), 'GET', `/api/v1/courses/${courseId}/`, person)).json<CourseDetails>().subscribedForMailouts;

    it('asks first on GET, which changes nothing, and ends the subscription on the page’s POST', async () => {
      const { course, person, link } = await subscriberLink();
      const page = await app().inject({ method: 'GET', url: link.pathname });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('Отписаться от новостей?');
      expect(page.body).toContain('«Курс для отписки»');
      expect(page.body).toContain(`<form method="post" action="${link.pathname}">`);
      expect(await subscribed(person, course.id)).toBe(true);

      const done = await app().inject({ method: 'POST', url: link.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('Вы отписались');
      expect(await subscribed(person, course.id)).toBe(false);
      expect((await app().inject({ method: 'GET', url: link.pathname })).body).toContain('Вы не подписаны');
    });

    it('unsubscribes in one click as RFC 8058 posts it, and again changes nothing', async () => {
      const { course, person, link } = await subscriberLink();
      const oneClick = () =>
        app().inject({ method: 'POST', url: link.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect((await oneClick()).statusCode).toBe(200);
      expect(await subscribed(person, course.id)).toBe(false);
      expect((await oneClick()).statusCode).toBe(200);
      const rows = await context.db.select().from(mailingSubscriptions).where(eq(mailingSubscriptions.userId, person.id));
      expect(rows).toEqual([]);
    });

    it('refuses a forged or altered link without touching anyone’s subscription', async () => {
      const { course, person, link } = await subscriberLink();
      const [, , , user, courseId, signature] = link.pathname.split('/') as string[];
      const [other] = await createUsers(context, 1, 'other');
      await context.db.insert(mailingSubscriptions).values({ userId: other!.id, courseId: course.id });
      const forged = [
        `/news/unsubscribe/${other!.id}/${courseId}/${signature}`,
        `/news/unsubscribe/${user}/${courseId}/${'0'.repeat(32)}`,
        `/news/unsubscribe/${user}/${courseId}/${signature!.slice(0, -1)}`,
        `/news/unsubscribe/${user}/abc/${signature}`,
        `/news/unsubscribe/${user}/${courseId}/${signature}x`,
      ];
      for (const url of forged) {
        for (const method of ['GET', 'POST'] as const) {
          const response = await app().inject({ method, url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined });
          expect(response.statusCode, `${method} ${url}`).toBe(404);
          expect(response.body).toContain('Ссылка не действует');
        }
      }
      expect(await subscribed(person, course.id)).toBe(true);
      expect(await subscribed(other!, course.id)).toBe(true);
    });
  });
});
