// Letters that can be answered and that stop where they cannot be delivered (issue 21, item 8): each kind's Reply-To
// (a course's letters to its first author; account and payment letters to the seller, else OPERATOR_EMAIL; none when
// neither has an address) and To with the person's name; and an address refused for good three times in a row (SMTP
// 550 to RCPT, from the SMTP stand-in) gets no more news (account letters still go), which the mailing's recipients
// show, until a letter to it is delivered or the person's address changes.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboMailing } from '../../common/mutabo/mailings.ts';
import type { FastifyInstance } from 'fastify';
import { authors, courseAuthors, lessons, mailDeliveryFailures, mailingSubscriptions, outboxLetters, participants, seller, users } from '../src/db/schema.ts';
import { emailChangeLetter, emailChangeNotice, resetLetter } from '../src/services/accounts/letters.ts';
import { promotionLetter, refundLetter } from '../src/services/places/enrollmentLetters.ts';
import { receiptLetter } from '../src/services/payments/receiptLetters.ts';
import { lessonChangeLetter, type NoticeLesson } from '../src/services/schedule/lessonLetters.ts';
import { queueLetters, UNDELIVERABLE_AFTER, type QueuedLetter } from '../src/services/letters/letterQueue.ts';
import { sweepReminders } from '../src/services/schedule/lessonReminders.ts';
import { queueMovedLetter, refundedLetter, rejectedLetter } from '../src/services/places/participantLetters.ts';
import { buildTestApp, bearer, ids, seedFixture, testConfig } from './fixtures.ts';
import { createCourse, createUsers, json, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { signupPayload } from './accountsSupport.ts';
import { parseLetter } from './mailbox.ts';
import { startSmtpStandIn, type SmtpStandIn } from './smtpStandIn.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

const SELLER = '"ИП Петрова Анна Сергеевна" <seller@example.org>';
const OPERATOR = '"Мутабор" <operator@example.org>';
const BORIS = '"Борис Иванов" <boris@example.org>';

describe.each(dbModes())('who answers a letter (%s)', (mode) => {
  let context: EnrollmentApp;
  let anna: TestUser;
  let pupil: TestUser;
  let course: Awaited<ReturnType<typeof createCourse>>;
  const app = () => context.app;
  const config = () => ({ ...context.config, jwtSecret: context.config.jwtSecret! });

  beforeAll(async () => {
    context = await startEnrollmentApp(mode);
    anna = { id: ids.users.anna, email: 'Anna@Example.org', firstName: 'Анна', token: '', headers: bearer(await app().deps.tokens.sign(ids.users.anna, 'access')) };
    pupil = (await createUsers(context, 1, 'pupil'))[0]!;
    // Борис first, Анна second: Анна leads it too, so she can send its news.
    course = await createCourse(context.db, { title: 'Курс с ответами', authors: [ids.authors.boris, ids.authors.anna], participantsLimit: 5, lessons: 2 });
  });

  afterAll(async () => {
    await context?.close();
  });

  /** Records the letters as the services do (in a transaction), sends them, and returns what the transport got for each. */
  const sent = async (letters: QueuedLetter[]) => {
    const before = context.mailer.sent.length;
    await context.db.transaction((tx) => queueLetters(tx, letters));
    await app().deps.letters.drain({ gathering: true });
    return context.mailer.sent.slice(before);
  };

  const person = () => ({ userId: pupil.id, email: pupil.email, firstName: pupil.firstName, timeZone: '' });
  const lesson = (): NoticeLesson => ({
    id: course.lessonIds[0]!,
    courseId: course.id,
    courseTitle: course.title,
    courseTimeZone: 'Europe/Moscow',
    number: 1,
    title: 'Занятие 1',
    duration: 60,
    sequence: 1,
    roomUrl: '',
  });

  it('sends the account and payment letters back to the seller, the course letters to the course’s first author', async () => {
    const c = config();
    const items = [{ number: 1, title: 'Занятие 1' }];
    const paid = { id: 7, amount: 1200, currency: 'CURRENCY_CHOICE_RUB' as const, paidAt: new Date() };
    const at = new Date(Date.now() + 7 * 86_400_000);
    const letters: [string, QueuedLetter][] = [
      ['reset', { kind: 'reset', userId: pupil.id, ...resetLetter(c, person(), `${c.publicUrl}/user/reset-password/completion/x/y/`) }],
      ['email-change', { kind: 'email-change', userId: pupil.id, ...emailChangeLetter(c, person(), 'new-address@example.org', `${c.publicUrl}/user/confirm-email/x/y/z/`) }],
      ['email-change-notice', { kind: 'email-change-notice', userId: pupil.id, ...emailChangeNotice(c, person(), 'new-address@example.org') }],
      ['receipt', { kind: 'receipt', userId: pupil.id, ...receiptLetter(c, { ...person(), userId: pupil.id, timeZone: '' }, { ...course, timeZone: 'Europe/Moscow' }, [{ id: 1, ...items[0]!, duration: 60, sequence: 1, roomUrl: '', startsAt: null }], paid, false, []) }],
      ['late-payment-refund', { kind: 'late-payment-refund', userId: pupil.id, ...refundLetter(c, person(), course, items, paid, []) }],
      ['refund', { kind: 'refund', userId: pupil.id, ...refundedLetter(c, person(), course, items, { paymentId: 7, amount: 1200, currency: 'CURRENCY_CHOICE_RUB' }, []) }],
      ['promotion', { kind: 'promotion', userId: pupil.id, ...promotionLetter(c, person(), course, items) }],
      ['rejection', { kind: 'rejection', userId: pupil.id, ...rejectedLetter(c, person(), course, items) }],
      ['queue-moved', { kind: 'queue-moved', userId: pupil.id, ...queueMovedLetter(c, person(), course, items[0]!, 2) }],
      ['lesson time set', { kind: 'lesson-change', userId: pupil.id, ...lessonChangeLetter(c, person(), lesson(), { kind: 'scheduled', after: at }, new Date()) }],
      ['lesson moved', { kind: 'lesson-change', userId: pupil.id, ...lessonChangeLetter(c, person(), lesson(), { kind: 'moved', before: at, after: new Date(at.getTime() + 3_600_000) }, new Date()) }],
      ['lesson cancelled', { kind: 'lesson-change', userId: pupil.id, ...lessonChangeLetter(c, person(), lesson(), { kind: 'cancelled', before: at }, new Date()) }],
    ];
    const messages = await sent(letters.map(([, letter]) => letter));
    const answered = Object.fromEntries(letters.map(([kind], index) => [kind, messages[index]?.replyTo]));
    expect(answered).toEqual({
      reset: SELLER,
      'email-change': SELLER,
      'email-change-notice': SELLER,
      receipt: SELLER,
      'late-payment-refund': SELLER,
      refund: SELLER,
      promotion: BORIS,
      rejection: BORIS,
      'queue-moved': BORIS,
      'lesson time set': BORIS,
      'lesson moved': BORIS,
      'lesson cancelled': BORIS,
    });
    // To names the account the address belongs to; the new address of an e-mail change, the account that asked.
    expect(messages.map((message) => message.toName)).toEqual(messages.map(() => 'Имя1 Покупатель'));
  });

  it('answers the signup’s confirmation with the seller, through the real request', async () => {
    const { email, ...payload } = signupPayload({ email: `signup-${mode}@example.org` });
    const response = await app().inject({ method: 'POST', url: '/api/v1/users/', payload: { email, ...payload } });
    expect(response.statusCode, response.body).toBe(201);
    await app().deps.accounts.lettersSent();
    await app().deps.letters.drain();
    const [letter] = context.mailer.to(email);
    expect(letter).toMatchObject({ subject: expect.stringContaining('Подтверждение регистрации'), replyTo: SELLER, toName: 'Мария Соколова' });
  });

  it('answers an approval (composed when sent) and a reminder with the first author, and keeps it for a retry', async () => {
    const [joiner] = await createUsers(context, 1, 'joiner');
    expect((await json(app(), 'POST', `/api/v1/courses/${course.id}/create-participants/`, joiner)).statusCode).toBe(200);
    const rows = await context.db.select({ id: participants.id }).from(participants).where(and(eq(participants.userId, joiner!.id), eq(participants.lessonId, course.lessonIds[0]!)));
    const approve = await json(app(), 'POST', '/api/v1/mutabo/participants/approve/', anna, { participants: rows.map((row) => row.id) });
    expect(approve.statusCode, approve.body).toBe(200);
    await app().deps.letters.drain({ gathering: true });
    const approval = context.mailer.to(joiner!.email).find((letter) => letter.subject.startsWith('Участие подтверждено'));
    expect(approval).toMatchObject({ replyTo: BORIS, toName: 'Имя1 Покупатель' });
    // The composed letter's row keeps its Reply-To, so a retry sends the same.
    const [row] = await context.db.select({ headers: outboxLetters.headers }).from(outboxLetters).where(and(eq(outboxLetters.kind, 'approval'), eq(outboxLetters.userId, joiner!.id)));
    expect(row!.headers).toEqual({ 'Reply-To': BORIS });

    // The sweep 8 hours from now finds the lesson 22 hours ahead (approved before its 24 hours began).
    const startsAt = new Date(Date.now() + 30 * 3_600_000);
    await context.db.update(lessons).set({ startsAt }).where(eq(lessons.id, course.lessonIds[0]!));
    expect(await sweepReminders({ db: context.db, log: app().log }, new Date(Date.now() + 8 * 3_600_000))).toBeGreaterThan(0);
    await app().deps.letters.drain();
    const reminder = context.mailer.to(joiner!.email).find((letter) => letter.subject.startsWith('Напоминание о занятии'));
    expect(reminder).toMatchObject({ replyTo: BORIS });
    await context.db.update(lessons).set({ startsAt: null }).where(eq(lessons.id, course.lessonIds[0]!));
  });

  it('answers a news letter with the first author', async () => {
    await context.db.insert(mailingSubscriptions).values({ userId: pupil.id, courseId: course.id });
    const created = await json(app(), 'POST', `/api/v1/mutabo/courses/${course.id}/mailings/`, anna, { subject: 'Новости', text: 'Текст новости.', to: 'subscribers' });
    expect(created.statusCode, created.body).toBe(202);
    await app().deps.letters.drain();
    expect(context.mailer.to(pupil.email).find((letter) => letter.subject === 'Новости')).toMatchObject({ replyTo: BORIS, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
  });

  it('falls back to OPERATOR_EMAIL without the seller’s address, and to none without either; a first author without any address gives none', async () => {
    const c = config();
    await context.db.update(seller).set({ email: '' });
    try {
      const [withOperator, without] = await sent([
        { kind: 'reset', userId: pupil.id, ...resetLetter(c, person(), `${c.publicUrl}/user/reset-password/completion/x/y/`) },
        { kind: 'reset', userId: pupil.id, ...resetLetter({ ...c, operatorEmail: null }, person(), `${c.publicUrl}/user/reset-password/completion/x/y/`) },
      ]);
      expect(withOperator!.replyTo).toBe(OPERATOR);
      expect(without!.replyTo).toBeUndefined();
    } finally {
      await context.db.update(seller).set({ email: 'seller@example.org' });
    }

    // An author record without an address: the linked account's; neither: no Reply-To.
    const [linked] = await createUsers(context, 1, 'author-account');
    const [withAccount] = await context.db.insert(authors).values({ firstName: 'Вера', lastName: 'Без-Адреса', email: '', userId: linked!.id }).returning({ id: authors.id });
    const [nowhere] = await context.db.insert(authors).values({ firstName: 'Глеб', lastName: 'Без-Почты', email: '' }).returning({ id: authors.id });
    const first = await createCourse(context.db, { authors: [withAccount!.id, ids.authors.anna] });
    const none = await createCourse(context.db, { authors: [nowhere!.id, ids.authors.anna] });
    const items = [{ number: 1, title: 'Занятие 1' }];
    const [toAccount, toNobody] = await sent([
      { kind: 'promotion', userId: pupil.id, ...promotionLetter(c, person(), { id: first.id, title: 'Курс' }, items) },
      { kind: 'promotion', userId: pupil.id, ...promotionLetter(c, person(), { id: none.id, title: 'Курс' }, items) },
    ]);
    expect(toAccount!.replyTo).toBe(`"Вера Без-Адреса" <${linked!.email}>`);
    expect(toNobody!.replyTo).toBeUndefined();
    await context.db.delete(courseAuthors).where(eq(courseAuthors.authorId, nowhere!.id));
  });
});

describe.each(dbModes())('an address that does not take letters (%s)', (mode) => {
  let testDb: TestDatabase;
  let smtp: SmtpStandIn;
  let app: FastifyInstance;
  let courseId: number;
  const annaHeaders = async () => bearer(await app.deps.tokens.sign(ids.users.anna, 'access'));

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    app = await buildTestApp({ database: testDb.database, config: testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://mutabor.example.org' }) });
    courseId = ids.courses.free;
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
    await smtp?.close();
  });

  const db = () => testDb.database.db;

  /** A subscriber of the course with a fresh address. */
  let counter = 0;
  const subscriber = async () => {
    const [row] = await db()
      .insert(users)
      .values({ email: `reader-${mode}-${++counter}@example.org`, passwordHash: '!', firstName: 'Читатель', lastName: `Номер ${counter}`, isActive: true })
      .returning({ id: users.id, email: users.email });
    await db().insert(mailingSubscriptions).values({ userId: row!.id, courseId });
    return row!;
  };

  /** Sends the course's news to its subscribers; the mailing as the area shows it. */
  const mailing = async (subject: string): Promise<MutaboMailing> => {
    const headers = await annaHeaders();
    const created = await app.inject({ method: 'POST', url: `/api/v1/mutabo/courses/${courseId}/mailings/`, headers, payload: { subject, text: 'Новости курса.', to: 'subscribers' } });
    expect(created.statusCode, created.body).toBe(202);
    await app.deps.letters.drain();
    const { id } = created.json<{ id: number }>();
    return (await app.inject({ method: 'GET', url: `/api/v1/mutabo/mailings/${id}/`, headers })).json<MutaboMailing>();
  };

  const resultOf = (found: MutaboMailing, email: string) => found.recipients.find((recipient) => recipient.email === email)!;

  /** An account letter to the person, as the reset request queues it. */
  const accountLetter = async (person: { id: number; email: string }) => {
    const config = { ...app.deps.config, operatorEmail: null };
    await queueLetters(db(), [{ kind: 'reset', userId: person.id, ...resetLetter(config, { email: person.email, firstName: 'Читатель' }, `${config.publicUrl}/user/reset-password`) }]);
    await app.deps.letters.drain();
  };

  const delivered = (email: string) => smtp.received.filter((message) => message.to.includes(email)).map((message) => parseLetter(message.data));

  it(`stops the news to an address after ${UNDELIVERABLE_AFTER} permanent refusals in a row, shows it in the mailing, and still sends account letters`, async () => {
    const reader = await subscriber();
    const other = await subscriber();
    smtp.refused.add(reader.email);

    for (let round = 1; round <= UNDELIVERABLE_AFTER; round += 1) {
      const found = await mailing(`Новости ${round}`);
      expect(resultOf(found, reader.email)).toMatchObject({ state: 'failed', error: expect.stringMatching(/^550/) });
      expect(resultOf(found, other.email).state).toBe('sent');
    }
    const [counted] = await db().select().from(mailDeliveryFailures).where(eq(mailDeliveryFailures.userId, reader.id));
    expect(counted).toMatchObject({ failures: UNDELIVERABLE_AFTER });
    // Only the hash of the address is kept.
    expect(JSON.stringify(counted)).not.toContain(reader.email);

    // The next mailing does not try: the area says why.
    const attempts = smtp.received.length;
    const stopped = await mailing('Новости после отказов');
    expect(resultOf(stopped, reader.email)).toMatchObject({ state: 'failed', error: expect.stringMatching(/^Адрес не принимает письма: почтовый сервер отказал в доставке 3 раза подряд/) });
    expect(stopped.failed).toBe(1);
    expect(smtp.received.length).toBe(attempts + 1);

    // An account letter still goes to it; the server accepts it now: delivered, so the refusals no longer count.
    smtp.refused.delete(reader.email);
    await accountLetter(reader);
    expect(delivered(reader.email)).toHaveLength(1);
    expect(delivered(reader.email)[0]).toMatchObject({ to: reader.email, toName: `Читатель Номер ${counter - 1}` });
    expect(await db().select().from(mailDeliveryFailures).where(eq(mailDeliveryFailures.userId, reader.id))).toEqual([]);
    expect(resultOf(await mailing('Новости снова'), reader.email).state).toBe('sent');
  });

  it('counts only refusals in a row: a delivery between starts again', async () => {
    const reader = await subscriber();
    smtp.refused.add(reader.email);
    await mailing('Первый отказ');
    await accountLetter(reader);
    smtp.refused.delete(reader.email);
    await accountLetter(reader);
    smtp.refused.add(reader.email);
    await mailing('Второй отказ после доставки');
    await mailing('Третий отказ');
    const [counted] = await db().select().from(mailDeliveryFailures).where(eq(mailDeliveryFailures.userId, reader.id));
    expect(counted!.failures).toBe(2);
    // Two in a row are not enough to stop the news: it is tried (and refused) again.
    expect(resultOf(await mailing('Ещё попытка'), reader.email).error).toMatch(/^550/);
  });

  it('forgets the refusals when the person’s address changes', async () => {
    const reader = await subscriber();
    smtp.refused.add(reader.email);
    for (let round = 1; round <= UNDELIVERABLE_AFTER; round += 1) await mailing(`Отказ ${round}`);
    const changed = `changed-${reader.email}`;
    await db().update(users).set({ email: changed }).where(eq(users.id, reader.id));
    const found = await mailing('Новости на новый адрес');
    expect(resultOf(found, changed).state).toBe('sent');
    // The old count stays until the new address is refused or gets a letter; it no longer applies.
    const [counted] = await db().select({ failures: mailDeliveryFailures.failures }).from(mailDeliveryFailures).where(eq(mailDeliveryFailures.userId, reader.id));
    expect(counted?.failures ?? 0).toBe(UNDELIVERABLE_AFTER);
  });
});
