// Issue 32, items 13 and 14: money that arrives for a payment that must not complete is refunded in full at once, by the
// site itself, through the YooKassa stand-in (docs/PAYMENTS.md, «Money for an ended payment»). A payment the payer
// replaced by a new checkout, one whose promo code was used up meanwhile, and one of a deleted account never complete:
// a code's uses never exceed its limit, no paid person is left without a place or the money, and the authors see why.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboPayment, MutaboPaymentsPage } from '../../common/mutabo/payments.ts';
import { auditLog, outboxLetters, participants, payments, promoCodes, receipts, refunds } from '../src/db/schema.ts';
import { deleteAccount } from '../src/services/accounts/deletion.ts';
import { applyOutcome, expirePayment } from '../src/services/payments/completion.ts';
import { createCourse, createUser, createUsers, fixtureAuthor, json, lapse, paymentDeps, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { startYookassa, TEST_SECRET_KEY, TEST_SHOP_ID, yookassaEnv, type YookassaStandIn } from './providerStandIns.ts';
import { dbModes } from './testDb.ts';
import { eventually } from './eventually.ts';


describe.each(dbModes())('money for a payment that must not complete (%s)', (mode) => {
  let context: EnrollmentApp;
  let yookassa: YookassaStandIn;
  let anna: TestUser;
  let codes = 0;
  const app = () => context.app;

  beforeAll(async () => {
    yookassa = await startYookassa(TEST_SHOP_ID, TEST_SECRET_KEY);
    context = await startEnrollmentApp(mode, yookassaEnv(yookassa));
    anna = await fixtureAuthor(context);
  });

  afterAll(async () => {
    await context?.close();
    await yookassa?.close();
  });

  /** A checkout through YooKassa: the new payment's row. */
  const checkout = async (buyer: TestUser, lessons: number[], promoCode?: string) => {
    const answer = await json(app(), 'POST', '/api/v1/payments/', buyer, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons, ...(promoCode ? { promoCode } : {}) });
    expect(answer.statusCode, answer.body).toBe(201);
    const rows = await context.db.select().from(payments).where(eq(payments.userId, buyer.id)).orderBy(asc(payments.id));
    return rows.at(-1)!;
  };
  /** The payer pays on YooKassa's page, and YooKassa notifies us. */
  const payAtYookassa = async (providerId: string | null) => {
    yookassa.setStatus(providerId!, 'succeeded');
    const answer = await json(app(), 'POST', '/api/v1/payments/yookassa/notifications/', null, { type: 'notification', event: 'payment.succeeded', object: { id: providerId } });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const paymentRow = async (id: number) => (await context.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const refundsOf = (paymentId: number) => context.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  const refundRequests = (providerId: string | null) =>
    yookassa.requests.filter((request) => request.method === 'POST' && request.path === '/v3/refunds' && (request.body as { payment_id: string }).payment_id === providerId);
  const makeCode = async (courseId: number) => {
    const code = `ONCE${++codes}${mode === 'postgres' ? 'P' : 'L'}`;
    const made = await json(app(), 'POST', '/api/v1/mutabo/promo-codes/', anna, { code, course: courseId, percent: 10, maxUses: 1 });
    expect(made.statusCode, made.body).toBe(201);
    return code;
  };
  const usesOf = async (code: string) => (await context.db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0]!.uses;
  const listed = async (courseId: number, paymentId: number) =>
    (await json(app(), 'GET', `/api/v1/mutabo/payments/?course=${courseId}`, anna)).json<MutaboPaymentsPage>().results.find((payment) => payment.id === paymentId)!;
  const approvedLessons = async (userId: number) =>
    (await context.db.select().from(participants).where(and(eq(participants.userId, userId), eq(participants.state, 'approved')))).map((row) => row.lessonId);
  const lettersTo = async (userId: number) => (await context.db.select().from(outboxLetters).where(eq(outboxLetters.userId, userId))).map((row) => row.kind).sort();
  /** What the authors see of a payment refunded at once. */
  const refundedAtOnce = (failureReason: string, amount: number): Partial<MutaboPayment> => ({
    state: 'STATE_FAILURE',
    failureReason,
    refundRequired: false,
    refunded: amount,
    refundable: 0,
    refunds: [expect.objectContaining({ state: 'succeeded', amount })],
  });

  it('refunds a payment the payer replaced by a new checkout when it is paid all the same, and the code is used once', async () => {
    const course = await createCourse(context.db, { lessons: 3, participantsLimit: 10, prices: [RUB] });
    const code = await makeCode(course.id);
    const [buyer, other] = (await createUsers(context, 2, 'replaced')) as [TestUser, TestUser];
    const [first, second] = course.lessonIds as [number, number];

    const replaced = await checkout(buyer, [first], code);
    expect(await usesOf(code)).toBe(1);
    // A new checkout replaces the first and gives its code's use back, which another buyer takes.
    const current = await checkout(buyer, [second]);
    expect((await paymentRow(replaced.id)).failureReason).toBe('superseded');
    expect(await usesOf(code)).toBe(0);
    const others = await checkout(other, [first], code);
    expect(await usesOf(code)).toBe(1);

    await payAtYookassa(replaced.providerId);
    expect(await paymentRow(replaced.id)).toMatchObject({ state: 'STATE_FAILURE', failureReason: 'superseded', refundRequired: false });
    expect(refundRequests(replaced.providerId)).toEqual([expect.objectContaining({ body: expect.objectContaining({ amount: { value: '1080.00', currency: 'RUB' } }) })]);
    expect(await refundsOf(replaced.id)).toEqual([expect.objectContaining({ state: 'succeeded', amount: '1080.00', userId: null, lessonIds: [first] })]);
    expect(await usesOf(code)).toBe(1);
    expect(await approvedLessons(buyer.id)).toEqual([]);

    await payAtYookassa(current.providerId);
    await payAtYookassa(others.providerId);
    expect((await paymentRow(current.id)).state).toBe('STATE_COMPLETED');
    expect((await paymentRow(others.id)).state).toBe('STATE_COMPLETED');
    expect(await usesOf(code)).toBe(1);
    expect(await approvedLessons(buyer.id)).toEqual([second]);
    expect(await approvedLessons(other.id)).toEqual([first]);

    // The payer is told why and when the money is back; the authors see why in the list and the history.
    expect(await lettersTo(buyer.id)).toEqual(['late-payment-refund', 'receipt', 'refund']);
    expect(await eventually(async () => context.mailer.to(buyer.email).length >= 3)).toBe(true);
    const why = context.mailer.to(buyer.email).find((letter) => letter.subject === `Возврат оплаты за курс «${course.title}»`);
    expect(why!.text).toContain('пришла после того, как вы начали новую оплату на этом курсе и этот платёж был заменён ею. Участие по этому платежу не оформлено.');
    expect(why!.text).toContain('Мы возвращаем вам деньги полностью');
    expect(await listed(course.id, replaced.id)).toMatchObject(refundedAtOnce('superseded', 1080));
    const history = await context.db.select().from(auditLog).where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, replaced.id)));
    expect(history).toEqual([expect.objectContaining({ userId: null, action: 'refund', after: expect.objectContaining({ failureReason: 'superseded', amount: 1080 }) })]);

    // A notification repeated afterwards changes nothing and refunds nothing twice.
    expect(await applyOutcome(paymentDeps(app()), replaced.id, 'succeeded')).toBe('unchanged');
    expect(await refundsOf(replaced.id)).toHaveLength(1);
  });

  it('never takes a code above its limit: a payment paid after its hold lapsed and another buyer took the use is refunded', async () => {
    const course = await createCourse(context.db, { lessons: 2, participantsLimit: 10, prices: [RUB] });
    const code = await makeCode(course.id);
    const [late, prompt] = await createUsers(context, 2, 'code-race');
    const lesson = course.lessonIds[0]!;

    const lapsed = await checkout(late!, [lesson], code);
    await lapse(context, lapsed.id);
    await expirePayment(paymentDeps(app()), lapsed.id);
    expect(await usesOf(code)).toBe(0);
    const taken = await checkout(prompt!, [lesson], code);
    expect(await usesOf(code)).toBe(1);

    await payAtYookassa(lapsed.providerId);
    await payAtYookassa(taken.providerId);
    expect(await usesOf(code)).toBe(1);
    expect((await paymentRow(taken.id)).state).toBe('STATE_COMPLETED');
    expect(await paymentRow(lapsed.id)).toMatchObject({ state: 'STATE_FAILURE', failureReason: 'promo_used_up' });
    expect(await refundsOf(lapsed.id)).toEqual([expect.objectContaining({ state: 'succeeded', amount: '1080.00' })]);
    expect(await approvedLessons(late!.id)).toEqual([]);
    expect(await approvedLessons(prompt!.id)).toEqual([lesson]);
    expect(await listed(course.id, lapsed.id)).toMatchObject(refundedAtOnce('promo_used_up', 1080));

    // A lapsed payment whose code still has a use takes it again and completes.
    const other = await createCourse(context.db, { lessons: 1, participantsLimit: 10, prices: [RUB] });
    const spare = await makeCode(other.id);
    const slow = await checkout(late!, other.lessonIds, spare);
    await lapse(context, slow.id);
    await expirePayment(paymentDeps(app()), slow.id);
    await payAtYookassa(slow.providerId);
    expect((await paymentRow(slow.id)).state).toBe('STATE_COMPLETED');
    expect(await usesOf(spare)).toBe(1);
  });

  it('refunds once when the success of a replaced payment is applied twice at the same moment', async () => {
    const course = await createCourse(context.db, { lessons: 2, participantsLimit: 10, prices: [RUB] });
    const buyer = await createUser(context, 'twice');
    const replaced = await checkout(buyer, [course.lessonIds[0]!]);
    await checkout(buyer, [course.lessonIds[1]!]);
    yookassa.setStatus(replaced.providerId!, 'succeeded');
    const results = await Promise.all([applyOutcome(paymentDeps(app()), replaced.id, 'succeeded'), applyOutcome(paymentDeps(app()), replaced.id, 'succeeded')]);
    expect(results.sort()).toEqual(['refunded', 'unchanged']);
    expect(await refundsOf(replaced.id)).toEqual([expect.objectContaining({ state: 'succeeded', amount: '1200.00' })]);
    expect(refundRequests(replaced.providerId)).toHaveLength(1);
    expect(await approvedLessons(buyer.id)).toEqual([]);
  });

  it('refunds money that arrives for a deleted account, with its receipt, and gives no place', async () => {
    const course = await createCourse(context.db, { lessons: 2, participantsLimit: 10, prices: [RUB] });
    const buyer = await createUser(context, 'gone');
    const held = await checkout(buyer, course.lessonIds);
    expect(await deleteAccount(app().deps, buyer.id, { by: { kind: 'self' } })).toMatchObject({ status: 'deleted', paymentsEnded: 1 });

    await payAtYookassa(held.providerId);
    expect(await paymentRow(held.id)).toMatchObject({ state: 'STATE_FAILURE', failureReason: 'account_deleted', refundRequired: false });
    expect(await refundsOf(held.id)).toEqual([expect.objectContaining({ state: 'succeeded', amount: '2400.00', lessonIds: course.lessonIds })]);
    expect(refundRequests(held.providerId)).toHaveLength(1);
    // A whole refund: YooKassa makes its receipt from the payment's, and the area lists it under the payment.
    expect(await context.db.select({ type: receipts.type, amount: receipts.amount }).from(receipts).where(and(eq(receipts.paymentId, held.id), eq(receipts.type, 'refund')))).toEqual([
      { type: 'refund', amount: '2400.00' },
    ]);
    expect(yookassa.receiptRefusals).toEqual([]);
    expect(await context.db.select().from(participants).where(eq(participants.userId, buyer.id))).toEqual([]);
    expect(await lettersTo(buyer.id)).toEqual([]);
    expect(await listed(course.id, held.id)).toMatchObject(refundedAtOnce('account_deleted', 2400));
  });
});
