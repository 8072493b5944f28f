// The YooKassa and PayPal adapters end to end against local stand-ins of their documented APIs: the requests they
// make (auth, idempotency, amount format, currency), amounts equal to the site's rules, notifications trusted only
// after reading the payment back, capture on return, provider failures, and a lost notification recovered.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentPayment, PaymentCreated, Price } from '../../common/wireTypes.ts';
import { selectionTotal, wholeCourseTotal } from '../../common/coursePrices.ts';
import { wholeCourseLessons, wholeCourseOffered } from '../../common/lessonBlocks.ts';
import { loadConfig } from '../src/config.ts';
import { participants, payments } from '../src/db/schema.ts';
import { createPaymentProviders } from '../src/services/payments/providers.ts';
import { receiptLines } from '../src/services/payments/receipts.ts';
import { sweepExpiredPayments } from '../src/services/payments/completion.ts';
import { NOTIFICATION_READ_INTERVAL_MS } from '../src/services/payments/followUps.ts';
import { createCourse, createUser, EURO, fixtureAuthor, json, lapse, paymentDeps, PUBLIC_URL, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { startPaypal, startYookassa, type PaypalStandIn, type YookassaStandIn } from './providerStandIns.ts';
import { dbModes } from './testDb.ts';

const SHOP_ID = '506751';
const SECRET_KEY = 'test_S3cr3tK3y-of-the-shop';
const CLIENT_ID = 'AeHq-client-id';
const CLIENT_SECRET = 'EKs-client-secret';

describe('RECEIPTS', () => {
  /** A payment of one lesson and a refund of half of it through the YooKassa adapter the configuration makes. */
  const payAndRefund = async (receipts: 'yookassa' | 'off') => {
    const standIn = await startYookassa(SHOP_ID, SECRET_KEY);
    // A shop without receipts takes payments without them; one with them refuses those (providerStandIns.ts).
    standIn.receipts = receipts === 'yookassa';
    try {
      const config = loadConfig({ YOOKASSA_SHOP_ID: SHOP_ID, YOOKASSA_SECRET_KEY: SECRET_KEY, YOOKASSA_API_URL: standIn.apiUrl, RECEIPTS: receipts, RECEIPT_TAX_SYSTEM: '2' }, '/');
      const provider = createPaymentProviders({ ...config, jwtSecret: 'x'.repeat(40) }).bySystem.yookassa;
      const lesson = [{ number: 1, title: 'Цветовой круг' }];
      const created = await provider.create({
        paymentId: 1,
        amount: '1200.00',
        currency: 'CURRENCY_CHOICE_RUB',
        description: 'Курс «Акварель», занятия № 1',
        idempotencyKey: 'payment-1',
        receipt: { email: 'buyer@example.org', lines: receiptLines('Акварель', lesson, 1200_00) },
      });
      standIn.setStatus(created.providerId, 'succeeded');
      await provider.refund({
        paymentId: 1,
        providerPaymentId: created.providerId,
        amount: '600.00',
        currency: 'CURRENCY_CHOICE_RUB',
        idempotencyKey: 'refund-1',
        description: 'Возврат по платежу № 1',
        receipt: { email: 'buyer@example.org', lines: receiptLines('Акварель', lesson, 600_00) },
        wholePayment: false,
      });
      return standIn.requests.filter((request) => request.method === 'POST').map((request) => request.body as Record<string, unknown>);
    } finally {
      await standIn.close();
    }
  };

  it('off sends no receipt with a payment or a refund; yookassa sends both, with tax_system_code when it is set', async () => {
    const off = await payAndRefund('off');
    expect(off).toHaveLength(2);
    for (const body of off) expect(body).not.toHaveProperty('receipt');
    const on = await payAndRefund('yookassa');
    expect(on.map((body) => body.receipt)).toEqual([
      expect.objectContaining({ customer: { email: 'buyer@example.org' }, tax_system_code: 2, items: [expect.objectContaining({ amount: { value: '1200.00', currency: 'RUB' } })] }),
      expect.objectContaining({ customer: { email: 'buyer@example.org' }, tax_system_code: 2, items: [expect.objectContaining({ amount: { value: '600.00', currency: 'RUB' } })] }),
    ]);
  });
});

describe.each(dbModes())('payment providers (%s)', (mode) => {
  let context: EnrollmentApp;
  let yookassa: YookassaStandIn;
  let paypal: PaypalStandIn;
  const app = () => context.app;

  beforeAll(async () => {
    yookassa = await startYookassa(SHOP_ID, SECRET_KEY);
    paypal = await startPaypal(CLIENT_ID, CLIENT_SECRET);
    context = await startEnrollmentApp(mode, {
      YOOKASSA_SHOP_ID: SHOP_ID,
      YOOKASSA_SECRET_KEY: SECRET_KEY,
      YOOKASSA_API_URL: yookassa.apiUrl,
      // The stand-in refuses, as a shop with 54-ФЗ receipts does, a payment or refund without a valid receipt.
      RECEIPTS: 'yookassa',
      // The stand-in's notifications come from loopback, as YooKassa's come from its published ranges.
      YOOKASSA_NOTIFY_IPS: '127.0.0.1,::1',
      PAYPAL_CLIENT_ID: CLIENT_ID,
      PAYPAL_CLIENT_SECRET: CLIENT_SECRET,
      PAYPAL_API_URL: paypal.url,
    });
  });

  afterAll(async () => {
    await context?.close();
    await yookassa?.close();
    await paypal?.close();
  });

  const pay = (user: TestUser, lessons: number[], currency: 'CURRENCY_CHOICE_RUB' | 'CURRENCY_CHOICE_EURO' | 'CURRENCY_CHOICE_USD' = 'CURRENCY_CHOICE_RUB') =>
    json(app(), 'POST', '/api/v1/payments/', user, { system: currency === 'CURRENCY_CHOICE_EURO' ? 'paypal' : 'yookassa', currency, lessons });
  const paymentOf = async (userId: number) => (await context.db.select().from(payments).where(eq(payments.userId, userId))).sort((a, b) => a.id - b.id);
  const statesOf = async (userId: number) => (await context.db.select().from(participants).where(eq(participants.userId, userId))).map((row) => row.state);
  const notifyYookassa = (id: string, event = 'payment.succeeded') =>
    json(app(), 'POST', '/api/v1/payments/yookassa/notifications/', null, { type: 'notification', event, object: { id, status: 'succeeded', paid: true } });
  const lastYookassaPayment = () => [...yookassa.payments.values()].at(-1)!;
  const lastOrder = () => [...paypal.orders.values()].at(-1)!;

  describe('YooKassa', () => {
    it('creates the payment as documented and sends the payer to confirmation_url; amounts follow the site’s rules', async () => {
      const price: Price = { coursePrice: 9900, lessonPrice: 1500.5, lessonWholesalePrice: 1250.25, currency: 'CURRENCY_CHOICE_RUB' };
      const course = await createCourse(context.db, { participantsLimit: 10, lessons: 7, prices: [price] });
      const forSale = course.lessonIds.map((id) => ({ id, hasFreePlaces: true, participationState: null }));
      const selections = [course.lessonIds, ...[1, 2, 4, 5, 6].map((count) => course.lessonIds.slice(0, count))];
      for (const selection of selections) {
        const user = await createUser(context);
        const before = yookassa.requests.length;
        const response = await pay(user, selection);
        expect(response.statusCode).toBe(201);
        const [payment] = await paymentOf(user.id);
        const sent = yookassa.requests.slice(before).find((request) => request.method === 'POST')!;
        // The site's rules, from the same module: the whole course (never dearer than its lessons one by one), else per
        // lesson with the wholesale price.
        const whole = wholeCourseLessons(forSale).map((lesson) => lesson.id);
        const isWhole = wholeCourseOffered(forSale, 1) && whole.length === selection.length;
        const expected = (isWhole ? wholeCourseTotal(price, selection.length) : selectionTotal(price, selection.length)).toFixed(2);
        expect(sent.path).toBe('/v3/payments');
        expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(`${SHOP_ID}:${SECRET_KEY}`).toString('base64')}`);
        expect(sent.headers['idempotence-key']).toBe(`payment-${payment!.id}-${payment!.createdAt.getTime()}`);
        expect(sent.body).toMatchObject({
          amount: { value: expected, currency: 'RUB' },
          capture: true,
          confirmation: { type: 'redirect', return_url: `${PUBLIC_URL}/waiting-for-payment` },
          metadata: { paymentId: String(payment!.id) },
        });
        expect(payment!.amount).toBe(expected);
        expect(response.json<PaymentCreated>().details.redirectTo).toBe(lastYookassaPayment().confirmation!.confirmation_url);
        expect(payment!.providerId).toBe(lastYookassaPayment().id);
      }
      const amounts = [...yookassa.payments.values()].slice(-selections.length).map((payment) => Number(payment.amount.value));
      expect(amounts).toEqual([8751.75, 1500.5, 3001, 6002, 6251.25, 7501.5]);
    });

    it('sends a 54-ФЗ receipt with every payment: the payer’s e-mail and one item per lesson, adding up to the amount to the kopeck', async () => {
      // The course price, the lesson price, the wholesale price and blocks; amounts that do not divide by the lessons.
      const price: Price = { coursePrice: 1000, lessonPrice: 400.01, lessonWholesalePrice: 333.33, currency: 'CURRENCY_CHOICE_RUB' };
      const three = await createCourse(context.db, { title: 'Акварель', participantsLimit: 10, lessons: ['Цветовой круг', 'Свет и тень', 'Пейзаж'], prices: [price] });
      const six = await createCourse(context.db, { title: 'Графика', participantsLimit: 10, lessons: 6, prices: [price] });
      const blocks = await createCourse(context.db, { title: 'Масло', participantsLimit: 10, lessons: 4, lessonsBlockSize: 2, prices: [{ ...price, coursePrice: 1000.01 }] });
      const cases: [number[], string, number][] = [
        [three.lessonIds, '1000.00', 3], // the course price: 333.33 + 333.33 + 333.34
        [three.lessonIds.slice(0, 2), '800.02', 2], // the lesson price
        [six.lessonIds.slice(0, 5), '1666.65', 5], // the wholesale price
        [six.lessonIds, '1000.00', 6], // the course price over six: 166.66 × 4 + 166.67 × 2
        [blocks.lessonIds.slice(2), '800.02', 2], // one block of two
        [blocks.lessonIds, '1000.01', 4], // the whole course in blocks: 250.00 × 3 + 250.01
      ];
      for (const [lessons, amount, count] of cases) {
        const user = await createUser(context);
        const before = yookassa.requests.length;
        const response = await pay(user, lessons);
        expect(response.statusCode, response.body).toBe(201);
        const sent = yookassa.requests.slice(before).find((request) => request.method === 'POST')!.body as {
          amount: { value: string };
          receipt: { customer: { email: string }; items: { description: string; quantity: number; amount: { value: string; currency: string } }[]; tax_system_code?: number };
        };
        expect(sent.amount.value).toBe(amount);
        expect(sent.receipt.customer).toEqual({ email: user.email });
        expect(sent.receipt).not.toHaveProperty('tax_system_code');
        expect(sent.receipt.items).toHaveLength(count);
        for (const item of sent.receipt.items) {
          expect(item).toMatchObject({ quantity: 1, amount: { currency: 'RUB' }, vat_code: 1, payment_subject: 'service', payment_mode: 'full_prepayment', measure: 'piece' });
        }
        const cents = sent.receipt.items.reduce((sum, item) => sum + Math.round(Number(item.amount.value) * 100) * item.quantity, 0);
        expect(cents).toBe(Math.round(Number(amount) * 100));
      }
      const first = yookassa.requests.filter((request) => request.method === 'POST' && request.path === '/v3/payments').at(-cases.length)!.body as { receipt: { items: { description: string; amount: { value: string } }[] } };
      expect(first.receipt.items.map((item) => [item.description, item.amount.value])).toEqual([
        ['Курс «Акварель», занятие 1. Цветовой круг', '333.33'],
        ['Курс «Акварель», занятие 2. Свет и тень', '333.33'],
        ['Курс «Акварель», занятие 3. Пейзаж', '333.34'],
      ]);
    });

    it('sends a discounted payment with receipt items of the discounted amounts, adding up to it', async () => {
      const course = await createCourse(context.db, { title: 'Гравюра', participantsLimit: 10, lessons: ['Штрих', 'Офорт', 'Печать'], prices: [{ currency: 'CURRENCY_CHOICE_RUB', coursePrice: 5000, lessonPrice: 1200, lessonWholesalePrice: 1000 }] });
      const user = await createUser(context);
      const author = await fixtureAuthor(context);
      expect((await json(app(), 'POST', `/api/v1/mutabo/courses/${course.id}/discounts/`, author, { email: user.email, percent: 15 })).statusCode).toBe(201);
      const before = yookassa.requests.length;
      expect((await pay(user, course.lessonIds.slice(0, 2))).statusCode).toBe(201);
      const sent = yookassa.requests.slice(before).find((request) => request.method === 'POST')!.body as { amount: { value: string }; receipt: { items: { description: string; amount: { value: string } }[] } };
      // 1200 − 15 % = 1020 a lesson.
      expect(sent.amount.value).toBe('2040.00');
      expect(sent.receipt.items.map((item) => [item.description, item.amount.value])).toEqual([
        ['Курс «Гравюра», занятие 1. Штрих', '1020.00'],
        ['Курс «Гравюра», занятие 2. Офорт', '1020.00'],
      ]);
    });

    it('sends dollars to YooKassa in USD', async () => {
      yookassa.currencies.add('USD');
      const course = await createCourse(context.db, { lessons: 2, prices: [{ currency: 'CURRENCY_CHOICE_USD', coursePrice: 60, lessonPrice: 35, lessonWholesalePrice: 30 }] });
      const user = await createUser(context);
      expect((await pay(user, [course.lessonIds[0]!], 'CURRENCY_CHOICE_USD')).statusCode).toBe(201);
      expect(lastYookassaPayment().amount).toEqual({ value: '35.00', currency: 'USD' });
    });

    it('trusts a notification only after reading the payment back, and approves once however often it comes', async () => {
      const course = await createCourse(context.db, { title: 'Курс через ЮKassa', participantsLimit: 2, lessons: 2, prices: [RUB] });
      const user = await createUser(context);
      await pay(user, course.lessonIds);
      const providerPayment = lastYookassaPayment();
      const [payment] = await paymentOf(user.id);

      // A notification claiming success while YooKassa says «pending» changes nothing.
      const early = await notifyYookassa(providerPayment.id);
      expect(early.statusCode).toBe(200);
      expect((await paymentOf(user.id))[0]!.state).toBe('STATE_IN_PROGRESS');
      const reads = yookassa.requests.filter((request) => request.method === 'GET' && request.path === `/v3/payments/${providerPayment.id}`);
      expect(reads).toHaveLength(1);
      expect(reads[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${SHOP_ID}:${SECRET_KEY}`).toString('base64')}`);

      yookassa.setStatus(providerPayment.id, 'succeeded');
      for (let delivery = 0; delivery < 3; delivery += 1) expect((await notifyYookassa(providerPayment.id)).statusCode).toBe(200);
      // Within seconds of the first read-back, the payment is read again once, at the end of the interval.
      await app().deps.background.settled();
      expect((await paymentOf(user.id))[0]).toMatchObject({ id: payment!.id, state: 'STATE_COMPLETED' });
      expect(await statesOf(user.id)).toEqual(['approved', 'approved']);
      await app().deps.letters.drain();
      expect(context.mailer.to(user.email).map((letter) => letter.subject)).toEqual(['Оплата получена: курс «Курс через ЮKassa»']);

      // Unknown ids and other events are acknowledged and ignored.
      expect((await notifyYookassa('2d8b4f1a-000f-5000-9000-1b68e7b15f3f')).statusCode).toBe(200);
      expect((await notifyYookassa(providerPayment.id, 'refund.succeeded')).statusCode).toBe(200);
      expect((await json(app(), 'POST', '/api/v1/payments/yookassa/notifications/', null, { event: 'payment.succeeded' })).statusCode).toBe(400);
    });

    it('reads a payment back at most twice for 200 forged notifications, and still acts on the real one after them', async () => {
      const course = await createCourse(context.db, { lessons: 1, prices: [RUB] });
      const user = await createUser(context);
      await pay(user, course.lessonIds);
      const providerPayment = lastYookassaPayment();
      const reads = () => yookassa.requests.filter((request) => request.method === 'GET' && request.path === `/v3/payments/${providerPayment.id}`).length;

      const forged = await Promise.all(Array.from({ length: 200 }, () => notifyYookassa(providerPayment.id)));
      expect(forged.map((response) => response.statusCode)).toEqual(Array(200).fill(200));
      await app().deps.background.settled();
      expect(reads()).toBeLessThanOrEqual(2);
      expect((await paymentOf(user.id))[0]!.state).toBe('STATE_IN_PROGRESS');

      // The payer pays right after the flood: the real notification is acted on once the interval is over.
      yookassa.setStatus(providerPayment.id, 'succeeded');
      expect((await notifyYookassa(providerPayment.id)).statusCode).toBe(200);
      await app().deps.background.settled();
      expect((await paymentOf(user.id))[0]!.state).toBe('STATE_COMPLETED');
      expect(reads()).toBeLessThanOrEqual(3);
      // A completed payment is not read back again.
      for (let delivery = 0; delivery < 5; delivery += 1) expect((await notifyYookassa(providerPayment.id)).statusCode).toBe(200);
      await app().deps.background.settled();
      expect(reads()).toBeLessThanOrEqual(3);
    });

    it('does not ask YooKassa about ids it never created, nor for notifications from outside YooKassa’s addresses', async () => {
      const before = yookassa.requests.length;
      const unknown = await notifyYookassa('2d8b4f1a-000f-5000-9000-1b68e7b15f3f');
      expect(unknown.statusCode).toBe(200);

      const course = await createCourse(context.db, { lessons: 1, prices: [RUB] });
      const user = await createUser(context);
      await pay(user, course.lessonIds);
      const providerPayment = lastYookassaPayment();
      yookassa.setStatus(providerPayment.id, 'succeeded');
      const afterCreate = yookassa.requests.length;
      expect(afterCreate - before).toBe(1);
      const stranger = await app().inject({
        method: 'POST',
        url: '/api/v1/payments/yookassa/notifications/',
        remoteAddress: '203.0.113.9',
        payload: { type: 'notification', event: 'payment.succeeded', object: { id: providerPayment.id, status: 'succeeded', paid: true } },
      });
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json()).toEqual({ detail: 'Уведомления ЮKassa принимаются только с адресов ЮKassa.' });
      await app().deps.background.settled();
      expect(yookassa.requests.length).toBe(afterCreate);
      expect((await paymentOf(user.id))[0]!.state).toBe('STATE_IN_PROGRESS');
    });

    it('a payment cancelled at YooKassa frees the places', async () => {
      const course = await createCourse(context.db, { participantsLimit: 1, lessons: 1, prices: [RUB] });
      const user = await createUser(context);
      await pay(user, course.lessonIds);
      const providerPayment = lastYookassaPayment();
      yookassa.setStatus(providerPayment.id, 'canceled');
      expect((await notifyYookassa(providerPayment.id, 'payment.canceled')).statusCode).toBe(200);
      expect((await paymentOf(user.id))[0]).toMatchObject({ state: 'STATE_FAILURE', failureReason: 'canceled' });
      expect(await statesOf(user.id)).toEqual([]);
    });

    it('answers 502 with a Russian message and releases the hold when YooKassa fails', async () => {
      const course = await createCourse(context.db, { participantsLimit: 1, lessons: 1, prices: [RUB] });
      const user = await createUser(context);
      for (const status of [500, 401]) {
        yookassa.failNext(status);
        const response = await pay(user, course.lessonIds);
        expect(response.statusCode).toBe(502);
        expect(response.json()).toEqual({ detail: 'Платёжная система сейчас не отвечает. Места не забронированы; попробуйте оплатить ещё раз через несколько минут.' });
        expect(await statesOf(user.id)).toEqual([]);
      }
      expect((await paymentOf(user.id)).map((payment) => [payment.state, payment.failureReason])).toEqual([
        ['STATE_FAILURE', 'provider_error'],
        ['STATE_FAILURE', 'provider_error'],
      ]);
      // The place is free: the next attempt works.
      expect((await pay(user, course.lessonIds)).statusCode).toBe(201);
    });

    it('answers non-2xx to a notification it cannot check, so that YooKassa retries; the retry succeeds', async () => {
      const course = await createCourse(context.db, { lessons: 1, prices: [RUB] });
      const user = await createUser(context);
      await pay(user, course.lessonIds);
      const providerPayment = lastYookassaPayment();
      yookassa.setStatus(providerPayment.id, 'succeeded');
      yookassa.failNext(500);
      const failed = await notifyYookassa(providerPayment.id);
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ detail: expect.stringContaining('ЮKassa') });
      expect((await paymentOf(user.id))[0]!.state).toBe('STATE_IN_PROGRESS');
      expect((await notifyYookassa(providerPayment.id)).statusCode).toBe(200);
      expect((await paymentOf(user.id))[0]!.state).toBe('STATE_COMPLETED');
    });

    it('does not approve a payment whose amount at YooKassa differs from ours', async () => {
      const course = await createCourse(context.db, { lessons: 1, prices: [RUB] });
      const user = await createUser(context);
      await pay(user, course.lessonIds);
      const providerPayment = lastYookassaPayment();
      providerPayment.amount = { value: '1.00', currency: 'RUB' };
      yookassa.setStatus(providerPayment.id, 'succeeded');
      expect((await notifyYookassa(providerPayment.id)).statusCode).toBe(200);
      expect((await paymentOf(user.id))[0]!.state).toBe('STATE_IN_PROGRESS');
      expect(await statesOf(user.id)).toEqual(['reserved']);
    });

    it('recovers a lost notification: the payer’s polling and the expiry sweep read the payment back', async () => {
      const course = await createCourse(context.db, { lessons: 2, prices: [RUB] });
      const [poller, sleeper] = [await createUser(context), await createUser(context)];
      await pay(poller, [course.lessonIds[0]!]);
      yookassa.setStatus(lastYookassaPayment().id, 'succeeded');
      const first = (await json(app(), 'GET', '/api/v1/payments/current/', poller)).json<CurrentPayment>();
      expect(first.details.state).toBe('STATE_IN_PROGRESS');
      await app().deps.background.settled();
      expect((await json(app(), 'GET', '/api/v1/payments/current/', poller)).json<CurrentPayment>().details.state).toBe('STATE_COMPLETED');

      // Paid at YooKassa, hold lapsed, no notification ever: the sweep asks YooKassa before releasing.
      await pay(sleeper, [course.lessonIds[1]!]);
      yookassa.setStatus(lastYookassaPayment().id, 'succeeded');
      const [held] = await paymentOf(sleeper.id);
      await lapse(context, held!.id);
      await sweepExpiredPayments(paymentDeps(app()));
      expect((await paymentOf(sleeper.id))[0]!.state).toBe('STATE_COMPLETED');
      expect(await statesOf(sleeper.id)).toEqual(['approved']);
    });
  });

  describe('YooKassa: a lapsed hold', () => {
    it('reads as in progress without writing while it is read back; the polling and the sweep share one read-back, and the sweep releases it', async () => {
      const course = await createCourse(context.db, { lessons: 1, prices: [RUB] });
      const user = await createUser(context);
      await pay(user, course.lessonIds);
      const providerPayment = lastYookassaPayment();
      const [payment] = await paymentOf(user.id);
      await lapse(context, payment!.id);
      const reads = () => yookassa.requests.filter((request) => request.method === 'GET' && request.path === `/v3/payments/${providerPayment.id}`).length;
      const rows = async () => ({ payment: (await paymentOf(user.id))[0], places: await context.db.select().from(participants).where(eq(participants.userId, user.id)) });
      const before = await rows();

      // YooKassa may have taken the money with the notification lost: the payer keeps waiting while it is read back.
      // YooKassa still says «pending», so nothing is written.
      const current = (await json(app(), 'GET', '/api/v1/payments/current/', user)).json<CurrentPayment>();
      expect(current).toMatchObject({ id: payment!.id, details: { state: 'STATE_IN_PROGRESS' }, lessonCount: 1 });
      await app().deps.background.settled();
      expect(reads()).toBe(1);
      expect(await rows()).toEqual(before);

      // The sweep right after goes through the same throttle: no second read within the interval, and the hold is released.
      await app().deps.paymentFollowUps.sweepExpired();
      expect((await paymentOf(user.id))[0]).toMatchObject({ state: 'STATE_FAILURE', failureReason: 'expired' });
      expect(await statesOf(user.id)).toEqual([]);
      expect(reads()).toBe(1);
      await app().deps.background.settled();
    });

    it('paid with the notification lost and the hold lapsed: the payer is never told it failed, and sees it paid', async () => {
      const course = await createCourse(context.db, { lessons: 1, prices: [RUB] });
      const user = await createUser(context);
      await pay(user, course.lessonIds);
      yookassa.setStatus(lastYookassaPayment().id, 'succeeded');
      const [payment] = await paymentOf(user.id);
      await lapse(context, payment!.id);
      expect((await json(app(), 'GET', '/api/v1/payments/current/', user)).json<CurrentPayment>().details.state).toBe('STATE_IN_PROGRESS');
      await app().deps.background.settled();
      expect((await json(app(), 'GET', '/api/v1/payments/current/', user)).json<CurrentPayment>().details.state).toBe('STATE_COMPLETED');
      expect(await statesOf(user.id)).toEqual(['approved']);
    });
  });

  describe('PayPal', () => {
    it('creates an order as documented and sends the payer to the approve link', async () => {
      const course = await createCourse(context.db, { lessons: 3, prices: [RUB, EURO] });
      const user = await createUser(context);
      const before = paypal.requests.length;
      const response = await pay(user, course.lessonIds.slice(0, 2), 'CURRENCY_CHOICE_EURO');
      expect(response.statusCode).toBe(201);
      const [payment] = await paymentOf(user.id);
      const requests = paypal.requests.slice(before);
      const tokenRequest = requests.find((request) => request.path === '/v1/oauth2/token');
      if (tokenRequest) expect(tokenRequest.headers.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`);
      const create = requests.find((request) => request.path === '/v2/checkout/orders')!;
      expect(create.headers.authorization).toMatch(/^Bearer A21AA/);
      expect(create.headers['paypal-request-id']).toBe(`payment-${payment!.id}-${payment!.createdAt.getTime()}`);
      const back = `${PUBLIC_URL}/api/v1/payments/paypal/return/?paymentId=${payment!.id}`;
      expect(create.body).toMatchObject({
        intent: 'CAPTURE',
        purchase_units: [{ custom_id: String(payment!.id), amount: { currency_code: 'EUR', value: selectionTotal(EURO, 2).toFixed(2) } }],
        payment_source: { paypal: { experience_context: { return_url: back, cancel_url: `${back}&cancel=1` } } },
      });
      expect(selectionTotal(EURO, 2).toFixed(2)).toBe('28.00');
      expect(response.json<PaymentCreated>().details.redirectTo).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${lastOrder().id}`);

      // The whole course at its three lessons one by one (42 €), less than its price (50 €); the token is reused.
      const tokens = paypal.tokensIssued;
      const other = await createUser(context);
      expect((await pay(other, course.lessonIds, 'CURRENCY_CHOICE_EURO')).statusCode).toBe(201);
      expect(lastOrder().purchase_units[0]!.amount).toEqual({ currency_code: 'EUR', value: '42.00' });
      expect(paypal.tokensIssued).toBe(tokens);
    });

    it('captures when the payer comes back approved, then sends them to the result page', async () => {
      const course = await createCourse(context.db, { title: 'Курс через PayPal', lessons: 1, prices: [EURO] });
      const user = await createUser(context);
      await pay(user, course.lessonIds, 'CURRENCY_CHOICE_EURO');
      const order = lastOrder();
      const [payment] = await paymentOf(user.id);
      paypal.approve(order.id);

      const back = await app().inject({ url: `/api/v1/payments/paypal/return/?paymentId=${payment!.id}&token=${order.id}&PayerID=PAYER1` });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe('/waiting-for-payment');
      const captures = paypal.requests.filter((request) => request.path === `/v2/checkout/orders/${order.id}/capture`);
      expect(captures).toHaveLength(1);
      expect(captures[0]!.headers['paypal-request-id']).toBeTruthy();
      expect((await paymentOf(user.id))[0]!.state).toBe('STATE_COMPLETED');
      expect(await statesOf(user.id)).toEqual(['approved']);
      await app().deps.letters.drain();
      expect(context.mailer.to(user.email)).toHaveLength(1);

      // Coming back again (reload) and the webhook of the capture change nothing.
      await app().inject({ url: `/api/v1/payments/paypal/return/?paymentId=${payment!.id}&token=${order.id}` });
      const webhook = await json(app(), 'POST', '/api/v1/payments/paypal/webhook/', null, {
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: { id: 'CAPTURE1', status: 'COMPLETED', supplementary_data: { related_ids: { order_id: order.id } } },
      });
      expect(webhook.statusCode).toBe(200);
      expect(paypal.requests.filter((request) => request.path === `/v2/checkout/orders/${order.id}/capture`)).toHaveLength(1);
      await app().deps.letters.drain();
      expect(context.mailer.to(user.email)).toHaveLength(1);
    });

    it('two returns at once read and capture the order once; a reload reads nothing', async () => {
      const course = await createCourse(context.db, { lessons: 1, prices: [EURO] });
      const user = await createUser(context);
      await pay(user, course.lessonIds, 'CURRENCY_CHOICE_EURO');
      const order = lastOrder();
      const [payment] = await paymentOf(user.id);
      paypal.approve(order.id);
      const before = paypal.requests.length;
      const back = () => app().inject({ url: `/api/v1/payments/paypal/return/?paymentId=${payment!.id}&token=${order.id}&PayerID=PAYER1` });

      const answers = await Promise.all([back(), back()]);
      expect(answers.map((answer) => [answer.statusCode, answer.headers.location])).toEqual([
        [303, '/waiting-for-payment'],
        [303, '/waiting-for-payment'],
      ]);
      const orderRequests = () => paypal.requests.slice(before).filter((request) => request.path.startsWith(`/v2/checkout/orders/${order.id}`)).map((request) => `${request.method} ${request.path}`);
      expect(orderRequests()).toEqual([`GET /v2/checkout/orders/${order.id}`, `POST /v2/checkout/orders/${order.id}/capture`]);
      expect((await paymentOf(user.id))[0]!.state).toBe('STATE_COMPLETED');
      await back();
      expect(orderRequests()).toHaveLength(2);
    });

    it('a return moments after the webhook read the order waits for the next read-back, which captures', async () => {
      const course = await createCourse(context.db, { lessons: 1, prices: [EURO] });
      const user = await createUser(context);
      await pay(user, course.lessonIds, 'CURRENCY_CHOICE_EURO');
      const order = lastOrder();
      const [payment] = await paymentOf(user.id);
      const reads = () => paypal.requests.filter((request) => request.method === 'GET' && request.path === `/v2/checkout/orders/${order.id}`).length;
      // The webhook of the order's creation reads it back: not approved yet. The interval starts with that read, so
      // after this moment, however long the read and the checks below take.
      const readAt = Date.now();
      const webhook = await json(app(), 'POST', '/api/v1/payments/paypal/webhook/', null, { event_type: 'CHECKOUT.ORDER.CREATED', resource: { id: order.id } });
      expect(webhook.statusCode).toBe(200);
      expect(reads()).toBe(1);

      paypal.approve(order.id);
      const back = await app().inject({ url: `/api/v1/payments/paypal/return/?paymentId=${payment!.id}&token=${order.id}&PayerID=PAYER1` });
      expect(back.statusCode).toBe(303);
      // Not read again within the interval, yet the payer lands on the result page with the payment taken.
      expect(Date.now() - readAt).toBeGreaterThanOrEqual(NOTIFICATION_READ_INTERVAL_MS - 100);
      expect(reads()).toBe(2);
      expect(paypal.requests.filter((request) => request.path === `/v2/checkout/orders/${order.id}/capture`)).toHaveLength(1);
      expect((await paymentOf(user.id))[0]!.state).toBe('STATE_COMPLETED');
      expect((await json(app(), 'GET', '/api/v1/payments/current/', user)).json<CurrentPayment>().details.state).toBe('STATE_COMPLETED');
    });

    it('refuses a webhook body that is not a PayPal event', async () => {
      for (const body of [{}, { resource: { id: 'ORDER1' } }, { event_type: 42 }]) {
        const response = await json(app(), 'POST', '/api/v1/payments/paypal/webhook/', null, body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ detail: 'Уведомление не распознано.' });
      }
      // Events of nothing we act on are acknowledged.
      expect((await json(app(), 'POST', '/api/v1/payments/paypal/webhook/', null, { event_type: 'BILLING.PLAN.CREATED', resource: { id: 'P-1' } })).statusCode).toBe(200);
    });

    it('the cancel address frees the places; a return with a wrong token does nothing', async () => {
      const course = await createCourse(context.db, { participantsLimit: 1, lessons: 1, prices: [EURO] });
      const user = await createUser(context);
      await pay(user, course.lessonIds, 'CURRENCY_CHOICE_EURO');
      const order = lastOrder();
      const [payment] = await paymentOf(user.id);

      const forged = await app().inject({ url: `/api/v1/payments/paypal/return/?paymentId=${payment!.id}&token=SOMEONEELSE&cancel=1` });
      expect(forged.statusCode).toBe(303);
      expect((await paymentOf(user.id))[0]!.state).toBe('STATE_IN_PROGRESS');

      await app().inject({ url: `/api/v1/payments/paypal/return/?paymentId=${payment!.id}&token=${order.id}&cancel=1` });
      expect((await paymentOf(user.id))[0]).toMatchObject({ state: 'STATE_FAILURE', failureReason: 'canceled' });
      expect(await statesOf(user.id)).toEqual([]);
    });

    it('a webhook for an approved order captures it when the payer never came back', async () => {
      const course = await createCourse(context.db, { lessons: 1, prices: [EURO] });
      const user = await createUser(context);
      await pay(user, course.lessonIds, 'CURRENCY_CHOICE_EURO');
      const order = lastOrder();
      paypal.approve(order.id);
      // Before the order is approved nothing happens; a forged event naming an unknown order is ignored.
      const before = paypal.requests.length;
      const unknown = await json(app(), 'POST', '/api/v1/payments/paypal/webhook/', null, { event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'NOSUCHORDER' } });
      expect(unknown.statusCode).toBe(200);
      // An order we never created costs no request to PayPal.
      expect(paypal.requests.length).toBe(before);
      const response = await json(app(), 'POST', '/api/v1/payments/paypal/webhook/', null, { event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: order.id, status: 'APPROVED' } });
      expect(response.statusCode).toBe(200);
      expect(order.status).toBe('COMPLETED');
      expect((await paymentOf(user.id))[0]!.state).toBe('STATE_COMPLETED');
      expect(await statesOf(user.id)).toEqual(['approved']);
    });

    it('answers 502 and releases the hold when PayPal refuses the order', async () => {
      const course = await createCourse(context.db, { participantsLimit: 1, lessons: 1, prices: [EURO] });
      const user = await createUser(context);
      paypal.failNext(503);
      const response = await pay(user, course.lessonIds, 'CURRENCY_CHOICE_EURO');
      // A cached token skips the token call, so the failure hits the order itself.
      expect(response.statusCode).toBe(502);
      expect(await statesOf(user.id)).toEqual([]);
    });
  });
});
