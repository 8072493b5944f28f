// Discounts that can be paid online (issue 23): personal discounts and promo codes, through the API as the site and
// the area call it, on both databases. The amounts follow the site's price rules with a percent off each figure
// (rounded down to the kopeck) and an amount off the payment once (never below zero, never above the smallest payment
// of a course it applies to); the better of a personal discount and a code
// applies; a code with N uses left is used exactly N times however many buyers send it at once, and a cancelled or
// expired payment gives its use back; the area refuses bad input under the right field and saves nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppliedDiscount, DiscountPriceCourse, MutaboDiscount, MutaboPromoCode, PaymentQuote } from '../../common/discounts.ts';
import type { CourseDetails } from '../../common/wireTypes.ts';
import { participants, payments, promoCodes, users } from '../src/db/schema.ts';
import { expirePayment } from '../src/services/payments/completion.ts';
import { createAuthorUser, createCourse, createUser, createUsers, EURO, fixtureAuthor, json, lapse, paymentDeps, PUBLIC_URL, RUB, startEnrollmentApp, type EnrollmentApp, type TestCourse, type TestUser } from './enrollmentKit.ts';
import { dbModes } from './testDb.ts';
import { eventually } from './eventually.ts';
import { formatMoney } from '../../common/coursePrices.ts';

const pay = (lessons: number[], extra: Record<string, unknown> = {}, currency: 'CURRENCY_CHOICE_RUB' | 'CURRENCY_CHOICE_EURO' = 'CURRENCY_CHOICE_RUB') => ({
  system: currency === 'CURRENCY_CHOICE_RUB' ? 'yookassa' : 'paypal',
  currency,
  lessons,
  ...extra,
});

describe.each(dbModes())('discounts (%s)', (mode) => {
  let context: EnrollmentApp;
  let anna: TestUser;
  let codeCounter = 0;
  const uniqueCode = (prefix = 'CODE') => `${prefix}${++codeCounter}${mode === 'postgres' ? 'P' : 'L'}`;

  beforeAll(async () => {
    context = await startEnrollmentApp(mode);
    anna = await fixtureAuthor(context);
  });
  afterAll(async () => {
    await context?.close();
  });

  const grant = (course: TestCourse, body: Record<string, unknown>) => json(context.app, 'POST', `/api/v1/mutabo/courses/${course.id}/discounts/`, anna, body);
  const makeCode = (body: Record<string, unknown>) => json(context.app, 'POST', '/api/v1/mutabo/promo-codes/', anna, body);
  const quote = async (buyer: TestUser, body: Record<string, unknown>) => {
    const answer = await json(context.app, 'POST', '/api/v1/payments/quote/', buyer, body);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<PaymentQuote>();
  };
  const paymentOf = async (answer: { statusCode: number; json: <T>() => T; body: string }) => {
    expect(answer.statusCode, answer.body).toBe(201);
    const redirect = new URL(answer.json<{ details: { redirectTo: string } }>().details.redirectTo);
    const id = Number(redirect.pathname.split('/').at(-1));
    const [row] = await context.db.select().from(payments).where(eq(payments.id, id));
    return { row: row!, redirect };
  };

  it('takes a percent off every figure, rounded down to the kopeck, for every price shape and currency', async () => {
    const course = await createCourse(context.db, { lessons: 6, participantsLimit: 10, prices: [RUB, EURO] });
    const buyer = await createUser(context, 'percent');
    expect((await grant(course, { email: buyer.email, percent: 15 })).statusCode).toBe(201);
    const [l1, l2, l3, l4, l5, l6] = course.lessonIds as [number, number, number, number, number, number];

    // Two lessons at the lesson price: 1200 → 1020 each.
    expect(await quote(buyer, pay([l1, l2]))).toEqual({
      amount: 2040,
      currency: 'CURRENCY_CHOICE_RUB',
      discount: { kind: 'personal', percent: 15, fullAmount: 2400 } satisfies AppliedDiscount,
    });
    // Five lessons at the wholesale price: 1000 → 850 each.
    expect((await quote(buyer, pay([l1, l2, l3, l4, l5]))).amount).toBe(4250);
    // The whole course: 5000 → 4250, less than six wholesale lessons (6 × 850).
    expect((await quote(buyer, pay([l1, l2, l3, l4, l5, l6]))).amount).toBe(4250);
    // Euros: 14 → 11.90 a lesson; 12.50 → 10.62 wholesale (10.625 rounded down); the course 50 → 42.50.
    expect((await quote(buyer, pay([l1], {}, 'CURRENCY_CHOICE_EURO'))).amount).toBe(11.9);
    expect((await quote(buyer, pay([l1, l2, l3, l4, l5], {}, 'CURRENCY_CHOICE_EURO'))).amount).toBe(53.1);
    expect((await quote(buyer, pay(course.lessonIds, {}, 'CURRENCY_CHOICE_EURO'))).amount).toBe(42.5);

    // The payment charges what the quote said and records the discount and the full price.
    const { row } = await paymentOf(await json(context.app, 'POST', '/api/v1/payments/', buyer, pay([l1, l2])));
    expect({ amount: row.amount, fullAmount: row.fullAmount, discount: row.discount }).toEqual({ amount: '2040.00', fullAmount: '2400.00', discount: { kind: 'personal', percent: 15 } });
  });

  it('takes an amount off the payment once, in its currency only, never below zero, and with blocks', async () => {
    const course = await createCourse(context.db, { lessons: 4, lessonsBlockSize: 2, participantsLimit: 10, prices: [RUB, EURO] });
    const buyer = await createUser(context, 'amount');
    expect((await grant(course, { email: buyer.email, amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 300 }] })).statusCode).toBe(201);
    const [l1, l2] = course.lessonIds as [number, number];
    // One block of two lessons: 2 × 1200 − 300.
    expect(await quote(buyer, pay([l1, l2]))).toEqual({ amount: 2100, currency: 'CURRENCY_CHOICE_RUB', discount: { kind: 'personal', amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 300 }], fullAmount: 2400 } });
    // A block cut in half is refused as without a discount.
    expect((await json(context.app, 'POST', '/api/v1/payments/quote/', buyer, pay([l1]))).statusCode).toBe(400);
    // The whole course: min(5000, 4 × 1200) − 300, once.
    expect((await quote(buyer, pay(course.lessonIds))).amount).toBe(4500);
    // No amount in euros: the euro price is the full one.
    expect(await quote(buyer, pay([l1, l2], {}, 'CURRENCY_CHOICE_EURO'))).toEqual({ amount: 28, currency: 'CURRENCY_CHOICE_EURO', discount: null });
    // The course page shows the figures as they are: the amount comes off the payment.
    const details = (await json(context.app, 'GET', `/api/v1/courses/${course.id}/`, buyer)).json<CourseDetails>();
    expect(details.prices.find((price) => price.currency === 'CURRENCY_CHOICE_RUB')).toEqual(RUB);
    expect(details.discount).toMatchObject({ amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 300 }] });
  });

  it('takes 1 000 ₽ off a 12 000 ₽ course once: the whole course costs 11 000 ₽, not 4 000 ₽', async () => {
    const price = { currency: 'CURRENCY_CHOICE_RUB' as const, coursePrice: 12000, lessonPrice: 1800, lessonWholesalePrice: 1500 };
    const course = await createCourse(context.db, { lessons: 8, participantsLimit: 10, prices: [price] });
    const code = uniqueCode('THOUSAND');
    expect((await makeCode({ code, course: course.id, amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 1000 }] })).statusCode).toBe(201);
    // The largest amount the course allows: one lesson, its smallest payment.
    const largest = uniqueCode('LARGEST');
    expect((await makeCode({ code: largest, course: course.id, amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 1800 }] })).statusCode).toBe(201);
    const buyer = await createUser(context, 'thousand');
    const [l1, l2, l3, l4, l5] = course.lessonIds as [number, number, number, number, number];
    expect(await quote(buyer, pay(course.lessonIds, { promoCode: code }))).toEqual({
      amount: 11000,
      currency: 'CURRENCY_CHOICE_RUB',
      discount: { kind: 'promoCode', code, amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 1000 }], fullAmount: 12000 } satisfies AppliedDiscount,
    });
    // Five lessons at the wholesale price, one lesson: the amount once each time.
    expect((await quote(buyer, pay([l1, l2, l3, l4, l5], { promoCode: code }))).amount).toBe(6500);
    expect((await quote(buyer, pay([l1], { promoCode: code }))).amount).toBe(800);
    // 1 800 ₽ off makes one lesson free, and nothing more: the whole course is 10 200 ₽.
    expect((await quote(buyer, pay([l1], { promoCode: largest }))).amount).toBe(0);
    expect((await quote(buyer, pay(course.lessonIds, { promoCode: largest }))).amount).toBe(10200);
    const { row } = await paymentOf(await json(context.app, 'POST', '/api/v1/payments/', buyer, pay(course.lessonIds, { promoCode: code })));
    expect({ amount: row.amount, fullAmount: row.fullAmount }).toEqual({ amount: '11000.00', fullAmount: '12000.00' });
  });

  it('refuses an amount above the smallest payment of any course the discount applies to, codes for all courses too', async () => {
    const author = await createAuthorUser(context);
    const cheap = { currency: 'CURRENCY_CHOICE_RUB' as const, coursePrice: 6000, lessonPrice: 900, lessonWholesalePrice: 800 };
    const dear = await createCourse(context.db, { title: `Дорогой курс ${mode}`, authors: [author.authorId], prices: [RUB] });
    const small = await createCourse(context.db, { title: `Недорогой курс ${mode}`, authors: [author.authorId], prices: [cheap] });
    const create = (body: Record<string, unknown>) => json(context.app, 'POST', '/api/v1/mutabo/promo-codes/', author, { code: uniqueCode('CAP'), ...body });
    const rubles = (amount: number) => ({ amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount }] });

    // Every course: the cheaper one's lesson (900 ₽) is the most; 9 999 999 ₽ was accepted before.
    for (const amount of [900.01, 9_999_999]) {
      const answer = await create({ course: null, ...rubles(amount) });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ 'amounts.0.amount': [`Скидка не может быть больше ${formatMoney(900, 'CURRENCY_CHOICE_RUB')}: столько стоит одно занятие курса «${small.title}».`] });
    }
    expect((await create({ course: null, ...rubles(900) })).statusCode).toBe(201);
    // No course of the author's has a euro price.
    expect((await create({ course: null, amounts: [{ currency: 'CURRENCY_CHOICE_EURO', amount: 5 }] })).json()).toEqual({ 'amounts.0.currency': ['Ни у одного из ваших курсов нет цены в этой валюте.'] });
    // One course: its own smallest payment.
    expect((await create({ course: dear.id, ...rubles(1200) })).statusCode).toBe(201);
    expect((await create({ course: dear.id, ...rubles(1200.01) })).json()).toEqual({
      'amounts.0.amount': [`Скидка не может быть больше ${formatMoney(1200, 'CURRENCY_CHOICE_RUB')}: столько стоит одно занятие курса «${dear.title}».`],
    });
    // A personal discount likewise; a course sold only whole is limited by its course price.
    const wholeOnly = await createCourse(context.db, { title: `Только целиком ${mode}`, authors: [author.authorId], prices: [{ currency: 'CURRENCY_CHOICE_RUB', coursePrice: 3000, lessonPrice: 0, lessonWholesalePrice: 0 }] });
    const personal = (course: TestCourse, amount: number) => json(context.app, 'POST', `/api/v1/mutabo/courses/${course.id}/discounts/`, author, { email: 'cap@example.org', ...rubles(amount) });
    expect((await personal(wholeOnly, 3000.5)).json()).toEqual({ 'amounts.0.amount': [`Скидка не может быть больше ${formatMoney(3000, 'CURRENCY_CHOICE_RUB')}: столько стоит курс «${wholeOnly.title}» целиком.`] });
    expect((await personal(wholeOnly, 3000)).statusCode).toBe(201);
    const codes = (await json(context.app, 'GET', '/api/v1/mutabo/promo-codes/', author)).json<MutaboPromoCode[]>();
    expect(codes.map((code) => code.amounts?.[0]?.amount)).toEqual([1200, 900]);
    // The forms preview a buyer's payments with the courses' prices, published lessons and blocks.
    const previewed = (await json(context.app, 'GET', '/api/v1/mutabo/discount-prices/', author)).json<DiscountPriceCourse[]>();
    expect(previewed).toEqual([
      { id: dear.id, title: dear.title, prices: [RUB], lessonsCount: 3, lessonsBlockSize: 1 },
      { id: small.id, title: small.title, prices: [cheap], lessonsCount: 3, lessonsBlockSize: 1 },
      { id: wholeOnly.id, title: wholeOnly.title, prices: [{ currency: 'CURRENCY_CHOICE_RUB', coursePrice: 3000, lessonPrice: 0, lessonWholesalePrice: 0 }], lessonsCount: 3, lessonsBlockSize: 1 },
    ]);
  });

  it('shows the caller their discounted prices on the course details, and nobody else', async () => {
    const course = await createCourse(context.db, { prices: [RUB, EURO] });
    const [buyer, other] = await createUsers(context, 2, 'details');
    expect((await grant(course, { email: buyer!.email, percent: 20, expiresAt: '2031-12-31' })).statusCode).toBe(201);
    const mine = (await json(context.app, 'GET', `/api/v1/courses/${course.id}/`, buyer)).json<CourseDetails>();
    expect(mine.prices.find((price) => price.currency === 'CURRENCY_CHOICE_RUB')).toEqual({ currency: 'CURRENCY_CHOICE_RUB', coursePrice: 4000, lessonPrice: 960, lessonWholesalePrice: 800 });
    expect(mine.discount).toMatchObject({ percent: 20, expiresAt: '2031-12-31T20:59:59.999Z' });
    expect(mine.discount!.fullPrices.find((price) => price.currency === 'CURRENCY_CHOICE_RUB')!.lessonPrice).toBe(1200);
    const theirs = (await json(context.app, 'GET', `/api/v1/courses/${course.id}/`, other)).json<CourseDetails>();
    expect(theirs.discount).toBeUndefined();
    expect(theirs.prices.find((price) => price.currency === 'CURRENCY_CHOICE_RUB')!.lessonPrice).toBe(1200);
    const guest = (await json(context.app, 'GET', `/api/v1/courses/${course.id}/`)).json<CourseDetails>();
    expect(guest.discount).toBeUndefined();
  });

  it('keeps the note from the letter, sends the message as text without links, and says who granted it in their gender', async () => {
    const course = await createCourse(context.db, { prices: [RUB] });
    const letterTo = async (email: string, body: Record<string, unknown>) => {
      const granted = await grant(course, { email, percent: 10, ...body });
      expect(granted.statusCode, granted.body).toBe(201);
      expect(await eventually(async () => context.mailer.to(email).length > 0)).toBe(true);
      return context.mailer.to(email)[0]!;
    };
    const first = await letterTo(`message-${mode}@example.org`, { note: 'Платит за двоих детей, не говорить', message: 'Как договорились: вот скидка. Подробности на https://evil.example/login или www.evil.example' });
    for (const part of [first.text, first.html]) {
      expect(part).not.toContain('Платит за двоих детей');
      expect(part).not.toContain('https://evil.example');
      expect(part).not.toContain('www.evil.example');
    }
    expect(first.text).toContain('Сообщение от автора:\nКак договорились: вот скидка. Подробности на https[:]//evil[.]example/login или www[.]evil[.]example');
    expect(first.html).not.toMatch(/href="[^"]*evil/);
    // The fixture's author has not said her gender: the words need none.
    expect(first.text).toContain(`Анна Петрова, автор курса «${course.title}», даёт вам скидку 10 %.`);

    const page = (await json(context.app, 'GET', '/api/v1/mutabo/authors/1/', anna)).json<{ version: number; gender: string }>();
    expect(page.gender).toBe('');
    const saved = await json(context.app, 'PATCH', '/api/v1/mutabo/authors/1/', anna, { gender: 'female', version: page.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ gender: string }>().gender).toBe('female');
    const second = await letterTo(`female-${mode}@example.org`, {});
    expect(second.text).toContain(`Анна Петрова, автор курса «${course.title}», сделала для вас скидку 10 %.`);
    expect(second.text).not.toContain('Сообщение от автора');
    expect((await json(context.app, 'PATCH', '/api/v1/mutabo/authors/1/', anna, { gender: 'женский', version: page.version + 1 })).json()).toEqual({ gender: [expect.any(String)] });
    await json(context.app, 'PATCH', '/api/v1/mutabo/authors/1/', anna, { gender: '', version: page.version + 1 });
  });

  it('limits discount letters per address and per author, also when the requests come at once', async () => {
    const course = await createCourse(context.db, { prices: [RUB] });
    const email = `flooded-${mode}@example.org`;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => grant(course, { email, percent: 10 + index })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json<{ detail: string }>().detail).toMatch(/^На этот адрес уже несколько раз приходили письма о скидках за последние сутки\. Попробуйте снова через \d+ (час|часа|часов|минут|минуту|минуты)/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await eventually(async () => context.mailer.to(email).length === 3)).toBe(true);
    // A refused grant is not made: the discount of the last granted stays.
    const listed = (await json(context.app, 'GET', `/api/v1/mutabo/courses/${course.id}/discounts/`, anna)).json<MutaboDiscount[]>();
    expect(listed).toHaveLength(1);

    // Another author, to many addresses at once: 20 letters an hour.
    const vera = await createAuthorUser(context);
    const ownCourse = await createCourse(context.db, { prices: [RUB], authors: [vera.authorId] });
    const many = await Promise.all(Array.from({ length: 24 }, (_, index) => json(context.app, 'POST', `/api/v1/mutabo/courses/${ownCourse.id}/discounts/`, vera, { email: `many-${index}-${mode}@example.org`, percent: 5 })));
    expect(many.filter((answer) => answer.statusCode === 201)).toHaveLength(20);
    expect(many.filter((answer) => answer.statusCode === 429).map((answer) => answer.json<{ detail: string }>().detail)[0]).toMatch(/^Вы уже отправили много писем о скидках за последний час/);

    // A grant refused for its input gives its slot back.
    const fresh = `refused-${mode}@example.org`;
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await grant(course, { email: fresh, amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 999_999 }] })).statusCode).toBe(400);
    }
    expect((await grant(course, { email: fresh, percent: 5 })).statusCode).toBe(201);
  });

  it('applies to an address that signs up later, tells the person by letter, and stops when revoked', async () => {
    const course = await createCourse(context.db, { prices: [RUB] });
    const email = `later-${mode}@example.org`;
    const granted = await grant(course, { email: `  Later-${mode}@Example.org `, percent: 10, note: 'Как договорились' });
    expect(granted.statusCode, granted.body).toBe(201);
    const discount = granted.json<MutaboDiscount>();
    expect(discount).toMatchObject({ email, person: null, percent: 10, note: 'Как договорились', used: 0, expired: false });
    expect(await eventually(async () => context.mailer.to(email).length > 0)).toBe(true);
    const [letter] = context.mailer.to(email);
    expect(letter!.subject).toBe(`Скидка на курс «${course.title}»`);
    expect(letter!.text).toContain('скидку 10 %');
    // The note is the author's own: the letter never carries it.
    expect(letter!.text).not.toContain('Как договорились');
    expect(letter!.text).toContain(`${PUBLIC_URL}/courses/${course.id}`);

    const [row] = await context.db.insert(users).values({ email, passwordHash: '!', firstName: 'Поздний', lastName: 'Участник', isActive: true }).returning({ id: users.id });
    const person = { id: row!.id, email, firstName: 'Поздний', token: '', headers: {} } as TestUser;
    const token = await context.app.deps.tokens.sign(person.id, 'access');
    person.headers = { authorization: `Bearer ${token}` };
    expect((await quote(person, pay([course.lessonIds[0]!]))).amount).toBe(1080);
    const listed = (await json(context.app, 'GET', `/api/v1/mutabo/courses/${course.id}/discounts/`, anna)).json<MutaboDiscount[]>();
    expect(listed.map((item) => item.person?.firstName)).toEqual(['Поздний']);
    // The person's card in «Люди» lists it, and so does the person's own export of their data.
    const card = (await json(context.app, 'GET', `/api/v1/mutabo/people/${person.id}/`, anna)).json<{ discounts: MutaboDiscount[] }>();
    expect(card.discounts.map((item) => [item.course.id, item.percent])).toEqual([[course.id, 10]]);
    const exported = (await json(context.app, 'GET', '/api/v1/users/me/export/', person)).json<{ discounts: { courseId: number; percent: number; note: string }[] }>();
    expect(exported.discounts).toEqual([expect.objectContaining({ courseId: course.id, percent: 10, note: 'Как договорились' })]);

    expect((await json(context.app, 'DELETE', `/api/v1/mutabo/discounts/${discount.id}/`, anna)).statusCode).toBe(204);
    expect((await quote(person, pay([course.lessonIds[0]!]))).discount).toBeNull();
    expect((await json(context.app, 'GET', `/api/v1/mutabo/courses/${course.id}/discounts/`, anna)).json()).toEqual([]);
    expect((await json(context.app, 'DELETE', `/api/v1/mutabo/discounts/${discount.id}/`, anna)).statusCode).toBe(404);
  });

  it('refuses bad input under the right field and saves nothing', async () => {
    const course = await createCourse(context.db, { prices: [RUB] });
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'a@example.org', percent: 0 }, 'percent'],
      [{ email: 'a@example.org', percent: 101 }, 'percent'],
      [{ email: 'a@example.org', percent: 12.5 }, 'percent'],
      [{ email: 'a@example.org' }, 'percent'],
      [{ email: 'a@example.org', percent: 10, amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 100 }] }, 'percent'],
      [{ email: 'a@example.org', amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 0 }] }, 'amounts.0.amount'],
      [{ email: 'a@example.org', amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: -5 }] }, 'amounts.0.amount'],
      [{ email: 'a@example.org', amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 1200.5 }] }, 'amounts.0.amount'],
      [{ email: 'a@example.org', amounts: [{ currency: 'CURRENCY_CHOICE_EURO', amount: 5 }] }, 'amounts.0.currency'],
      [{ email: 'not an address', percent: 10 }, 'email'],
      [{ email: 'a@example.org', percent: 10, expiresAt: '2020-01-01' }, 'expiresAt'],
      [{ email: 'a@example.org', percent: 10, expiresAt: '31.12.2031' }, 'expiresAt'],
    ];
    for (const [body, field] of cases) {
      const answer = await grant(course, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.json()), JSON.stringify(body)).toContain(field);
    }
    // One lesson at 1200 is the smallest payment in rubles: more than that is refused with the payment named.
    const above = await grant(course, { email: 'a@example.org', amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 1200.01 }] });
    expect(above.json()).toEqual({ 'amounts.0.amount': [`Скидка не может быть больше ${formatMoney(1200, 'CURRENCY_CHOICE_RUB')}: столько стоит одно занятие курса «${course.title}».`] });
    expect((await json(context.app, 'GET', `/api/v1/mutabo/courses/${course.id}/discounts/`, anna)).json()).toEqual([]);

    const codeCases: [Record<string, unknown>, string][] = [
      [{ code: 'WITH SPACE', course: course.id, percent: 10 }, 'code'],
      [{ code: 'A'.repeat(33), course: course.id, percent: 10 }, 'code'],
      [{ code: 'ЛЕТО-2031', course: course.id, percent: 10 }, 'code'],
      [{ code: '', course: course.id, percent: 10 }, 'code'],
      [{ code: 'GOOD1', course: course.id, percent: 10, validUntil: '2020-05-01' }, 'validUntil'],
      [{ code: 'GOOD1', course: course.id, percent: 10, validFrom: '2031-05-02', validUntil: '2031-05-01' }, 'validUntil'],
      [{ code: 'GOOD1', course: course.id, percent: 10, maxUses: 0 }, 'maxUses'],
      [{ code: 'GOOD1', course: 'all', percent: 10 }, 'course'],
      [{ code: 'GOOD1', course: 999_999, percent: 10 }, 'course'],
    ];
    for (const [body, field] of codeCases) {
      const answer = await makeCode(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.json()), JSON.stringify(body)).toContain(field);
    }
    expect((await json(context.app, 'GET', '/api/v1/mutabo/promo-codes/', anna)).json<MutaboPromoCode[]>().filter((code) => code.code === 'GOOD1')).toEqual([]);
  });

  it('keeps discounts to the courses an author leads', async () => {
    const course = await createCourse(context.db, { prices: [RUB] });
    const stranger = await createAuthorUser(context);
    expect((await json(context.app, 'GET', `/api/v1/mutabo/courses/${course.id}/discounts/`, stranger)).statusCode).toBe(404);
    expect((await json(context.app, 'POST', `/api/v1/mutabo/courses/${course.id}/discounts/`, stranger, { email: 'x@example.org', percent: 50 })).statusCode).toBe(404);
    const code = (await makeCode({ code: uniqueCode('MINE'), course: course.id, percent: 10 })).json<MutaboPromoCode>();
    expect((await json(context.app, 'DELETE', `/api/v1/mutabo/promo-codes/${code.id}/`, stranger)).statusCode).toBe(404);
    expect((await json(context.app, 'GET', '/api/v1/mutabo/promo-codes/', stranger)).json<MutaboPromoCode[]>()).toEqual([]);
    const buyer = await createUser(context, 'notauthor');
    expect((await json(context.app, 'GET', '/api/v1/mutabo/promo-codes/', buyer)).statusCode).toBe(403);
  });

  it('lists a code for all courses of one author to every co-author of a course it discounts, who may revoke it', async () => {
    const [maker, coAuthor, outsider] = [await createAuthorUser(context), await createAuthorUser(context), await createAuthorUser(context)];
    const shared = await createCourse(context.db, { authors: [maker.authorId, coAuthor.authorId], prices: [RUB] });
    await createCourse(context.db, { authors: [maker.authorId], prices: [RUB] });
    await createCourse(context.db, { authors: [outsider.authorId], prices: [RUB] });
    const code = uniqueCode('ALLMINE');
    const made = await json(context.app, 'POST', '/api/v1/mutabo/promo-codes/', maker, { code, course: null, percent: 10 });
    expect(made.json<MutaboPromoCode>()).toMatchObject({ code, course: null, madeBy: null });
    const buyer = await createUser(context, 'coled');
    expect((await quote(buyer, pay([shared.lessonIds[0]!], { promoCode: code }))).discount?.kind).toBe('promoCode');

    const seen = (await json(context.app, 'GET', '/api/v1/mutabo/promo-codes/', coAuthor)).json<MutaboPromoCode[]>();
    expect(seen.map((item) => ({ code: item.code, course: item.course, madeBy: item.madeBy }))).toEqual([{ code, course: null, madeBy: 'Вера Новая' }]);
    expect((await json(context.app, 'GET', '/api/v1/mutabo/promo-codes/', outsider)).json()).toEqual([]);
    expect((await json(context.app, 'DELETE', `/api/v1/mutabo/promo-codes/${made.json<MutaboPromoCode>().id}/`, outsider)).statusCode).toBe(404);
    expect((await json(context.app, 'DELETE', `/api/v1/mutabo/promo-codes/${made.json<MutaboPromoCode>().id}/`, coAuthor)).statusCode).toBe(204);
    expect((await json(context.app, 'POST', '/api/v1/payments/quote/', buyer, pay([shared.lessonIds[0]!], { promoCode: code }))).json()).toEqual({ promoCode: ['Такого промокода нет.'] });
  });

  it('applies a code case-insensitively, refuses one that does not apply under promoCode, and the better discount wins', async () => {
    const course = await createCourse(context.db, { prices: [RUB] });
    const other = await createCourse(context.db, { prices: [RUB] });
    const code = uniqueCode('SPRING');
    expect((await makeCode({ code: code.toLowerCase(), course: course.id, percent: 20, validFrom: null, validUntil: null, maxUses: null })).json<MutaboPromoCode>().code).toBe(code);
    const buyer = await createUser(context, 'coder');
    const [l1] = course.lessonIds as [number];
    expect(await quote(buyer, pay([l1], { promoCode: ` ${code.toLowerCase()} ` }))).toEqual({ amount: 960, currency: 'CURRENCY_CHOICE_RUB', discount: { kind: 'promoCode', code, percent: 20, fullAmount: 1200 } });

    const refusals: [string, number, string][] = [
      ['NOSUCHCODE', l1, 'Такого промокода нет.'],
      [code, other.lessonIds[0]!, 'Этот промокод не действует для этого курса.'],
    ];
    const future = uniqueCode('LATER');
    await makeCode({ code: future, course: course.id, percent: 20, validFrom: '2031-01-01' });
    refusals.push([future, l1, 'Этот промокод ещё не действует.']);
    const past = uniqueCode('PAST');
    await makeCode({ code: past, course: course.id, percent: 20 });
    await context.db.update(promoCodes).set({ validUntil: new Date(Date.now() - 1000) }).where(eq(promoCodes.code, past));
    refusals.push([past, l1, 'Срок действия промокода истёк.']);
    const euro = uniqueCode('EURO');
    await makeCode({ code: euro, course: null, amounts: [{ currency: 'CURRENCY_CHOICE_EURO', amount: 5 }] });
    refusals.push([euro, l1, 'Этот промокод не даёт скидки в этой валюте.']);
    for (const [promoCode, lesson, message] of refusals) {
      for (const url of ['/api/v1/payments/quote/', '/api/v1/payments/']) {
        const answer = await json(context.app, 'POST', url, buyer, pay([lesson], { promoCode }));
        expect({ url, promoCode, status: answer.statusCode, body: answer.json() }).toEqual({ url, promoCode, status: 400, body: { promoCode: [message] } });
      }
    }
    expect(await context.db.select().from(payments).where(eq(payments.userId, buyer.id))).toEqual([]);

    // A personal discount of 10 % loses to the code's 20 %; one of 30 % wins, and the code's use is not taken.
    await grant(course, { email: buyer.email, percent: 10 });
    expect((await quote(buyer, pay([l1], { promoCode: code }))).discount?.kind).toBe('promoCode');
    await grant(course, { email: buyer.email, percent: 30 });
    expect(await quote(buyer, pay([l1], { promoCode: code }))).toEqual({ amount: 840, currency: 'CURRENCY_CHOICE_RUB', discount: { kind: 'personal', percent: 30, fullAmount: 1200 } });
    const { row } = await paymentOf(await json(context.app, 'POST', '/api/v1/payments/', buyer, pay([l1], { promoCode: code })));
    expect(row.promoCodeId).toBeNull();
    const [stored] = await context.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(stored!.uses).toBe(0);
  });

  it('refuses a buyer who guesses codes: 20 refused an hour, then 429; a code that applies does not count', async () => {
    const course = await createCourse(context.db, { prices: [RUB] });
    const good = uniqueCode('GOOD');
    await makeCode({ code: good, course: course.id, percent: 5 });
    const guesser = await createUser(context, 'guesser');
    const lesson = course.lessonIds[0]!;
    for (let attempt = 0; attempt < 25; attempt += 1) expect((await quote(guesser, pay([lesson], { promoCode: good }))).discount?.kind).toBe('promoCode');
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, index) => json(context.app, 'POST', '/api/v1/payments/quote/', guesser, pay([lesson], { promoCode: `GUESS${index}` }))));
    expect(guesses.map((answer) => answer.statusCode)).toEqual(Array(20).fill(400));
    const refused = await json(context.app, 'POST', '/api/v1/payments/', guesser, pay([lesson], { promoCode: 'GUESS99' }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toMatch(/^Слишком много неверных промокодов за последний час\. Попробуйте снова /);
    expect(refused.headers['retry-after']).toBeDefined();
    // Without a code the buyer pays as before; another buyer is not limited.
    expect((await json(context.app, 'POST', '/api/v1/payments/quote/', guesser, pay([lesson]))).statusCode).toBe(200);
    const other = await createUser(context, 'honest');
    expect((await json(context.app, 'POST', '/api/v1/payments/quote/', other, pay([lesson], { promoCode: 'GUESS0' }))).statusCode).toBe(400);
  });

  it('uses a code with 5 uses exactly 5 times when 50 buyers send it at once', async () => {
    const course = await createCourse(context.db, { participantsLimit: 100, prices: [RUB] });
    const code = uniqueCode('RUSH');
    await makeCode({ code, course: course.id, percent: 50, maxUses: 5 });
    const buyers = await createUsers(context, 50, 'rush');
    const answers = await Promise.all(buyers.map((buyer) => json(context.app, 'POST', '/api/v1/payments/', buyer, pay([course.lessonIds[0]!], { promoCode: code }))));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 201)) expect(answer.json()).toEqual({ promoCode: ['Промокод уже использован максимальное число раз.'] });
    const [stored] = await context.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(stored!.uses).toBe(5);
    const held = await context.db.select().from(payments).where(eq(payments.promoCodeId, stored!.id));
    expect(held.map((row) => row.amount)).toEqual(Array(5).fill('600.00'));
    // The refused buyers hold nothing.
    const places = await context.db.select().from(participants).where(eq(participants.lessonId, course.lessonIds[0]!));
    expect(places).toHaveLength(5);
  });

  it('gives the use back when a payment is cancelled or expires, and takes it again when it is paid after all', async () => {
    const course = await createCourse(context.db, { participantsLimit: 10, prices: [RUB] });
    const code = uniqueCode('ONCE');
    await makeCode({ code, course: course.id, percent: 10, maxUses: 1 });
    const usesOf = async () => (await context.db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0]!.uses;
    const [first, second, third] = await createUsers(context, 3, 'once');
    const lesson = course.lessonIds[0]!;

    const cancelled = await paymentOf(await json(context.app, 'POST', '/api/v1/payments/', first, pay([lesson], { promoCode: code })));
    expect(await usesOf()).toBe(1);
    expect((await json(context.app, 'POST', '/api/v1/payments/quote/', second, pay([lesson], { promoCode: code }))).json()).toEqual({ promoCode: ['Промокод уже использован максимальное число раз.'] });
    await context.app.inject({ method: 'POST', url: `/sandbox-checkout/${cancelled.row.id}`, payload: { key: cancelled.redirect.searchParams.get('key')!, decision: 'cancel' } });
    expect(await usesOf()).toBe(0);

    const expiring = await paymentOf(await json(context.app, 'POST', '/api/v1/payments/', second, pay([lesson], { promoCode: code })));
    expect(await usesOf()).toBe(1);
    await lapse(context, expiring.row.id);
    await expirePayment(paymentDeps(context.app), expiring.row.id);
    expect(await usesOf()).toBe(0);

    const paid = await paymentOf(await json(context.app, 'POST', '/api/v1/payments/', third, pay([lesson], { promoCode: code })));
    await context.app.inject({ method: 'POST', url: `/sandbox-checkout/${paid.row.id}`, payload: { key: paid.redirect.searchParams.get('key')!, decision: 'pay' } });
    const [done] = await context.db.select().from(payments).where(eq(payments.id, paid.row.id));
    expect(done!.state).toBe('STATE_COMPLETED');
    expect(await usesOf()).toBe(1);
    const list = (await json(context.app, 'GET', `/api/v1/mutabo/payments/?course=${course.id}`, anna)).json<{ results: { id: number; discount: AppliedDiscount | null }[]; discountCosts: unknown[] }>();
    expect(list.results.find((item) => item.id === paid.row.id)!.discount).toEqual({ kind: 'promoCode', code, percent: 10, fullAmount: 1200 });
    expect(list.discountCosts).toEqual([{ courseId: course.id, courseTitle: course.title, currency: 'CURRENCY_CHOICE_RUB', payments: 1, cost: 120 }]);
    const dashboard = (await json(context.app, 'GET', '/api/v1/mutabo/dashboard/', anna)).json<{ discountCosts: { courseId: number; cost: number }[] }>();
    expect(dashboard.discountCosts.find((item) => item.courseId === course.id)?.cost).toBe(120);
  });

  it('lets an author release places bought at 0 ₽ like a refund, without money, with a letter and in the history', async () => {
    const course = await createCourse(context.db, { participantsLimit: 1, prices: [RUB] });
    const [buyer, next] = await createUsers(context, 2, 'released');
    await grant(course, { email: buyer!.email, percent: 100 });
    const [l1, l2] = course.lessonIds as [number, number];
    expect((await json(context.app, 'POST', '/api/v1/payments/', buyer, pay([l1, l2]))).statusCode).toBe(201);
    const [payment] = await context.db.select().from(payments).where(eq(payments.userId, buyer!.id));
    type Listed = { id: number; refundable: number; releasable: boolean; lessons: { id: number; refunded: boolean }[]; refunds: { amount: number; state: string }[] };
    const listed = async () => (await json(context.app, 'GET', `/api/v1/mutabo/payments/?course=${course.id}`, anna)).json<{ results: Listed[] }>().results.find((item) => item.id === payment!.id)!;
    const rows = async () => (await json(context.app, 'GET', `/api/v1/mutabo/courses/${course.id}/participants/`, anna)).json<{ participants: { id: number; lessonId: number; state: string; person: { id: number } }[] }>().participants;
    expect(await listed()).toMatchObject({ refundable: 0, releasable: true, lessons: [{ id: l1, refunded: false }, { id: l2, refunded: false }] });

    // Rejecting the place points to the payment; releasing one lesson there frees its place for another buyer.
    const place = (await rows()).find((row) => row.person.id === buyer!.id && row.lessonId === l1)!;
    expect((await json(context.app, 'POST', `/api/v1/mutabo/participants/${place.id}/reject/`, anna, {})).json()).toEqual({ detail: 'Это место получено бесплатно, по скидке: освободить его можно у платежа в разделе «Платежи».' });
    const released = await json(context.app, 'POST', `/api/v1/mutabo/payments/${payment!.id}/refund/`, anna, { lessons: [l1] });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json<{ refund: { amount: number; state: string; lessons: number[] } }>().refund).toMatchObject({ amount: 0, state: 'succeeded', lessons: [l1] });
    expect((await rows()).map((row) => [row.person.id, row.lessonId, row.state])).toEqual([[buyer!.id, l2, 'approved']]);
    expect((await json(context.app, 'POST', '/api/v1/payments/quote/', next, pay([l1]))).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ releasable: true, lessons: [{ id: l1, refunded: true }, { id: l2, refunded: false }] });
    expect(await eventually(async () => context.mailer.to(buyer!.email).some((letter) => letter.subject === `Запись отклонена: курс «${course.title}»`))).toBe(true);

    // The rest at once, as «всё, что не возвращено»; then nothing is left to release.
    expect((await json(context.app, 'POST', `/api/v1/mutabo/payments/${payment!.id}/refund/`, anna, {})).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ releasable: false, lessons: [{ refunded: true }, { refunded: true }], refunds: [{ amount: 0, state: 'succeeded' }, { amount: 0, state: 'succeeded' }] });
    expect((await rows()).filter((row) => row.person.id === buyer!.id)).toEqual([]);
    const history = (await json(context.app, 'GET', `/api/v1/mutabo/courses/${course.id}/history/`, anna)).json<{ results: { entity: string; action: string; after: Record<string, unknown> | null }[] }>();
    const releases = history.results.filter((entry) => entry.entity === 'payment' && entry.action === 'refund');
    expect(releases.map((entry) => entry.after)).toEqual([
      expect.objectContaining({ lessons: [l2], amount: 0, released: true }),
      expect.objectContaining({ lessons: [l1], amount: 0, released: true }),
    ]);
  });

  it('completes a payment a 100 % discount leaves nothing to pay without a provider', async () => {
    const course = await createCourse(context.db, { prices: [RUB] });
    const buyer = await createUser(context, 'free');
    await grant(course, { email: buyer.email, percent: 100 });
    const answer = await json(context.app, 'POST', '/api/v1/payments/', buyer, pay([course.lessonIds[0]!]));
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json<{ details: { redirectTo: string } }>().details.redirectTo).toBe(`${PUBLIC_URL}/waiting-for-payment`);
    const [row] = await context.db.select().from(payments).where(eq(payments.userId, buyer.id));
    expect({ state: row!.state, amount: row!.amount, fullAmount: row!.fullAmount, providerId: row!.providerId }).toEqual({ state: 'STATE_COMPLETED', amount: '0.00', fullAmount: '1200.00', providerId: null });
    const [place] = await context.db.select().from(participants).where(eq(participants.userId, buyer.id));
    expect(place!.state).toBe('approved');
  });
});
