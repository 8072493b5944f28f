// The authors' payments, refunds and start page (/api/v1/mutabo/payments/, /payments/{id}/refund/, /dashboard/)
// against the local YooKassa and PayPal stand-ins, and the sandbox checkout: a refund requested twice refunds once,
// a refund made in the provider's dashboard is applied once, and the buyer's My courses loses the refunded lesson.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboPaymentsPage, MutaboRefundResult } from '../../common/mutabo/payments.ts';
import type { MutaboDashboard } from '../../common/mutabo/start.ts';
import type { Participation } from '../../common/wireTypes.ts';
import { auditLog, payments, refunds, users } from '../src/db/schema.ts';
import { createAuthorUser, createCourse, createUser, EURO, json, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { type PaypalStandIn, startPaypal, startYookassa, TEST_SECRET_KEY, TEST_SHOP_ID, yookassaEnv, type YookassaStandIn } from './providerStandIns.ts';
import { dbModes } from './testDb.ts';

const CLIENT_ID = 'AeHq-client-id';
const CLIENT_SECRET = 'EKs-client-secret';

describe.each(dbModes())('the authors’ payments and refunds (%s)', (mode) => {
  let context: EnrollmentApp;
  let sandboxContext: EnrollmentApp;
  let yookassa: YookassaStandIn;
  let paypal: PaypalStandIn;
  let anna: TestUser;
  const app = () => context.app;

  const authorOf = async (ctx: EnrollmentApp): Promise<TestUser> => {
    const [row] = await ctx.db.select().from(users).where(eq(users.id, 1));
    const token = await ctx.app.deps.tokens.sign(1, 'access');
    return { id: 1, email: row!.email, firstName: row!.firstName, token, headers: { authorization: `Bearer ${token}` } };
  };

  beforeAll(async () => {
    yookassa = await startYookassa(TEST_SHOP_ID, TEST_SECRET_KEY);
    paypal = await startPaypal(CLIENT_ID, CLIENT_SECRET);
    context = await startEnrollmentApp(mode, {
      ...yookassaEnv(yookassa),
      PAYPAL_CLIENT_ID: CLIENT_ID,
      PAYPAL_CLIENT_SECRET: CLIENT_SECRET,
      PAYPAL_API_URL: paypal.url,
    });
    anna = await authorOf(context);
  });

  afterAll(async () => {
    await context?.close();
    await sandboxContext?.close();
    await yookassa?.close();
    await paypal?.close();
  });

  /** A buyer who paid for these lessons through YooKassa (the stand-in says succeeded, the notification comes). */
  const paidThroughYookassa = async (lessonIds: number[]) => {
    const buyer = await createUser(context, 'buyer');
    const created = await json(app(), 'POST', '/api/v1/payments/', buyer, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: lessonIds });
    expect(created.statusCode, created.body).toBe(201);
    const providerPayment = [...yookassa.payments.values()].at(-1)!;
    yookassa.setStatus(providerPayment.id, 'succeeded');
    const notified = await json(app(), 'POST', '/api/v1/payments/yookassa/notifications/', null, { type: 'notification', event: 'payment.succeeded', object: { id: providerPayment.id } });
    expect(notified.statusCode, notified.body).toBe(200);
    const [payment] = await context.db.select().from(payments).where(eq(payments.userId, buyer.id));
    expect(payment!.state).toBe('STATE_COMPLETED');
    return { buyer, payment: payment!, providerPayment };
  };

  const myLessons = async (user: TestUser, courseId: number) => {
    const list = (await json(app(), 'GET', '/api/v1/participants/', user)).json<Participation[]>();
    return list.find((row) => row.id === courseId)?.lessons.map((lesson) => lesson.id) ?? [];
  };

  const refund = (paymentId: number, body: unknown = {}) => json(app(), 'POST', `/api/v1/mutabo/payments/${paymentId}/refund/`, anna, body);

  it('answers 401, 403, and 404 for a payment or course of a course the caller does not lead', async () => {
    const course = await createCourse(context.db, { participantsLimit: 3, lessons: 1, prices: [RUB] });
    const { buyer, payment } = await paidThroughYookassa(course.lessonIds);
    const stranger = await createAuthorUser(context);
    for (const [method, url] of [
      ['GET', '/api/v1/mutabo/payments/'],
      ['GET', '/api/v1/mutabo/dashboard/'],
      ['POST', `/api/v1/mutabo/payments/${payment.id}/refund/`],
    ] as const) {
      expect((await json(app(), method, url, null, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
      expect((await json(app(), method, url, buyer, method === 'POST' ? {} : undefined)).statusCode).toBe(403);
    }
    expect((await json(app(), 'POST', `/api/v1/mutabo/payments/${payment.id}/refund/`, stranger, {})).statusCode).toBe(404);
    expect((await json(app(), 'GET', `/api/v1/mutabo/payments/?course=${course.id}`, stranger)).statusCode).toBe(404);
    expect((await json(app(), 'GET', '/api/v1/mutabo/payments/', stranger)).json<MutaboPaymentsPage>().results).toEqual([]);
  });

  it('lists the payments of the caller’s courses, refund_required first, with revenue per currency', async () => {
    const course = await createCourse(context.db, { participantsLimit: 3, lessons: 2, prices: [RUB] });
    const { buyer, payment } = await paidThroughYookassa([course.lessonIds[0]!]);
    const second = await paidThroughYookassa([course.lessonIds[1]!]);
    await context.db.update(payments).set({ refundRequired: true }).where(eq(payments.id, payment.id));
    const page = (await json(app(), 'GET', `/api/v1/mutabo/payments/?course=${course.id}`, anna)).json<MutaboPaymentsPage>();
    expect(page.count).toBe(2);
    expect(page.results.map((row) => row.id)).toEqual([payment.id, second.payment.id]);
    expect(page.results[0]).toMatchObject({
      payer: { id: buyer.id, email: buyer.email },
      course: { id: course.id },
      lessons: [{ id: course.lessonIds[0], number: 1, refunded: false }],
      amount: 1200,
      currency: 'CURRENCY_CHOICE_RUB',
      provider: 'yookassa',
      state: 'STATE_COMPLETED',
      refundRequired: true,
      refundable: 1200,
      refunded: 0,
    });
    expect(page.revenue).toEqual([{ currency: 'CURRENCY_CHOICE_RUB', payments: 2, paid: 2400, refunded: 0, net: 2400 }]);
    const board = (await json(app(), 'GET', '/api/v1/mutabo/dashboard/', anna)).json<MutaboDashboard>();
    expect(board.refundsRequired.map((row) => row.id)).toContain(payment.id);
    expect(board.courses.find((row) => row.id === course.id)).toMatchObject({ placesLeft: 2, waiting: 0 });
    await context.db.update(payments).set({ refundRequired: false }).where(eq(payments.id, payment.id));
  });

  it('refunds a paid lesson through YooKassa once, however often it is asked; the buyer loses the lesson and gets a letter', async () => {
    const course = await createCourse(context.db, { participantsLimit: 3, lessons: 2, prices: [RUB] });
    const { buyer, payment, providerPayment } = await paidThroughYookassa(course.lessonIds);
    expect(await myLessons(buyer, course.id)).toEqual(course.lessonIds);
    const answers = await Promise.all([refund(payment.id, { lessons: [course.lessonIds[1]] }), refund(payment.id, { lessons: [course.lessonIds[1]] })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [first, second] = answers.map((answer) => answer.json<MutaboRefundResult>());
    expect(first!.refund.id).toBe(second!.refund.id);
    expect(first!.refund).toMatchObject({ state: 'succeeded', amount: 1200, currency: 'CURRENCY_CHOICE_RUB', lessons: [course.lessonIds[1]], source: 'area' });
    const providerRefunds = [...yookassa.refunds.values()].filter((row) => row.payment_id === providerPayment.id);
    expect(providerRefunds).toHaveLength(1);
    const sent = yookassa.requests.filter((request) => request.method === 'POST' && request.path === '/v3/refunds');
    expect(sent.at(-1)!.headers['idempotence-key']).toMatch(new RegExp(`^refund-${payment.id}-`));
    expect(sent.at(-1)!.body).toMatchObject({ payment_id: providerPayment.id, amount: { value: '1200.00', currency: 'RUB' } });
    // Once more after it is done: the same refund, no new request.
    const again = await refund(payment.id, { lessons: [course.lessonIds[1]] });
    expect(again.json<MutaboRefundResult>().refund.id).toBe(first!.refund.id);
    expect([...yookassa.refunds.values()].filter((row) => row.payment_id === providerPayment.id)).toHaveLength(1);
    expect(await myLessons(buyer, course.id)).toEqual([course.lessonIds[0]]);
    await app().deps.letters.drain();
    const letter = context.mailer.to(buyer.email).at(-1)!;
    expect(letter.subject).toMatch(/^Возврат денег/);
    expect(letter.text).toMatch(/вернули вам 1\s200/);
    // The rest: the remaining lesson for what is left of the amount.
    const rest = await refund(payment.id);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<MutaboRefundResult>().refund).toMatchObject({ amount: 1200, lessons: [course.lessonIds[0]] });
    expect(rest.json<MutaboRefundResult>().payment).toMatchObject({ refunded: 2400, refundable: 0 });
    expect(await myLessons(buyer, course.id)).toEqual([]);
    expect((await refund(payment.id, { lessons: [course.lessonIds[0]] })).statusCode).toBe(200);
    expect([...yookassa.refunds.values()].filter((row) => row.payment_id === providerPayment.id)).toHaveLength(2);
    const history = await context.db.select().from(auditLog).where(eq(auditLog.courseId, course.id));
    expect(history.filter((entry) => entry.entity === 'payment' && entry.action === 'refund')).toHaveLength(2);
  });

  it('sends a refund’s 54-ФЗ receipt with the refunded lessons, adding up to a partial refund; a full refund sends none', async () => {
    type Sent = { amount: { value: string }; receipt?: { customer: { email: string }; items: { description: string; quantity: number; amount: { value: string; currency: string } }[] } };
    const lastRefundRequest = () => yookassa.requests.filter((request) => request.method === 'POST' && request.path === '/v3/refunds').at(-1)!.body as Sent;
    const price = { currency: 'CURRENCY_CHOICE_RUB' as const, coursePrice: 1000, lessonPrice: 400.01, lessonWholesalePrice: 333.33 };
    const course = await createCourse(context.db, { title: 'Акварель', participantsLimit: 3, lessons: ['Цветовой круг', 'Свет и тень', 'Пейзаж'], prices: [price] });
    const { buyer, payment } = await paidThroughYookassa(course.lessonIds);
    expect(payment.amount).toBe('1000.00');

    const part = await refund(payment.id, { lessons: [course.lessonIds[1]] });
    expect(part.statusCode, part.body).toBe(200);
    const partial = lastRefundRequest();
    expect(partial.amount.value).toBe('333.33');
    expect(partial.receipt).toEqual({
      customer: { email: buyer.email },
      items: [{ description: 'Курс «Акварель», занятие 2. Свет и тень', quantity: 1, amount: { value: '333.33', currency: 'RUB' }, vat_code: 1, payment_subject: 'service', payment_mode: 'full_prepayment', measure: 'piece' }],
    });

    // The rest completes the payment: its two lessons share what is left, the kopeck on the last.
    const rest = await refund(payment.id);
    expect(rest.statusCode, rest.body).toBe(200);
    const last = lastRefundRequest();
    expect(last.amount.value).toBe('666.67');
    expect(last.receipt!.items.map((item) => [item.description, item.amount.value])).toEqual([
      ['Курс «Акварель», занятие 1. Цветовой круг', '333.33'],
      ['Курс «Акварель», занятие 3. Пейзаж', '333.34'],
    ]);

    // The whole payment at once: YooKassa makes the refund's receipt from the payment's, and no receipt is sent.
    const other = await paidThroughYookassa(course.lessonIds);
    expect((await refund(other.payment.id)).statusCode).toBe(200);
    const full = lastRefundRequest();
    expect(full.amount.value).toBe('1000.00');
    expect(full).not.toHaveProperty('receipt');
  });

  it('refuses lessons not in the payment, and a payment that is not paid', async () => {
    const course = await createCourse(context.db, { participantsLimit: 3, lessons: 2, prices: [RUB] });
    const { payment } = await paidThroughYookassa([course.lessonIds[0]!]);
    expect((await refund(payment.id, { lessons: [course.lessonIds[1]] })).json()).toEqual({ lessons: [expect.any(String)] });
    expect((await refund(payment.id, { lessons: 'все' })).statusCode).toBe(400);
    const buyer = await createUser(context);
    await json(app(), 'POST', '/api/v1/payments/', buyer, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: [course.lessonIds[1]] });
    const [unpaid] = await context.db.select().from(payments).where(eq(payments.userId, buyer.id));
    expect((await refund(unpaid!.id)).statusCode).toBe(409);
  });

  it('keeps a refund pending while YooKassa works on it and applies it once from the refund.succeeded notification', async () => {
    const course = await createCourse(context.db, { participantsLimit: 3, lessons: 1, prices: [RUB] });
    const { buyer, payment } = await paidThroughYookassa(course.lessonIds);
    yookassa.refundStatus = 'pending';
    const asked = await refund(payment.id);
    yookassa.refundStatus = 'succeeded';
    expect(asked.statusCode).toBe(202);
    expect(await myLessons(buyer, course.id)).toEqual(course.lessonIds);
    const providerRefund = [...yookassa.refunds.values()].at(-1)!;
    providerRefund.status = 'succeeded';
    const notify = () => json(app(), 'POST', '/api/v1/payments/yookassa/notifications/', null, { type: 'notification', event: 'refund.succeeded', object: { id: providerRefund.id, payment_id: providerRefund.payment_id } });
    expect((await notify()).statusCode).toBe(200);
    expect((await notify()).statusCode).toBe(200);
    expect(await myLessons(buyer, course.id)).toEqual([]);
    await app().deps.letters.drain();
    expect(context.mailer.to(buyer.email).filter((letter) => letter.subject.startsWith('Возврат денег'))).toHaveLength(1);
    const [row] = await context.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(row).toMatchObject({ state: 'succeeded', providerId: providerRefund.id });
  });

  it('applies a refund made in YooKassa’s dashboard once: the places are freed and the payer told', async () => {
    const course = await createCourse(context.db, { participantsLimit: 1, lessons: 1, prices: [RUB] });
    const { buyer, payment, providerPayment } = await paidThroughYookassa(course.lessonIds);
    const dashboardRefund = yookassa.dashboardRefund(providerPayment.id, providerPayment.amount.value);
    const notify = () => json(app(), 'POST', '/api/v1/payments/yookassa/notifications/', null, { type: 'notification', event: 'refund.succeeded', object: { id: dashboardRefund.id } });
    const results = await Promise.all([notify(), notify()]);
    expect(results.map((result) => result.statusCode)).toEqual([200, 200]);
    expect((await notify()).statusCode).toBe(200);
    const rows = await context.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'provider', state: 'succeeded', lessonIds: course.lessonIds, providerId: dashboardRefund.id });
    expect(await myLessons(buyer, course.id)).toEqual([]);
    await app().deps.letters.drain();
    expect(context.mailer.to(buyer.email).filter((letter) => letter.subject.startsWith('Возврат денег'))).toHaveLength(1);
    // A forged notice of a refund the provider does not know changes nothing; one naming a payment we never made is
    // not even read back.
    expect((await json(app(), 'POST', '/api/v1/payments/yookassa/notifications/', null, { event: 'refund.succeeded', object: { id: 'no-such-refund' } })).statusCode).toBe(200);
    const reads = () => yookassa.requests.filter((request) => request.path.startsWith('/v3/refunds/')).length;
    const before = reads();
    const forged = { event: 'refund.succeeded', object: { id: dashboardRefund.id.replace(/.$/, '0'), payment_id: 'not-ours' } };
    expect((await json(app(), 'POST', '/api/v1/payments/yookassa/notifications/', null, forged)).statusCode).toBe(200);
    expect(reads()).toBe(before);
    expect(await context.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
  });

  it('refunds a PayPal capture with PayPal-Request-Id, and applies a PAYMENT.CAPTURE.REFUNDED made in the dashboard once', async () => {
    const course = await createCourse(context.db, { participantsLimit: 3, lessons: 2, prices: [EURO] });
    const pay = async () => {
      const buyer = await createUser(context, 'euro');
      expect((await json(app(), 'POST', '/api/v1/payments/', buyer, { system: 'paypal', currency: 'CURRENCY_CHOICE_EURO', lessons: course.lessonIds })).statusCode).toBe(201);
      const order = [...paypal.orders.values()].at(-1)!;
      const [payment] = await context.db.select().from(payments).where(eq(payments.userId, buyer.id));
      paypal.approve(order.id);
      await app().inject({ url: `/api/v1/payments/paypal/return/?paymentId=${payment!.id}&token=${order.id}&PayerID=P1` });
      expect((await context.db.select().from(payments).where(eq(payments.id, payment!.id)))[0]!.state).toBe('STATE_COMPLETED');
      return { buyer, payment: payment!, order };
    };
    const first = await pay();
    const answers = await Promise.all([refund(first.payment.id), refund(first.payment.id)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(new Set(answers.map((answer) => answer.json<MutaboRefundResult>().refund.id)).size).toBe(1);
    const refundRequests = paypal.requests.filter((request) => request.method === 'POST' && /\/v2\/payments\/captures\/\w+\/refund$/.test(request.path));
    expect(new Set(refundRequests.map((request) => request.headers['paypal-request-id'])).size).toBe(1);
    expect(refundRequests.at(-1)!.body).toMatchObject({ amount: { value: '28.00', currency_code: 'EUR' } });
    expect([...paypal.refunds.values()]).toHaveLength(1);
    expect(await myLessons(first.buyer, course.id)).toEqual([]);

    const second = await pay();
    const dashboardRefund = paypal.dashboardRefund(second.order.id, '28.00');
    const webhook = () => json(app(), 'POST', '/api/v1/payments/paypal/webhook/', null, { event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: dashboardRefund.id, status: 'COMPLETED' } });
    expect((await webhook()).statusCode).toBe(200);
    expect((await webhook()).statusCode).toBe(200);
    expect(await context.db.select().from(refunds).where(eq(refunds.paymentId, second.payment.id))).toHaveLength(1);
    expect(await myLessons(second.buyer, course.id)).toEqual([]);
    await app().deps.letters.drain();
    expect(context.mailer.to(second.buyer.email).filter((letter) => letter.subject.startsWith('Возврат денег'))).toHaveLength(1);
  });

  it('refunds a payment of the test checkout at once, through the sandbox', async () => {
    sandboxContext = await startEnrollmentApp(mode);
    const author = await authorOf(sandboxContext);
    const course = await createCourse(sandboxContext.db, { participantsLimit: 2, lessons: 1, prices: [RUB] });
    const buyer = await createUser(sandboxContext, 'sandbox');
    const created = await json(sandboxContext.app, 'POST', '/api/v1/payments/', buyer, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: course.lessonIds });
    const [payment] = await sandboxContext.db.select().from(payments).where(eq(payments.userId, buyer.id));
    const key = new URL(created.json<{ details: { redirectTo: string } }>().details.redirectTo).searchParams.get('key')!;
    await sandboxContext.app.inject({ method: 'POST', url: `/sandbox-checkout/${payment!.id}`, payload: { key, decision: 'pay' } });
    const answer = await json(sandboxContext.app, 'POST', `/api/v1/mutabo/payments/${payment!.id}/refund/`, author, {});
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<MutaboRefundResult>()).toMatchObject({ refund: { state: 'succeeded', amount: 1200 }, payment: { provider: 'sandbox', refunded: 1200 } });
    const list = (await json(sandboxContext.app, 'GET', '/api/v1/participants/', buyer)).json<Participation[]>();
    expect(list.find((row) => row.id === course.id)?.lessons ?? []).toEqual([]);
  });
});
