// A real payment provider takes no payment while the seller's details are incomplete (issue 19, item 12):
// POST /api/v1/payments/ answers 503 with a Russian detail for the buyer before anything is held, the start logs an
// error naming what is missing, and the area's summary says what to fill in. The test checkout is not held back.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboDashboard } from '../../common/mutabo/start.ts';
import { SELLER_REFUSAL } from '../../common/mutabo/seller.ts';
import type { PaymentCreated } from '../../common/wireTypes.ts';
import { loadConfig } from '../src/config.ts';
import { payments, seller as sellerTable, users } from '../src/db/schema.ts';
import { reportSellerGaps } from '../src/startupReport.ts';
import { fixtureContent } from './fixtures.ts';
import { createCourse, createUser, EURO, json, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { startYookassa, type YookassaStandIn } from './providerStandIns.ts';
import { dbModes } from './testDb.ts';

const SHOP_ID = '506751';
const SECRET_KEY = 'test_secret_key_readiness';

describe.each(dbModes())('payments while the seller is incomplete (%s)', (mode) => {
  let context: EnrollmentApp;
  let yookassa: YookassaStandIn;
  let anna: TestUser;
  const app = () => context.app;

  beforeAll(async () => {
    yookassa = await startYookassa(SHOP_ID, SECRET_KEY);
    // A shop without 54-ФЗ receipts (RECEIPTS=off below): the stand-in takes payments without them.
    yookassa.receipts = false;
    // YooKassa is real, PayPal has no keys: euros go to the test checkout.
    context = await startEnrollmentApp(mode, { YOOKASSA_SHOP_ID: SHOP_ID, YOOKASSA_SECRET_KEY: SECRET_KEY, YOOKASSA_API_URL: yookassa.apiUrl, RECEIPTS: 'off', PAYMENTS_SANDBOX: '1' });
    const token = await app().deps.tokens.sign(1, 'access');
    const [row] = await context.db.select().from(users).where(eq(users.id, 1));
    anna = { id: 1, email: row!.email, firstName: row!.firstName, token, headers: { authorization: `Bearer ${token}` } };
  });
  afterAll(async () => {
    await context?.close();
    await yookassa?.close();
  });

  const pay = (user: TestUser, lessons: number[], currency: 'CURRENCY_CHOICE_RUB' | 'CURRENCY_CHOICE_EURO') =>
    json(app(), 'POST', '/api/v1/payments/', user, { system: currency === 'CURRENCY_CHOICE_EURO' ? 'paypal' : 'yookassa', currency, lessons });
  const paymentsOf = (userId: number) => context.db.select().from(payments).where(eq(payments.userId, userId));
  const dashboard = async () => (await json(app(), 'GET', '/api/v1/mutabo/dashboard/', anna)).json<MutaboDashboard>();
  const patchSeller = async (body: Record<string, unknown>) => {
    const { version } = (await json(app(), 'GET', '/api/v1/mutabo/seller/', anna)).json<{ version: number }>();
    const response = await json(app(), 'PATCH', '/api/v1/mutabo/seller/', anna, { ...body, version });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('takes payments through YooKassa while the details are complete, and says nothing in the summary', async () => {
    const buyer = await createUser(context);
    const course = await createCourse(context.db, { lessons: 1, prices: [RUB] });
    const created = await pay(buyer, course.lessonIds, 'CURRENCY_CHOICE_RUB');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<PaymentCreated>().details.redirectTo).toMatch(/^https?:\/\//);
    expect((await dashboard()).seller).toEqual({ missing: [], paymentsRefused: false });
  });

  it('refuses a YooKassa payment with 503 and a Russian detail, holding nothing, until the details are filled in', async () => {
    await patchSeller({ inn: '', phone: '' });
    const buyer = await createUser(context);
    const course = await createCourse(context.db, { lessons: 1, prices: [RUB, EURO] });
    const refused = await pay(buyer, course.lessonIds, 'CURRENCY_CHOICE_RUB');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ detail: SELLER_REFUSAL });
    expect(await paymentsOf(buyer.id)).toEqual([]);
    expect(yookassa.payments.size).toBe(1);

    // The test checkout standing in for PayPal is not held back.
    const sandbox = await pay(buyer, course.lessonIds, 'CURRENCY_CHOICE_EURO');
    expect(sandbox.statusCode, sandbox.body).toBe(201);
    expect(sandbox.json<PaymentCreated>().details.redirectTo).toContain('/sandbox-checkout/');

    // The summary says what to fill in.
    expect((await dashboard()).seller).toEqual({ missing: ['inn', 'phone'], paymentsRefused: true });

    await patchSeller({ inn: fixtureContent.seller.inn, phone: fixtureContent.seller.phone });
    const other = await createUser(context);
    expect((await pay(other, course.lessonIds, 'CURRENCY_CHOICE_RUB')).statusCode).toBe(201);
    expect((await dashboard()).seller).toEqual({ missing: [], paymentsRefused: false });
  });

  it('refuses while no seller was ever saved', async () => {
    await context.db.delete(sellerTable);
    app().deps.publicCache.invalidate();
    try {
      const buyer = await createUser(context);
      const course = await createCourse(context.db, { lessons: 1, prices: [RUB] });
      expect((await pay(buyer, course.lessonIds, 'CURRENCY_CHOICE_RUB')).json()).toEqual({ detail: SELLER_REFUSAL });
      expect((await dashboard()).seller).toEqual({ missing: ['name', 'inn', 'ogrn', 'address', 'email', 'phone'], paymentsRefused: true });
    } finally {
      await context.db.insert(sellerTable).values(fixtureContent.seller);
      app().deps.publicCache.invalidate();
    }
  });

  it('logs at start an error naming what is missing when a real provider is configured, and nothing otherwise', async () => {
    const lines: { level: string; text: string }[] = [];
    const log = {
      warn: (text: string) => lines.push({ level: 'warn', text }),
      error: (text: string) => lines.push({ level: 'error', text }),
    } as unknown as FastifyBaseLogger;
    const withYookassa = loadConfig({ JWT_SECRET: 'x'.repeat(32), YOOKASSA_SHOP_ID: 'shop', YOOKASSA_SECRET_KEY: 'key', RECEIPTS: 'off' });
    await reportSellerGaps(context.db, withYookassa, log);
    expect(lines).toEqual([]);

    await context.db.update(sellerTable).set({ ogrn: '', address: '' });
    try {
      await reportSellerGaps(context.db, withYookassa, log);
      expect(lines).toEqual([{ level: 'error', text: expect.stringMatching(/^The seller's details are incomplete \(missing: ogrn, address\): payments through YooKassa are refused/) }]);
      lines.length = 0;
      await reportSellerGaps(context.db, loadConfig({ JWT_SECRET: 'x'.repeat(32) }), log);
      expect(lines).toEqual([]);
    } finally {
      await context.db.update(sellerTable).set({ ogrn: fixtureContent.seller.ogrn, address: fixtureContent.seller.address });
    }
  });
});
