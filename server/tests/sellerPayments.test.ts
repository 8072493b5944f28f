// The seller and the offer around payments (issue 19): the seller's details at the foot of every payment, refund and
// receipt letter (with the sandbox checkout); the offer's version a payment was made under, recorded on it, named in the
// area's payments and in the receipt.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboPaymentsPage } from '../../common/mutabo/payments.ts';
import type { PaymentCreated } from '../../common/wireTypes.ts';
import { pagesContent, payments, seller as sellerTable, users } from '../src/db/schema.ts';
import { fixtureContent } from './fixtures.ts';
import { createCourse, createUser, createUsers, json, lapse, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { dbModes } from './testDb.ts';

/** The fixture's seller as the foot of a letter says it. */
const SELLER_FOOT = [
  'Продавец: ИП Петрова Анна Сергеевна',
  'ИНН 500100732259, ОГРНИП 304500116000157',
  'Адрес: 123456, г. Москва, ул. Тестовая, д. 1',
  'Эл. почта seller@example.org, тел. +7 495 000-00-00',
].join('\n');

describe.each(dbModes())('the seller in the payment letters (%s)', (mode) => {
  let context: EnrollmentApp;
  const app = () => context.app;
  beforeAll(async () => {
    context = await startEnrollmentApp(mode);
  });
  afterAll(async () => {
    await context?.close();
  });

  const pay = (user: TestUser, lessons: number[]) => json(app(), 'POST', '/api/v1/payments/', user, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons });
  const decide = (redirectTo: string, decision: 'pay' | 'cancel') => {
    const url = new URL(redirectTo);
    return app().inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ key: url.searchParams.get('key')!, decision }).toString(),
    });
  };
  const paymentOf = async (userId: number) => (await context.db.select().from(payments).where(eq(payments.userId, userId)))[0]!;
  const anna = async (): Promise<TestUser> => {
    const token = await app().deps.tokens.sign(1, 'access');
    const [row] = await context.db.select().from(users).where(eq(users.id, 1));
    return { id: 1, email: row!.email, firstName: row!.firstName, token, headers: { authorization: `Bearer ${token}` } };
  };
  const lettersTo = async (email: string, subject: string) => {
    await app().deps.letters.drain();
    return context.mailer.to(email).filter((letter) => letter.subject.startsWith(subject));
  };

  it('ends the receipt and the area’s refund letter with the seller’s details, in the text and the HTML', async () => {
    const buyer = await createUser(context);
    const course = await createCourse(context.db, { title: 'Курс с продавцом', lessons: 1, prices: [RUB] });
    const { redirectTo } = (await pay(buyer, course.lessonIds)).json<PaymentCreated>().details;
    await decide(redirectTo, 'pay');
    const [receipt] = await lettersTo(buyer.email, 'Оплата получена');
    expect(receipt!.text.endsWith(SELLER_FOOT)).toBe(true);
    expect(receipt!.html).toContain('Продавец: ИП Петрова Анна Сергеевна<br>ИНН 500100732259, ОГРНИП 304500116000157');

    const payment = await paymentOf(buyer.id);
    const refunded = await json(app(), 'POST', `/api/v1/mutabo/payments/${payment.id}/refund/`, await anna(), {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [refundLetter] = await lettersTo(buyer.email, 'Возврат денег');
    expect(refundLetter!.text.endsWith(SELLER_FOOT)).toBe(true);
  });

  it('ends the letter about a late payment’s refund with them too, as they are when the letter is made', async () => {
    await context.db.update(sellerTable).set({ phone: '+7 812 111-22-33' });
    const [late, other] = await createUsers(context, 2, 'late');
    const course = await createCourse(context.db, { participantsLimit: 1, lessons: 1, prices: [RUB] });
    const { redirectTo } = (await pay(late!, course.lessonIds)).json<PaymentCreated>().details;
    await lapse(context, (await paymentOf(late!.id)).id);
    await decide((await pay(other!, course.lessonIds)).json<PaymentCreated>().details.redirectTo, 'pay');
    await decide(redirectTo, 'pay');
    const [letter] = await lettersTo(late!.email, 'Возврат оплаты');
    expect(letter!.text.endsWith(SELLER_FOOT.replace('+7 495 000-00-00', '+7 812 111-22-33'))).toBe(true);
    await context.db.update(sellerTable).set({ phone: fixtureContent.seller.phone });
  });

  it('leaves the foot out while no detail is filled in', async () => {
    await context.db.delete(sellerTable);
    try {
      const buyer = await createUser(context);
      const course = await createCourse(context.db, { lessons: 1, prices: [RUB] });
      await decide((await pay(buyer, course.lessonIds)).json<PaymentCreated>().details.redirectTo, 'pay');
      const [receipt] = await lettersTo(buyer.email, 'Оплата получена');
      expect(receipt!.text).not.toContain('Продавец');
      expect(receipt!.text).not.toContain('ИНН');
    } finally {
      await context.db.insert(sellerTable).values(fixtureContent.seller);
    }
  });

  it('records the offer’s version a payment was made under, and names it in the area and in the receipt', async () => {
    const author = await anna();
    const offerUrl = '/api/v1/mutabo/pages-content/offer/';
    const course = await createCourse(context.db, { title: 'Курс по оферте', lessons: 2, prices: [RUB] });
    const first = await createUser(context);
    await decide((await pay(first, [course.lessonIds[0]!])).json<PaymentCreated>().details.redirectTo, 'pay');
    const { version } = (await json(app(), 'GET', offerUrl, author)).json<{ version: number }>();
    expect((await paymentOf(first.id)).offerVersion).toBe(version);

    // The authors publish a new version: the next payment is made under it, the first keeps its own.
    expect((await json(app(), 'PATCH', offerUrl, author, { name: 'Оферта, новая редакция', version })).statusCode).toBe(200);
    const second = await createUser(context);
    await decide((await pay(second, [course.lessonIds[1]!])).json<PaymentCreated>().details.redirectTo, 'pay');
    expect((await paymentOf(second.id)).offerVersion).toBe(version + 1);
    expect((await paymentOf(first.id)).offerVersion).toBe(version);

    const listed = (await json(app(), 'GET', `/api/v1/mutabo/payments/?course=${course.id}`, author)).json<MutaboPaymentsPage>();
    const byPayer = new Map(listed.results.map((row) => [row.payer.id, row.offerVersion]));
    expect(byPayer.get(first.id)).toBe(version);
    expect(byPayer.get(second.id)).toBe(version + 1);

    const [receipt] = await lettersTo(second.email, 'Оплата получена');
    expect(receipt!.text).toContain(`Оплачивая, вы приняли договор-оферту в редакции № ${version + 1}: https://mutabor.example.org/offer`);
  });

  it('records no version while there is no offer, and the receipt does not name one', async () => {
    const [saved] = await context.db.select().from(pagesContent).where(eq(pagesContent.slug, 'offer'));
    await context.db.delete(pagesContent).where(eq(pagesContent.slug, 'offer'));
    try {
      const buyer = await createUser(context);
      const course = await createCourse(context.db, { lessons: 1, prices: [RUB] });
      await decide((await pay(buyer, course.lessonIds)).json<PaymentCreated>().details.redirectTo, 'pay');
      expect((await paymentOf(buyer.id)).offerVersion).toBeNull();
      const [receipt] = await lettersTo(buyer.email, 'Оплата получена');
      expect(receipt!.text).not.toContain('оферт');
    } finally {
      await context.db.insert(pagesContent).values(saved!);
    }
  });
});
