// A payer who deleted the account still gets the 54-ФЗ receipts the law asks for (services/accounts/deletion.ts keeps the
// address the payment's receipt carried in payments.receipt_email): the settlement receipt of a lesson held, and the
// receipt of a refund an author makes afterwards, go to that address through the YooKassa stand-in; no letter is queued
// to the emptied account, and the authors' lists show the payment with its payer emptied and the person of the lesson
// held as «удалённый участник».
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboPaymentsPage } from '../../common/mutabo/payments.ts';
import { lessons, outboxLetters, payments } from '../src/db/schema.ts';
import { deleteAccount } from '../src/services/accounts/deletion.ts';
import { sweepSettlements } from '../src/services/payments/settlements.ts';
import { bearer, ids } from './fixtures.ts';
import { createCourse, createUser, json, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { startYookassa, TEST_SECRET_KEY, TEST_SHOP_ID, yookassaEnv, type YookassaStandIn } from './providerStandIns.ts';
import { dbModes } from './testDb.ts';


describe.each(dbModes())('the receipts of a deleted payer (%s)', (mode) => {
  let context: EnrollmentApp;
  let yookassa: YookassaStandIn;
  let anna: TestUser;
  const app = () => context.app;

  beforeAll(async () => {
    yookassa = await startYookassa(TEST_SHOP_ID, TEST_SECRET_KEY);
    context = await startEnrollmentApp(mode, yookassaEnv(yookassa));
    const token = await app().deps.tokens.sign(ids.users.anna, 'access');
    anna = { id: ids.users.anna, email: '', firstName: '', token, headers: bearer(token) };
  });

  afterAll(async () => {
    await context?.close();
    await yookassa?.close();
  });

  it('sends the settlement and refund receipts to the address the payment’s receipt carried', async () => {
    const course = await createCourse(context.db, { participantsLimit: 5, lessons: 3, prices: [RUB] });
    const buyer = await createUser(context, 'deleted-payer');
    const created = await json(app(), 'POST', '/api/v1/payments/', buyer, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: course.lessonIds });
    expect(created.statusCode, created.body).toBe(201);
    const providerPayment = [...yookassa.payments.values()].at(-1)!;
    yookassa.setStatus(providerPayment.id, 'succeeded');
    expect((await json(app(), 'POST', '/api/v1/payments/yookassa/notifications/', null, { type: 'notification', event: 'payment.succeeded', object: { id: providerPayment.id } })).statusCode).toBe(200);
    const [payment] = await context.db.select().from(payments).where(eq(payments.userId, buyer.id));
    expect(payment!.state).toBe('STATE_COMPLETED');
    // The first lesson ended an hour ago; the other two are still to come.
    await context.db.update(lessons).set({ startsAt: new Date(Date.now() - 2 * 3600_000) }).where(eq(lessons.id, course.lessonIds[0]!));

    const result = await deleteAccount(app().deps, buyer.id, { by: { kind: 'self' } });
    expect(result).toMatchObject({ status: 'deleted', placesReleased: 2, paidPlacesReleased: 2, paymentsKept: 1, receiptAddressesKept: 1 });
    expect((await context.db.select().from(payments).where(eq(payments.id, payment!.id)))[0]!.receiptEmail).toBe(buyer.email);

    // The held lesson's settlement receipt goes to the kept address.
    await sweepSettlements({ db: context.db, log: app().log, provider: app().deps.providers.bySystem.yookassa });
    const settlement = yookassa.receiptsMade.filter((receipt) => receipt.payment_id === providerPayment.id);
    expect(settlement).toHaveLength(1);
    expect((settlement[0]!.request as { customer: { email: string } }).customer.email).toBe(buyer.email);

    // An author refunds a lesson given up: the refund's receipt carries the kept address; no letter goes to nobody.
    const refunded = await json(app(), 'POST', `/api/v1/mutabo/payments/${payment!.id}/refund/`, anna, { lessons: [course.lessonIds[2]] });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refundRequest = yookassa.requests.filter((request) => request.method === 'POST' && request.path === '/v3/refunds').at(-1)!;
    expect((refundRequest.body as { receipt: { customer: { email: string } } }).receipt.customer.email).toBe(buyer.email);
    expect(yookassa.receiptRefusals).toEqual([]);
    expect(await context.db.select().from(outboxLetters).where(and(eq(outboxLetters.userId, buyer.id)))).toEqual([]);

    const list = await json(app(), 'GET', `/api/v1/mutabo/payments/?course=${course.id}`, anna);
    expect(list.json<MutaboPaymentsPage>().results).toEqual([
      expect.objectContaining({ id: payment!.id, payer: { id: buyer.id, firstName: '', lastName: '', email: '' }, refunded: 1200 }),
    ]);
    // The lesson held keeps its row: the participants' file names the person «удалённый участник», not by name.
    const csv = await app().inject({ method: 'GET', url: `/api/v1/mutabo/courses/${course.id}/participants.csv`, headers: anna.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('"удалённый участник"');
    expect(csv.body).not.toContain(buyer.firstName);
  });
});
