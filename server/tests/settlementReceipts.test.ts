// Settlement receipts («чек зачёта предоплаты», services/payments/settlements.ts) against the YooKassa stand-in: a
// prepaid lesson that has ended (or that an author marked held) gets one receipt through POST /receipts, whatever
// number of sweeps run at once; a refunded lesson none; YooKassa down is retried under the same key, a refusal is
// recorded with YooKassa's description; with RECEIPT_PAYMENT_MODE=full_payment nothing is settled.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, payments, receipts, users } from '../src/db/schema.ts';
import { sweepSettlements } from '../src/services/payments/settlements.ts';
import { receiptStateLabel, type MutaboPayment, type MutaboPaymentsPage } from '../../common/mutabo/payments.ts';
import type { MutaboDashboard } from '../../common/mutabo/start.ts';
import { createAuthorUser, createCourse, createUser, json, payInSandbox, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { startYookassa, TEST_SECRET_KEY, TEST_SHOP_ID, yookassaEnv, type YookassaStandIn } from './providerStandIns.ts';
import { dbModes } from './testDb.ts';


describe.each(dbModes())('settlement receipts (%s)', (mode) => {
  let context: EnrollmentApp;
  let yookassa: YookassaStandIn;
  let anna: TestUser;

  beforeAll(async () => {
    yookassa = await startYookassa(TEST_SHOP_ID, TEST_SECRET_KEY);
    context = await startEnrollmentApp(mode, yookassaEnv(yookassa));
    const [row] = await context.db.select().from(users).where(eq(users.id, 1));
    const token = await context.app.deps.tokens.sign(1, 'access');
    anna = { id: 1, email: row!.email, firstName: row!.firstName, token, headers: { authorization: `Bearer ${token}` } };
  });

  afterAll(async () => {
    await context?.close();
    await yookassa?.close();
  });

  const deps = (ctx: EnrollmentApp = context) => ({ db: ctx.db, log: ctx.app.log, provider: ctx.app.deps.providers.bySystem.yookassa });
  const sweep = (ctx: EnrollmentApp = context) => sweepSettlements(deps(ctx));

  /** A buyer who paid for these lessons through YooKassa. */
  const paid = async (ctx: EnrollmentApp, lessonIds: number[]) => {
    const buyer = await createUser(ctx, 'buyer');
    const created = await json(ctx.app, 'POST', '/api/v1/payments/', buyer, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: lessonIds });
    expect(created.statusCode, created.body).toBe(201);
    const request = yookassa.requests.filter((item) => item.method === 'POST' && item.path === '/v3/payments').at(-1)!;
    const providerPayment = [...yookassa.payments.values()].at(-1)!;
    yookassa.setStatus(providerPayment.id, 'succeeded');
    const notified = await json(ctx.app, 'POST', '/api/v1/payments/yookassa/notifications/', null, { type: 'notification', event: 'payment.succeeded', object: { id: providerPayment.id } });
    expect(notified.statusCode, notified.body).toBe(200);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.userId, buyer.id));
    expect(payment!.state).toBe('STATE_COMPLETED');
    const items = (request.body as { receipt: { items: { amount: { value: string }; payment_mode: string }[] } }).receipt.items;
    return { buyer, payment: payment!, providerPayment, items };
  };

  /** The lesson began `hoursAgo` hours ago (it lasts an hour). */
  const began = (lessonId: number, hoursAgo: number) =>
    context.db.update(lessons).set({ startsAt: new Date(Date.now() - hoursAgo * 3600_000) }).where(eq(lessons.id, lessonId));

  const madeFor = (providerPaymentId: string) => yookassa.receiptsMade.filter((receipt) => receipt.payment_id === providerPaymentId);
  const rowsOf = (paymentId: number) =>
    context.db.select().from(receipts).where(and(eq(receipts.paymentId, paymentId), eq(receipts.type, 'settlement'))).orderBy(receipts.id);

  it('makes one settlement receipt for a prepaid lesson that has ended, however many sweeps run at once', async () => {
    const course = await createCourse(context.db, { participantsLimit: 5, lessons: 3, prices: [{ ...RUB, lessonPrice: 1000.01 }] });
    const { buyer, payment, providerPayment, items } = await paid(context, course.lessonIds);
    expect(items.every((item) => item.payment_mode === 'full_prepayment')).toBe(true);
    await began(course.lessonIds[2]!, 2);
    // Still running: the lesson began half an hour ago and lasts an hour.
    await began(course.lessonIds[1]!, 0.5);
    await Promise.all([sweep(), sweep(), sweep(), sweep()]);
    await sweep();
    const made = madeFor(providerPayment.id);
    expect(made).toHaveLength(1);
    const body = made[0]!.request as {
      type: string;
      payment_id: string;
      send: boolean;
      customer: { email: string };
      items: { description: string; quantity: number; amount: { value: string; currency: string }; payment_mode: string; payment_subject: string; vat_code: number }[];
      settlements: { type: string; amount: { value: string; currency: string } }[];
    };
    expect(body.type).toBe('payment');
    expect(body.payment_id).toBe(providerPayment.id);
    expect(body.send).toBe(true);
    expect(body.customer.email).toBe(buyer.email);
    expect(body.items).toHaveLength(1);
    // The third lesson's amount in the payment's receipt (the kopeck of the division goes to the last line).
    expect(body.items[0]!.amount).toEqual({ value: items[2]!.amount.value, currency: 'RUB' });
    expect(body.items[0]!).toMatchObject({ quantity: 1, payment_mode: 'full_payment', payment_subject: 'service', vat_code: 1 });
    expect(body.items[0]!.description).toBe(`Курс «${course.title}», занятие 3. Занятие 3`);
    expect(body.settlements).toEqual([{ type: 'prepayment', amount: { value: items[2]!.amount.value, currency: 'RUB' } }]);
    const rows = await rowsOf(payment.id);
    expect(rows.map((row) => [row.lessonId, row.state, row.amount])).toEqual([[course.lessonIds[2], 'sent', items[2]!.amount.value]]);
    expect(rows[0]!.providerId).toBe(made[0]!.id);
    expect(rows[0]!.sentAt).not.toBeNull();
  });

  it('makes none for a refunded lesson', async () => {
    const course = await createCourse(context.db, { participantsLimit: 5, lessons: 2, prices: [RUB] });
    const { payment, providerPayment } = await paid(context, course.lessonIds);
    const refunded = await json(context.app, 'POST', `/api/v1/mutabo/payments/${payment.id}/refund/`, anna, { lessons: [course.lessonIds[0]] });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await began(course.lessonIds[0]!, 3);
    await began(course.lessonIds[1]!, 2);
    await sweep();
    const made = madeFor(providerPayment.id);
    expect(made).toHaveLength(1);
    expect((made[0]!.request as { items: { description: string }[] }).items[0]!.description).toMatch(/занятие 2\./);
    expect((await rowsOf(payment.id)).map((row) => row.lessonId)).toEqual([course.lessonIds[1]]);
  });

  it('sends again, under the same idempotence key, while YooKassa answers 500', async () => {
    const course = await createCourse(context.db, { participantsLimit: 5, lessons: 1, prices: [RUB] });
    const { payment, providerPayment } = await paid(context, course.lessonIds);
    await began(course.lessonIds[0]!, 2);
    const before = yookassa.requests.length;
    yookassa.failNext(500);
    await sweep();
    const [waiting] = await rowsOf(payment.id);
    expect(waiting!.state).toBe('pending');
    expect(waiting!.reason).toMatch(/500/);
    expect(madeFor(providerPayment.id)).toHaveLength(0);
    // Not yet: the retry waits its back-off (a minute).
    await sweep();
    expect(yookassa.requests.slice(before).filter((request) => request.path === '/v3/receipts')).toHaveLength(1);
    await context.db.update(receipts).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(receipts.id, waiting!.id));
    await sweep();
    const attempts = yookassa.requests.slice(before).filter((request) => request.path === '/v3/receipts');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.headers['idempotence-key']).toBe(waiting!.idempotenceKey);
    expect(attempts[1]!.headers['idempotence-key']).toBe(waiting!.idempotenceKey);
    expect(madeFor(providerPayment.id)).toHaveLength(1);
    const [sent] = await rowsOf(payment.id);
    expect(sent).toMatchObject({ state: 'sent', attempts: 2, reason: null });
  });

  it('records a refusal (4xx) as failed with YooKassa’s description, and does not try again', async () => {
    const course = await createCourse(context.db, { participantsLimit: 5, lessons: 1, prices: [RUB] });
    const { payment, providerPayment } = await paid(context, course.lessonIds);
    await began(course.lessonIds[0]!, 2);
    yookassa.failNext(400);
    await sweep();
    await sweep();
    const [failed] = await rowsOf(payment.id);
    expect(failed).toMatchObject({ state: 'failed', reason: 'stand-in failure', attempts: 1 });
    expect(madeFor(providerPayment.id)).toHaveLength(0);
  });

  it('settles a lesson without a time once it is marked held', async () => {
    const course = await createCourse(context.db, { participantsLimit: 5, lessons: 1, prices: [RUB] });
    const { payment, providerPayment } = await paid(context, course.lessonIds);
    await sweep();
    expect(madeFor(providerPayment.id)).toHaveLength(0);
    await context.db.update(lessons).set({ heldAt: sql`now()` }).where(eq(lessons.id, course.lessonIds[0]!));
    await sweep();
    expect(madeFor(providerPayment.id)).toHaveLength(1);
    expect((await rowsOf(payment.id)).map((row) => row.state)).toEqual(['sent']);
  });

  it('lets the course’s authors mark a published lesson without a time held (POST /mutabo/lessons/{id}/held/), in the history', async () => {
    const course = await createCourse(context.db, { participantsLimit: 5, lessons: 2, draftLessons: 1, prices: [RUB] });
    const { payment, providerPayment } = await paid(context, [course.lessonIds[0]!]);
    const held = (id: number, who: TestUser | null = anna) => json(context.app, 'POST', `/api/v1/mutabo/lessons/${id}/held/`, who);
    expect((await held(course.lessonIds[0]!, null)).statusCode).toBe(401);
    const stranger = await createUser(context, 'pupil');
    expect((await held(course.lessonIds[0]!, stranger)).statusCode).toBe(403);
    const boris = await context.app.deps.tokens.sign(2, 'access');
    expect((await held(course.lessonIds[0]!, { ...anna, id: 2, token: boris, headers: { authorization: `Bearer ${boris}` } })).statusCode).toBe(404);
    // A draft lesson, or one with a time (it is held when it ends), is refused.
    const draft = await held(course.draftLessonIds[0]!);
    expect(draft.statusCode).toBe(400);
    expect(draft.json<{ nonFieldErrors: string[] }>().nonFieldErrors[0]).toMatch(/опубликованное/);
    await context.db.update(lessons).set({ startsAt: new Date('2031-05-01T10:00:00Z') }).where(eq(lessons.id, course.lessonIds[1]!));
    const timed = await held(course.lessonIds[1]!);
    expect(timed.statusCode).toBe(400);
    expect(timed.json<{ nonFieldErrors: string[] }>().nonFieldErrors[0]).toMatch(/время/);

    const answer = await held(course.lessonIds[0]!);
    expect(answer.statusCode, answer.body).toBe(200);
    const lesson = answer.json<{ id: number; heldAt: string | null }>();
    expect(lesson.id).toBe(course.lessonIds[0]);
    expect(Date.parse(lesson.heldAt!)).toBeGreaterThan(Date.now() - 60_000);
    // Again: nothing changes.
    const again = await held(course.lessonIds[0]!);
    expect(again.json<{ heldAt: string }>().heldAt).toBe(lesson.heldAt);
    const history = await json(context.app, 'GET', `/api/v1/mutabo/courses/${course.id}/history/`, anna);
    const entries = history.json<{ results: { entity: string; entityId: number; action: string; after: { heldAt?: string } }[] }>().results;
    expect(entries.filter((entry) => entry.entity === 'lesson' && entry.entityId === course.lessonIds[0] && entry.after?.heldAt)).toHaveLength(1);
    await sweep();
    expect(madeFor(providerPayment.id)).toHaveLength(1);
    expect((await rowsOf(payment.id)).map((row) => row.lessonId)).toEqual([course.lessonIds[0]]);
  });

  it('shows each payment’s receipts in the area, lists a refused one on the start page, and resends it', async () => {
    const course = await createCourse(context.db, { participantsLimit: 5, lessons: 2, prices: [RUB] });
    const { buyer, payment, providerPayment } = await paid(context, course.lessonIds);
    const refunded = await json(context.app, 'POST', `/api/v1/mutabo/payments/${payment.id}/refund/`, anna, { lessons: [course.lessonIds[0]] });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await began(course.lessonIds[1]!, 2);
    yookassa.failNext(400);
    await sweep();
    const listed = async () =>
      (await json(context.app, 'GET', `/api/v1/mutabo/payments/?course=${course.id}`, anna)).json<MutaboPaymentsPage>().results.find((row) => row.id === payment.id)!;
    const receiptsOf = (row: MutaboPayment) => row.receipts!.map((receipt) => [receipt.type, receipt.state, receipt.amount, receipt.lessonIds, receipt.reason]);
    expect(receiptsOf(await listed())).toEqual([
      ['payment', 'sent', 2400, course.lessonIds, null],
      ['refund', 'sent', 1200, [course.lessonIds[0]], null],
      ['settlement', 'failed', 1200, [course.lessonIds[1]], 'stand-in failure'],
    ]);
    const settlement = (await listed()).receipts![2]!;
    expect(receiptStateLabel(settlement)).toBe('отклонён: stand-in failure');
    const board = async () => (await json(context.app, 'GET', '/api/v1/mutabo/dashboard/', anna)).json<MutaboDashboard>().failedReceipts!.filter((receipt) => receipt.paymentId === payment.id);
    const [refused] = await board();
    expect(refused).toMatchObject({ id: settlement.id, type: 'settlement', course: { id: course.id, title: course.title }, payer: { email: buyer.email }, lessons: [{ id: course.lessonIds[1], number: 2 }] });

    const resend = (id: number, who: TestUser = anna) => json(context.app, 'POST', `/api/v1/mutabo/receipts/${id}/resend/`, who);
    const stranger = await createAuthorUser(context);
    expect((await resend(settlement.id, stranger)).statusCode).toBe(404);
    expect((await resend(999_999)).statusCode).toBe(404);
    const notSettlement = await resend((await listed()).receipts![0]!.id);
    expect(notSettlement.statusCode).toBe(400);
    expect(notSettlement.json<{ nonFieldErrors: string[] }>().nonFieldErrors[0]).toMatch(/отклонённый/);
    const [before] = await rowsOf(payment.id);
    const again = await resend(settlement.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<MutaboPayment>().receipts![2]).toMatchObject({ state: 'pending', reason: null });
    expect(receiptStateLabel(again.json<MutaboPayment>().receipts![2]!)).toBe('ждёт отправки');
    // A second click changes nothing.
    expect((await resend(settlement.id)).statusCode).toBe(200);
    expect(await board()).toEqual([]);
    await sweep();
    const [after] = await rowsOf(payment.id);
    expect(after).toMatchObject({ state: 'sent', reason: null });
    expect(after!.idempotenceKey).not.toBe(before!.idempotenceKey);
    expect(madeFor(providerPayment.id)).toHaveLength(1);
    expect((await resend(settlement.id)).statusCode).toBe(400);
    const history = await json(context.app, 'GET', `/api/v1/mutabo/courses/${course.id}/history/`, anna);
    const entries = history.json<{ results: { entity: string; entityId: number; action: string; after: { receipt?: number } | null }[] }>().results;
    expect(entries.filter((entry) => entry.entity === 'payment' && entry.entityId === payment.id && entry.after?.receipt === settlement.id)).toHaveLength(1);
  });

  it('tells the buyer, in the payment letter, that the fiscal receipt comes from YooKassa by e-mail (not for the test checkout)', async () => {
    const course = await createCourse(context.db, { participantsLimit: 5, lessons: 1, prices: [RUB] });
    const { buyer } = await paid(context, course.lessonIds);
    await context.app.deps.letters.drain();
    const [letter] = context.mailer.to(buyer.email).filter((message) => message.subject.startsWith('Оплата получена'));
    expect(letter!.text).toContain('Кассовый чек придёт отдельным письмом от ЮKassa на этот адрес.');
    const sandbox = await startEnrollmentApp(mode);
    try {
      const other = await createCourse(sandbox.db, { participantsLimit: 5, lessons: 1, prices: [RUB] });
      const payer = await createUser(sandbox, 'buyer');
      expect(await payInSandbox(sandbox.app, payer, other.lessonIds)).toHaveProperty('paymentId');
      await sandbox.app.deps.letters.drain();
      const [sandboxLetter] = sandbox.mailer.to(payer.email).filter((message) => message.subject.startsWith('Оплата получена'));
      expect(sandboxLetter!.text).not.toContain('ЮKassa');
    } finally {
      await sandbox.close();
    }
  });

  it('makes none with RECEIPT_PAYMENT_MODE=full_payment', async () => {
    const fullPayment = await startEnrollmentApp(mode, yookassaEnv(yookassa, { RECEIPT_PAYMENT_MODE: 'full_payment' }));
    try {
      const course = await createCourse(fullPayment.db, { participantsLimit: 5, lessons: 1, prices: [RUB] });
      const { payment, providerPayment, items } = await paid(fullPayment, course.lessonIds);
      expect(items[0]!.payment_mode).toBe('full_payment');
      await fullPayment.db.update(lessons).set({ startsAt: new Date(Date.now() - 2 * 3600_000) }).where(eq(lessons.id, course.lessonIds[0]!));
      await sweep(fullPayment);
      expect(madeFor(providerPayment.id)).toHaveLength(0);
      const rows = await fullPayment.db.select().from(receipts).where(eq(receipts.paymentId, payment.id));
      expect(rows.map((row) => [row.type, row.paymentMode, row.state])).toEqual([['payment', 'full_payment', 'sent']]);
    } finally {
      await fullPayment.close();
    }
  });
});
