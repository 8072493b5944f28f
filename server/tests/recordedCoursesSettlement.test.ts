// Lessons sold as recordings and the 54-ФЗ settlement (issue 34, item 5) against the YooKassa stand-in: a recorded
// course's lesson is settled when its first ready recording makes it available (the upload marks it held), a live
// course's past lesson bought as a recording is settled by the first sweep after the payment, and a refund of a lesson
// sold as a recording refunds like any lesson (no settlement, no longer approved).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, lessonRecordings, lessons, participants, payments, receipts } from '../src/db/schema.ts';
import { sweepSettlements } from '../src/services/payments/settlements.ts';
import { createCourse, createUser, fixtureAuthor, json, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { startYookassa, TEST_SECRET_KEY, TEST_SHOP_ID, yookassaEnv, type YookassaStandIn } from './providerStandIns.ts';
import { dbModes } from './testDb.ts';

describe.each(dbModes())('settlement of lessons sold as recordings (%s)', (mode) => {
  let context: EnrollmentApp;
  let yookassa: YookassaStandIn;
  let anna: TestUser;

  beforeAll(async () => {
    yookassa = await startYookassa(TEST_SHOP_ID, TEST_SECRET_KEY);
    context = await startEnrollmentApp(mode, yookassaEnv(yookassa));
    anna = await fixtureAuthor(context);
  });

  afterAll(async () => {
    await context?.close();
    await yookassa?.close();
  });

  const sweep = () => sweepSettlements({ db: context.db, log: context.app.log, provider: context.app.deps.providers.bySystem.yookassa });
  const madeFor = (providerPaymentId: string) => yookassa.receiptsMade.filter((receipt) => receipt.payment_id === providerPaymentId);
  const settledLessons = async (paymentId: number) =>
    (await context.db.select().from(receipts).where(and(eq(receipts.paymentId, paymentId), eq(receipts.type, 'settlement'))).orderBy(receipts.id)).map((row) => row.lessonId);

  /** A ready recording, as the processing leaves it; `held`: what the upload does for a lesson without a time. */
  const ready = async (lessonId: number, { held }: { held: boolean }) => {
    await context.db.insert(lessonRecordings).values({ lessonId, generation: randomUUID(), state: 'ready', uploadSize: 1000, size: 900, duration: 600, readyAt: new Date() });
    if (held) await context.db.update(lessons).set({ heldAt: new Date() }).where(eq(lessons.id, lessonId));
    context.app.deps.publicCache.invalidate();
  };

  /** A buyer who paid for these lessons through YooKassa (prepayment receipts). */
  const paid = async (lessonIds: number[]) => {
    const buyer = await createUser(context, 'buyer');
    const created = await json(context.app, 'POST', '/api/v1/payments/', buyer, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: lessonIds });
    expect(created.statusCode, created.body).toBe(201);
    const providerPayment = [...yookassa.payments.values()].at(-1)!;
    yookassa.setStatus(providerPayment.id, 'succeeded');
    const notified = await json(context.app, 'POST', '/api/v1/payments/yookassa/notifications/', null, { type: 'notification', event: 'payment.succeeded', object: { id: providerPayment.id } });
    expect(notified.statusCode, notified.body).toBe(200);
    const [payment] = await context.db.select().from(payments).where(eq(payments.userId, buyer.id));
    expect(payment!.state).toBe('STATE_COMPLETED');
    return { buyer, payment: payment!, providerPayment };
  };

  const stateOf = async (userId: number, lessonId: number) =>
    (await context.db.select({ state: participants.state }).from(participants).where(and(eq(participants.userId, userId), eq(participants.lessonId, lessonId))))[0]?.state ?? null;

  it('settles a recorded course’s lesson when its first recording is ready, the one still waiting for it not yet', async () => {
    const course = await createCourse(context.db, { participantsLimit: 0, lessons: 2, prices: [RUB] });
    await context.db.update(courses).set({ format: 'recorded' }).where(eq(courses.id, course.id));
    const [first, second] = course.lessonIds as [number, number];
    await ready(first, { held: true });
    await ready(second, { held: true });
    const { payment, providerPayment } = await paid([first]);
    await sweep();
    expect(await settledLessons(payment.id)).toEqual([first]);
    expect(madeFor(providerPayment.id)).toHaveLength(1);

    // Sold before its recording was ready cannot happen (not on sale); a lesson of a live course without a time that
    // gets its first recording is marked held by the upload and settled then.
    const live = await createCourse(context.db, { participantsLimit: 5, lessons: 1, prices: [RUB] });
    const bought = await paid(live.lessonIds);
    await sweep();
    expect(await settledLessons(bought.payment.id)).toEqual([]);
    await ready(live.lessonIds[0]!, { held: true });
    await sweep();
    expect(await settledLessons(bought.payment.id)).toEqual(live.lessonIds);
    expect(madeFor(bought.providerPayment.id)).toHaveLength(1);
  });

  it('settles a live course’s past lesson bought as a recording at the first sweep after the payment', async () => {
    const course = await createCourse(context.db, { participantsLimit: 1, lessons: 1, prices: [RUB] });
    const [lessonId] = course.lessonIds as [number];
    await context.db.update(lessons).set({ startsAt: new Date(Date.now() - 48 * 3600_000) }).where(eq(lessons.id, lessonId));
    await ready(lessonId, { held: false });
    const { payment, providerPayment } = await paid([lessonId]);
    await sweep();
    expect(await settledLessons(payment.id)).toEqual([lessonId]);
    expect(madeFor(providerPayment.id)).toHaveLength(1);
  });

  it('refunds a lesson sold as a recording like any lesson: no longer approved, and never settled', async () => {
    const course = await createCourse(context.db, { participantsLimit: 1, lessons: 2, prices: [RUB] });
    await context.db.update(courses).set({ format: 'recorded' }).where(eq(courses.id, course.id));
    const [kept, refunded] = course.lessonIds as [number, number];
    // Ready, but not yet marked held: nothing is due before the refund.
    await ready(kept, { held: false });
    await ready(refunded, { held: false });
    const { buyer, payment, providerPayment } = await paid(course.lessonIds);
    expect([await stateOf(buyer.id, kept), await stateOf(buyer.id, refunded)]).toEqual(['approved', 'approved']);
    const answer = await json(context.app, 'POST', `/api/v1/mutabo/payments/${payment.id}/refund/`, anna, { lessons: [refunded] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await stateOf(buyer.id, kept)).toBe('approved');
    expect(await stateOf(buyer.id, refunded)).not.toBe('approved');
    await sweep();
    expect(await settledLessons(payment.id)).toEqual([kept]);
    expect(madeFor(providerPayment.id)).toHaveLength(1);
  });
});
