// Issue 32, item 18: the caps on money. A price in the authors' area is at most MAX_PRICE, and a payment's total at
// most MAX_PAYMENT_AMOUNT, refused under its field before anything is written, so no buyer ever gets a 500 for an
// amount the database cannot hold, nor fails because another buyer did.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import { payments } from '../src/db/schema.ts';
import { createCourse, createUsers, fixtureAuthor, json, startEnrollmentApp, type EnrollmentApp } from './enrollmentKit.ts';
import { dbModes } from './testDb.ts';

const raw = (text: string) => JSON.stringify({ blocks: [{ key: 'a', text, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} }], entityMap: {} });

describe.each(dbModes())('the caps on prices and payments (%s)', (mode) => {
  let context: EnrollmentApp;

  beforeAll(async () => {
    context = await startEnrollmentApp(mode);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('refuses a price above 1 000 000 in the area under its field, and takes 1 000 000', async () => {
    const anna = await fixtureAuthor(context);
    const course = (prices: unknown[]) =>
      json(context.app, 'POST', '/api/v1/mutabo/courses/', anna, {
        title: `Дорогой курс ${mode} ${Math.random()}`,
        description: raw('Описание.'),
        authors: [],
        start: '2031-01-10',
        disciplesAge: 'DISCIPLES_AGE_ADULTS',
        state: 'draft',
        participantsLimit: 10,
        lessonsBlockSize: 1,
        prices,
      });
    const refused = await course([{ currency: 'CURRENCY_CHOICE_RUB', coursePrice: 5000, lessonPrice: '9999999999.99', lessonWholesalePrice: 1_000_000.01 }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ 'prices.0.lessonPrice': [mutaboMessages.priceTooHigh], 'prices.0.lessonWholesalePrice': [mutaboMessages.priceTooHigh] });
    const taken = await course([{ currency: 'CURRENCY_CHOICE_RUB', coursePrice: 1_000_000, lessonPrice: 1_000_000, lessonWholesalePrice: 1_000_000 }]);
    expect(taken.statusCode, taken.body).toBe(201);
  });

  it('refuses a payment above 10 000 000 under lessons, quote and payment alike, and another buyer at the same moment pays', async () => {
    // A price saved before the cap: the lesson price is the largest numeric(12, 2) holds; the whole course is cheap.
    const course = await createCourse(context.db, { lessons: 3, participantsLimit: 10, prices: [{ currency: 'CURRENCY_CHOICE_RUB', coursePrice: 5000, lessonPrice: 9_999_999_999.99, lessonWholesalePrice: 9_999_999_999.99 }] });
    const [greedy, modest] = await createUsers(context, 2, 'cap');
    const body = (lessons: number[]) => ({ system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons });
    const tooMuch = { lessons: ['Сумма одного платежа не может быть больше 10 000 000: выберите меньше занятий.'] };
    const two = course.lessonIds.slice(0, 2);

    const quoted = await json(context.app, 'POST', '/api/v1/payments/quote/', greedy, body(two));
    expect(quoted.statusCode).toBe(400);
    expect(quoted.json()).toEqual(tooMuch);

    const [refused, paid] = await Promise.all([json(context.app, 'POST', '/api/v1/payments/', greedy, body(two)), json(context.app, 'POST', '/api/v1/payments/', modest, body(course.lessonIds))]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual(tooMuch);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await context.db.select({ amount: payments.amount }).from(payments).where(eq(payments.userId, modest!.id))).toEqual([{ amount: '5000.00' }]);
    expect(await context.db.select().from(payments).where(eq(payments.userId, greedy!.id))).toEqual([]);
  });
});
