// Issue 20, items 1 and 3: the consent records (the sign-up's consent to processing, a course's news given and
// withdrawn by the switch and by a letter's link) and the person's own data as one JSON file.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, disciples, outboxLetters, payments, refunds, users } from '../src/db/schema.ts';
import { unsubscribeLink } from '../src/services/letters/unsubscribeLinks.ts';
import { ids } from './fixtures.ts';
import { createCourse, createUser, payInSandbox, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { dbModes } from './testDb.ts';

const ADDRESS = '203.0.113.7';
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) ТестовыйБраузер/1.0';
/** The fixture has no saved policy: its default text, version 0, is in force (server/tests/policy.test.ts). */
const PROCESSING_POLICY_VERSION = '0';

describe.each(dbModes())('consent records and the export (%s)', (mode) => {
  let context: EnrollmentApp;
  const app = () => context.app;

  beforeAll(async () => {
    context = await startEnrollmentApp(mode);
  });

  afterAll(async () => {
    await context?.close();
  });

  /** A request from a known address and browser. */
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser | null, body?: unknown, userAgent = AGENT) =>
    app().inject({
      method,
      url,
      remoteAddress: ADDRESS,
      headers: { accept: 'application/json', 'user-agent': userAgent, ...(user ? user.headers : {}) },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });

  const recordsOf = (userId: number) => context.db.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.id));

  it('sign-up records the consent to processing under the current policy, with the time, address and browser', async () => {
    const before = Date.now();
    const email = 'consenting@example.org';
    const response = await send('POST', '/api/v1/users/', null, {
      email,
      firstName: 'Ольга',
      lastName: 'Согласная',
      password1: 'Тихий-рассвет-42',
      password2: 'Тихий-рассвет-42',
      agreement: true,
    });
    expect(response.statusCode).toBe(201);
    const [user] = await context.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const records = await recordsOf(user!.id);
    expect(records).toEqual([
      expect.objectContaining({ kind: 'processing', action: 'given', courseId: null, policyVersion: PROCESSING_POLICY_VERSION, source: 'signup', ip: ADDRESS, userAgent: AGENT }),
    ]);
    expect(records[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // A second sign-up with the same address creates nothing and records nothing for the account's owner.
    const again = await send('POST', '/api/v1/users/', null, { email, firstName: 'Чужой', lastName: 'Человек', password1: 'Другой-пароль-77', password2: 'Другой-пароль-77', agreement: true });
    expect(again.statusCode).toBe(201);
    expect(await recordsOf(user!.id)).toHaveLength(1);
  });

  it('records the news consent where it was given and its withdrawal by the switch and by the link', async () => {
    const user = await createUser(context, 'news');
    const course = ids.courses.announced;
    expect((await send('POST', `/api/v1/courses/${course}/subscribe-for-mailouts/`, user)).statusCode).toBe(204);
    // Subscribing again changes nothing and records nothing.
    expect((await send('POST', `/api/v1/courses/${course}/subscribe-for-mailouts/`, user)).statusCode).toBe(204);
    expect((await send('POST', `/api/v1/courses/${course}/unsubscribe-from-mailouts/`, user)).statusCode).toBe(204);
    expect((await send('POST', `/api/v1/courses/${course}/unsubscribe-from-mailouts/`, user)).statusCode).toBe(204);
    expect((await send('POST', '/api/v1/participants/', user, { course })).statusCode).toBe(201);
    expect((await send('PATCH', `/api/v1/participants/${course}/`, user, { subscribed: false })).statusCode).toBe(200);
    // A row that was only a subscription left the list with it: subscribing again is a new row.
    expect((await send('POST', '/api/v1/participants/', user, { course })).statusCode).toBe(201);
    const link = new URL(unsubscribeLink(app().deps.config, user.id, course));
    const oneClick = await app().inject({
      method: 'POST',
      url: link.pathname,
      remoteAddress: '198.51.100.9',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Почтовый клиент' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    // The link again: already unsubscribed, nothing more to record.
    expect((await app().inject({ method: 'POST', url: link.pathname, payload: '' })).statusCode).toBe(200);
    expect((await send('POST', '/api/v1/participants/', user, { course })).statusCode).toBe(201);
    expect((await send('DELETE', `/api/v1/participants/${course}/`, user)).statusCode).toBe(204);

    const records = await recordsOf(user.id);
    expect(records.map((record) => [record.kind, record.courseId, record.action, record.source])).toEqual([
      ['news', course, 'given', 'course-page'],
      ['news', course, 'withdrawn', 'course-page'],
      ['news', course, 'given', 'account'],
      ['news', course, 'withdrawn', 'account'],
      ['news', course, 'given', 'account'],
      ['news', course, 'withdrawn', 'unsubscribe-link'],
      ['news', course, 'given', 'account'],
      ['news', course, 'withdrawn', 'account'],
    ]);
    for (const record of records) {
      expect(record.policyVersion).toBe(PROCESSING_POLICY_VERSION);
      expect(record.createdAt).toBeInstanceOf(Date);
    }
    expect(records.filter((record) => record.source !== 'unsubscribe-link').every((record) => record.ip === ADDRESS && record.userAgent === AGENT)).toBe(true);
    expect(records.find((record) => record.source === 'unsubscribe-link')).toMatchObject({ ip: '198.51.100.9', userAgent: 'Почтовый клиент' });
  });

  it('cuts a long user agent to a sane length', async () => {
    const user = await createUser(context, 'agent');
    expect((await send('POST', `/api/v1/courses/${ids.courses.announced}/subscribe-for-mailouts/`, user, undefined, 'x'.repeat(5000))).statusCode).toBe(204);
    const [record] = await recordsOf(user.id);
    expect(record!.userAgent!.length).toBeLessThanOrEqual(500);
  });

  describe('GET /api/v1/users/me/export/', () => {
    it('needs a logged-in caller', async () => {
      const response = await send('GET', '/api/v1/users/me/export/');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    });

    it('gives everything about the caller as one attachment, and nothing secret or anyone else’s', async () => {
      const course = await createCourse(context.db, { title: 'Курс для выгрузки', lessons: 2, prices: [RUB] });
      const buyer = await createUser(context, 'exported');
      const stranger = await createUser(context, 'stranger');
      await context.db.insert(disciples).values({ userId: buyer.id, country: 'Россия', otherInfo: 'Учусь читать' });
      const paid = await payInSandbox(app(), buyer, course.lessonIds);
      expect(paid).toHaveProperty('paymentId');
      const paymentId = (paid as { paymentId: number }).paymentId;
      const [payment] = await context.db.select().from(payments).where(eq(payments.id, paymentId));
      await context.db.insert(refunds).values({
        paymentId,
        lessonIds: [course.lessonIds[1]!],
        amount: '1200.00',
        currency: payment!.currency,
        system: payment!.system,
        state: 'succeeded',
        idempotenceKey: `export-test-${paymentId}`,
      });
      expect((await send('POST', `/api/v1/courses/${course.id}/subscribe-for-mailouts/`, buyer)).statusCode).toBe(204);
      expect((await send('POST', `/api/v1/courses/${ids.courses.announced}/subscribe-for-mailouts/`, buyer)).statusCode).toBe(204);
      expect((await send('POST', `/api/v1/courses/${ids.courses.announced}/unsubscribe-from-mailouts/`, buyer)).statusCode).toBe(204);
      expect((await send('POST', `/api/v1/courses/${course.id}/subscribe-for-mailouts/`, stranger)).statusCode).toBe(204);
      await context.db.insert(outboxLetters).values({ kind: 'test-letter', recipient: buyer.email, userId: buyer.id, subject: 'Письмо для выгрузки', text: 'Тело письма', state: 'sent', sentAt: new Date() });

      const response = await send('GET', '/api/v1/users/me/export/', buyer);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.json"/);
      expect(response.headers['cache-control']).toBe('no-store');
      const data = response.json();

      expect(data.account).toMatchObject({ id: buyer.id, email: buyer.email, firstName: buyer.firstName, isActive: true, createdAt: expect.any(String) });
      expect(data.profile).toMatchObject({ country: 'Россия', mainLanguage: 'Russian', otherInfo: 'Учусь читать' });
      expect(data.participations).toEqual(
        expect.arrayContaining(course.lessonIds.map((lessonId) => expect.objectContaining({ lessonId, courseId: course.id, courseTitle: 'Курс для выгрузки' }))),
      );
      expect(data.payments).toEqual([
        expect.objectContaining({ id: paymentId, amount: payment!.amount, currency: 'рубли', state: 'оплачен', failureReason: null, lessonIds: [...course.lessonIds].sort((a, b) => a - b) }),
      ]);
      expect(data.refunds).toEqual([expect.objectContaining({ paymentId, amount: '1200.00', currency: 'рубли', state: 'возврат выполнен', lessonIds: [course.lessonIds[1]] })]);
      // States and currencies in words: the file is for the person, not for a program.
      expect(data.participations.map((row: { state: string }) => row.state)).toEqual(['участие подтверждено', 'участие подтверждено']);
      expect(response.body).not.toMatch(/STATE_|CURRENCY_|"approved"|"succeeded"/);
      expect(data.newsSubscriptions).toEqual([expect.objectContaining({ courseId: course.id, courseTitle: 'Курс для выгрузки', since: expect.any(String) })]);
      expect(data.consents.map((record: { kind: string; courseId: number | null; action: string }) => [record.kind, record.courseId, record.action])).toEqual([
        ['news', course.id, 'given'],
        ['news', ids.courses.announced, 'given'],
        ['news', ids.courses.announced, 'withdrawn'],
      ]);
      expect(data.consents[2]).toMatchObject({ policyVersion: PROCESSING_POLICY_VERSION, source: 'course-page', ip: ADDRESS, userAgent: AGENT, at: expect.any(String) });
      expect(data.letters).toEqual(expect.arrayContaining([expect.objectContaining({ subject: 'Письмо для выгрузки', state: 'письмо отправлено', createdAt: expect.any(String), sentAt: expect.any(String) })]));

      const text = response.body;
      expect(text).not.toMatch(/password|token|secret|scrypt|idempotence/i);
      expect(text).not.toContain(stranger.email);
      expect(text).not.toContain('Тело письма');
    });

    it('is limited per account', async () => {
      const user = await createUser(context, 'often');
      let last = 200;
      for (let attempt = 0; attempt < 30 && last === 200; attempt += 1) last = (await send('GET', '/api/v1/users/me/export/', user)).statusCode;
      expect(last).toBe(429);
      const refused = await send('GET', '/api/v1/users/me/export/', user);
      expect(refused.json()).toEqual({ detail: expect.stringMatching(/[а-я]/) });
      expect(refused.headers['retry-after']).toBeDefined();
    });
  });
});
