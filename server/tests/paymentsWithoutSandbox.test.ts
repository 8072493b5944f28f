// Production without provider keys (PAYMENTS_SANDBOX off, the default with DATABASE_URL): a payment through such a
// provider is refused with 503 before anything is held, the test checkout answers «not found», and the start says so.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentCreated } from '../../common/wireTypes.ts';
import { loadConfig } from '../src/config.ts';
import { participants, payments } from '../src/db/schema.ts';
import { createPaymentProviders } from '../src/services/payments/providers.ts';
import { reportConfigurationGaps } from '../src/startupReport.ts';
import { createCourse, createUser, EURO, json, RUB, startEnrollmentApp, type EnrollmentApp } from './enrollmentKit.ts';
import { buildTestApp, testConfig } from './fixtures.ts';
import { dbModes } from './testDb.ts';

const REFUSAL = { detail: 'Оплата сейчас недоступна. Пожалуйста, напишите автору курса.' };

describe.each(dbModes())('payments without keys and without the test checkout (%s)', (mode) => {
  let context: EnrollmentApp;
  /** The same database with the test checkout on, as a demo would have made its payments. */
  let demo: FastifyInstance;

  beforeAll(async () => {
    context = await startEnrollmentApp(mode, { PAYMENTS_SANDBOX: '0' });
    demo = await buildTestApp({ database: context.testDb.database, config: testConfig({ PAYMENTS_SANDBOX: '1', PUBLIC_URL: 'https://mutabor.example.org' }) });
  });

  afterAll(async () => {
    await demo?.close();
    await context?.close();
  });

  it('refuses a payment with 503 and a Russian detail, holding nothing', async () => {
    const user = await createUser(context);
    const course = await createCourse(context.db, { participantsLimit: 1, prices: [RUB, EURO] });
    for (const [currency, system] of [
      ['CURRENCY_CHOICE_RUB', 'yookassa'],
      ['CURRENCY_CHOICE_EURO', 'paypal'],
    ]) {
      const response = await json(context.app, 'POST', '/api/v1/payments/', user, { system, currency, lessons: course.lessonIds });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(REFUSAL);
    }
    expect(await context.db.select().from(payments).where(eq(payments.userId, user.id))).toEqual([]);
    expect(await context.db.select().from(participants).where(eq(participants.userId, user.id))).toEqual([]);
    const details = await json(context.app, 'GET', `/api/v1/courses/${course.id}/`);
    expect(details.json<{ lessons: { hasFreePlaces: boolean }[] }>().lessons.every((lesson) => lesson.hasFreePlaces)).toBe(true);
  });

  it('answers «not found» on the test checkout, even for a payment it made before', async () => {
    const user = await createUser(context);
    const course = await createCourse(context.db, { prices: [RUB] });
    const created = await json(demo, 'POST', '/api/v1/payments/', user, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: course.lessonIds });
    expect(created.statusCode).toBe(201);
    const link = new URL(created.json<PaymentCreated>().details.redirectTo);
    expect((await demo.inject(`${link.pathname}${link.search}`)).statusCode).toBe(200);
    expect((await context.app.inject(`${link.pathname}${link.search}`)).statusCode).toBe(404);
    const paid = await context.app.inject({
      method: 'POST',
      url: link.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ key: link.searchParams.get('key')!, decision: 'pay' }).toString(),
    });
    expect(paid.statusCode).toBe(404);
    const [payment] = await context.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(payment!.state).toBe('STATE_IN_PROGRESS');
  });
});

describe('what the start reports', () => {
  const base = { publicUrl: 'https://x.example', jwtSecret: 'x'.repeat(32), operatorName: 'Мутабор' };
  const paypal = { clientId: 'id', clientSecret: 'secret', apiUrl: 'https://paypal.example' };

  it('takes a system with keys always, one without keys only through the test checkout', () => {
    const production = createPaymentProviders({ ...base, yookassa: null, paypal, paymentsSandbox: false });
    expect([production.accepts('yookassa'), production.accepts('paypal')]).toEqual([false, true]);
    const demo = createPaymentProviders({ ...base, yookassa: null, paypal: null, paymentsSandbox: true });
    expect([demo.accepts('yookassa'), demo.accepts('paypal')]).toEqual([true, true]);
  });

  it('logs at start an error naming the missing keys in production, a warning on the demo', () => {
    const lines: { level: string; text: string }[] = [];
    const log = {
      warn: (text: string) => lines.push({ level: 'warn', text }),
      error: (text: string) => lines.push({ level: 'error', text }),
    } as unknown as FastifyBaseLogger;
    const production = loadConfig({ DATABASE_URL: 'postgres://db/app', JWT_SECRET: 'x'.repeat(32), PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's', SMTP_URL: 'smtp://mail' });
    reportConfigurationGaps(production, log);
    expect(lines).toEqual([{ level: 'error', text: expect.stringMatching(/^YooKassa has no keys \(YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY are not set\).*refused/) }]);
    lines.length = 0;
    reportConfigurationGaps(loadConfig({ JWT_SECRET: 'x'.repeat(32) }), log);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'warn']);
    expect(lines.map((line) => line.text).join('\n')).toMatch(/PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.*test checkout/);
  });

  it('logs at start, as an error, that letters are not being sent on PostgreSQL without SMTP_URL', () => {
    const lines: { level: string; text: string }[] = [];
    const log = { warn: () => {}, error: (text: string) => lines.push({ level: 'error', text }) } as unknown as FastifyBaseLogger;
    const keys = { JWT_SECRET: 'x'.repeat(32), PAYMENTS_SANDBOX: '1' };
    reportConfigurationGaps(loadConfig({ ...keys, DATABASE_URL: 'postgres://db/app' }), log);
    expect(lines).toEqual([{ level: 'error', text: expect.stringMatching(/^SMTP_URL is not set: letters .* are not being sent/) }]);
    lines.length = 0;
    reportConfigurationGaps(loadConfig(keys), log);
    expect(lines).toEqual([]);
  });
});
