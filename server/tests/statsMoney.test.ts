// Issue 37, item 3: money over time (docs/STATS.md). Over a generated history of thousands of payments (paid and not),
// whole and partial refunds (succeeded, pending, failed) in three currencies and courses in three zones, the sums of
// every period equal the tables to the kopeck; the week starts on Monday in the course's zone; months, the average
// check, the courses, the discounts; who may ask; the query's field errors; the CSV twin.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_COLUMNS, STATS_API, statsMessages, type MoneyStats } from '../../common/stats.ts';
import type { Currency } from '../../common/wireTypes.ts';
import { promoCodes } from '../src/db/schema.ts';
import { ids } from './fixtures.ts';
import { openMutaboKit, type MutaboKit } from './mutaboKit.ts';
import { cents, fromCents, insertPayments, insertRefunds, makeCourse, makePeople, seededRandom, type PaymentSpec, type RefundSpec } from './statsKit.ts';
import { dbModes } from './testDb.ts';

const PAYMENTS = 3000;
const CURRENCIES: Currency[] = ['CURRENCY_CHOICE_RUB', 'CURRENCY_CHOICE_EURO', 'CURRENCY_CHOICE_USD'];
const HISTORY_START = Date.parse('2025-01-01T00:00:00Z');
const HISTORY_MS = Date.parse('2026-06-30T00:00:00Z') - HISTORY_START;
const anna = ids.authors.anna;
const boris = ids.authors.boris;

describe.each(dbModes())('money statistics (%s)', (mode) => {
  let kit: MutaboKit;
  let generated: number[] = [];
  let moscow: { id: number; lessons: number[] };
  let vladivostok: { id: number; lessons: number[] };
  let borisOnly: { id: number; lessons: number[] };

  const get = async (url: string, who: 'anna' | 'boris' | 'pupil' | 'guest' = 'anna') => kit.call('GET', url, who);
  const money = async (query: string) => {
    const response = await get(`${STATS_API.money}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as MoneyStats;
  };
  const db = () => kit.testDb.database.db;

  beforeAll(async () => {
    kit = await openMutaboKit(mode);
    const random = seededRandom(37);
    const people = await makePeople(db(), 300, 'money');
    const zones = ['Europe/Moscow', 'Asia/Vladivostok', 'America/New_York'];
    const history = await Promise.all(zones.map((timeZone, index) => makeCourse(db(), { title: `История ${index + 1}`, timeZone, authors: [anna], lessons: 4 })));
    generated = history.map((course) => course.id);
    moscow = await makeCourse(db(), { title: 'Неделя в Москве', timeZone: 'Europe/Moscow', authors: [anna] });
    vladivostok = await makeCourse(db(), { title: 'Неделя во Владивостоке', timeZone: 'Asia/Vladivostok', authors: [anna, boris] });
    borisOnly = await makeCourse(db(), { title: 'Курс Бориса', authors: [boris] });

    const specs: PaymentSpec[] = [];
    for (let index = 0; index < PAYMENTS; index += 1) {
      const course = history[Math.floor(random() * history.length)]!;
      const createdAt = new Date(HISTORY_START + Math.floor(random() * HISTORY_MS));
      const paid = random() < 0.85;
      const amount = (100 + Math.floor(random() * 2_000_000) / 100).toFixed(2);
      const discounted = random() < 0.1;
      specs.push({
        userId: people[Math.floor(random() * people.length)]!,
        lessonIds: course.lessons.slice(0, 1 + Math.floor(random() * 4)),
        currency: CURRENCIES[Math.floor(random() * CURRENCIES.length)]!,
        amount,
        createdAt,
        paidAt: paid ? new Date(createdAt.getTime() + Math.floor(random() * 3_600_000)) : null,
        ...(discounted ? { fullAmount: (Number(amount) + 100).toFixed(2), discount: { kind: 'personal' as const, percent: 10 } } : {}),
      });
    }
    const paymentIds = await insertPayments(db(), specs);
    const refunds: RefundSpec[] = [];
    paymentIds.forEach((paymentId, index) => {
      const spec = specs[index]!;
      if (!spec.paidAt || random() >= 0.25) return;
      const roll = random();
      const state = roll < 0.7 ? 'succeeded' : roll < 0.85 ? 'pending' : 'failed';
      const whole = random() < 0.5;
      const amount = whole ? spec.amount : fromCents(cents(spec.amount) / 3n);
      refunds.push({ paymentId, amount, currency: spec.currency, state, completedAt: state === 'pending' ? null : new Date(spec.paidAt.getTime() + Math.floor(random() * 20 * 86_400_000)) });
    });
    await insertRefunds(db(), refunds);
  }, 120_000);

  afterAll(async () => {
    await kit?.close();
  });

  it('sums every period to the payments and refunds tables, to the kopeck, by month and by week', async () => {
    const ids = sql.join(generated.map((id) => sql`${id}`), sql`, `);
    const ofCourses = sql`(SELECT pl.payment_id FROM payment_lessons pl JOIN lessons l ON l.id = pl.lesson_id WHERE l.course_id IN (${ids}))`;
    const tables = await db().execute(sql`
      SELECT c.currency,
        (SELECT sum(amount)::text FROM payments WHERE currency = c.currency AND paid_at IS NOT NULL AND id IN ${ofCourses}) AS paid,
        (SELECT count(*)::int FROM payments WHERE currency = c.currency AND paid_at IS NOT NULL AND id IN ${ofCourses}) AS payments,
        (SELECT sum(amount)::text FROM refunds WHERE currency = c.currency AND state = 'succeeded' AND payment_id IN ${ofCourses}) AS refunded
      FROM unnest(enum_range(NULL::currency)) AS c(currency) ORDER BY c.currency`);
    const expected = (tables as unknown as { rows: { currency: Currency; paid: string; payments: number; refunded: string }[] }).rows;
    expect(expected.every((row) => row.payments > 500 && cents(row.refunded) > 0n)).toBe(true);

    for (const by of ['month', 'week'] as const) {
      const stats = await money(`from=2024-12-01&to=2026-08-31&by=${by}`);
      expect(stats.by).toBe(by);
      for (const row of expected) {
        const rows = stats.rows.filter((item) => item.currency === row.currency);
        expect(rows.length).toBe(by === 'month' ? 21 : new Set(stats.rows.map((item) => item.period)).size);
        expect(fromCents(rows.reduce((sum, item) => sum + cents(item.paid), 0n))).toBe(row.paid);
        expect(fromCents(rows.reduce((sum, item) => sum + cents(item.refunded), 0n))).toBe(row.refunded);
        expect(fromCents(rows.reduce((sum, item) => sum + cents(item.net), 0n))).toBe(fromCents(cents(row.paid) - cents(row.refunded)));
        expect(rows.reduce((sum, item) => sum + item.payments, 0)).toBe(row.payments);
        const courses = stats.courses.filter((item) => item.currency === row.currency);
        expect(fromCents(courses.reduce((sum, item) => sum + cents(item.paid), 0n))).toBe(row.paid);
        expect(fromCents(courses.reduce((sum, item) => sum + cents(item.refunded), 0n))).toBe(row.refunded);
      }
      // Periods oldest first, each a Monday or a 1st, every row's average its paid over its payments.
      const periods = [...new Set(stats.rows.map((row) => row.period))];
      expect(periods).toEqual([...periods].sort());
      for (const period of periods) {
        const day = new Date(`${period}T00:00:00Z`);
        expect(by === 'week' ? day.getUTCDay() : day.getUTCDate()).toBe(1);
      }
      for (const row of stats.rows) {
        expect(row.paid).toMatch(/^\d+\.\d\d$/);
        if (row.payments === 0) expect(row.averageCheck).toBe('0.00');
      }
    }
  }, 60_000);

  it('starts a week on Monday in the course’s zone', async () => {
    // Sunday 8 March 2026 23:30 and Monday 00:10 in Moscow (UTC+3); 13:30Z is Sunday 23:30 in Vladivostok (UTC+10).
    const sunday = new Date('2026-03-08T20:30:00Z');
    const monday = new Date('2026-03-08T21:10:00Z');
    const vladivostokSunday = new Date('2026-03-08T13:30:00Z');
    const [userId] = await makePeople(db(), 1, 'week');
    const pay = (course: { lessons: number[] }, at: Date, amount: string): PaymentSpec => ({ userId: userId!, lessonIds: [course.lessons[0]!], amount, createdAt: at, paidAt: at });
    await insertPayments(db(), [pay(moscow, sunday, '100.00'), pay(moscow, monday, '200.00'), pay(vladivostok, vladivostokSunday, '300.00'), pay(vladivostok, sunday, '400.00')]);

    const inMoscow = await money(`from=2026-03-02&to=2026-03-15&by=week&course=${moscow.id}`);
    expect(inMoscow.rows.map((row) => [row.period, row.paid, row.payments])).toEqual([
      ['2026-03-02', '100.00', 1],
      ['2026-03-09', '200.00', 1],
    ]);
    // In Vladivostok 20:30Z is already Monday 06:30: the Moscow Sunday's instant falls in the next week there.
    const inVladivostok = await money(`from=2026-03-02&to=2026-03-15&by=week&course=${vladivostok.id}`);
    expect(inVladivostok.rows.map((row) => [row.period, row.paid])).toEqual([
      ['2026-03-02', '300.00'],
      ['2026-03-09', '400.00'],
    ]);
    // The range's days too are the course's: the Moscow Monday's payment is outside a range ending on Sunday.
    const sundayOnly = await money(`from=2026-03-08&to=2026-03-08&by=week&course=${moscow.id}`);
    expect(sundayOnly.rows.map((row) => [row.period, row.paid])).toEqual([['2026-03-02', '100.00']]);
    // Without a course, all the caller's: Boris leads the Vladivostok course (and one without money).
    const borisAll = (await get(`${STATS_API.money}?from=2026-03-02&to=2026-03-15&by=week`, 'boris')).json() as MoneyStats;
    expect(borisAll.rows.map((row) => [row.period, row.paid])).toEqual([
      ['2026-03-02', '300.00'],
      ['2026-03-09', '400.00'],
    ]);
  });

  it('groups by month with zeros for empty months, the average check, refunds, the courses and the discounts', async () => {
    const [first, second] = await makePeople(db(), 2, 'month');
    const [promo] = await db().insert(promoCodes).values({ code: 'SPRING', courseId: moscow.id, authorId: anna, percent: 20 }).returning({ id: promoCodes.id });
    const at = (iso: string) => new Date(iso);
    const [, , aprilId] = await insertPayments(db(), [
      { userId: first!, lessonIds: [moscow.lessons[1]!], amount: '100.00', createdAt: at('2025-01-10T10:00:00Z'), paidAt: at('2025-01-10T10:05:00Z') },
      { userId: second!, lessonIds: [moscow.lessons[1]!], amount: '200.01', createdAt: at('2025-01-20T10:00:00Z'), paidAt: at('2025-01-20T10:05:00Z') },
      // 31 March 2025 22:30Z is 1 April 01:30 in Moscow.
      { userId: first!, lessonIds: [moscow.lessons[2]!], amount: '800.00', fullAmount: '1000.00', discount: { kind: 'promoCode', code: 'SPRING', percent: 20 }, promoCodeId: promo!.id, createdAt: at('2025-03-31T22:20:00Z'), paidAt: at('2025-03-31T22:30:00Z') },
      { userId: second!, lessonIds: [moscow.lessons[2]!], amount: '450.00', fullAmount: '500.00', discount: { kind: 'personal', percent: 10 }, createdAt: at('2025-04-05T10:00:00Z'), paidAt: at('2025-04-05T10:01:00Z') },
      // Not paid: counts nowhere.
      { userId: second!, lessonIds: [moscow.lessons[0]!], amount: '999.00', createdAt: at('2025-02-05T10:00:00Z'), paidAt: null },
    ]);
    await insertRefunds(db(), [
      { paymentId: aprilId!, amount: '300.00', state: 'succeeded', completedAt: at('2025-04-10T10:00:00Z') },
      { paymentId: aprilId!, amount: '100.00', state: 'failed', completedAt: at('2025-04-11T10:00:00Z') },
      { paymentId: aprilId!, amount: '50.00', state: 'pending', completedAt: null },
    ]);
    const stats = await money(`from=2025-01-01&to=2025-04-30&by=month&course=${moscow.id}`);
    expect(stats).toMatchObject({ from: '2025-01-01', to: '2025-04-30', by: 'month' });
    expect(stats.rows).toEqual([
      { period: '2025-01-01', currency: 'CURRENCY_CHOICE_RUB', paid: '300.01', refunded: '0.00', net: '300.01', payments: 2, averageCheck: '150.01' },
      { period: '2025-02-01', currency: 'CURRENCY_CHOICE_RUB', paid: '0.00', refunded: '0.00', net: '0.00', payments: 0, averageCheck: '0.00' },
      { period: '2025-03-01', currency: 'CURRENCY_CHOICE_RUB', paid: '0.00', refunded: '0.00', net: '0.00', payments: 0, averageCheck: '0.00' },
      { period: '2025-04-01', currency: 'CURRENCY_CHOICE_RUB', paid: '1250.00', refunded: '300.00', net: '950.00', payments: 2, averageCheck: '625.00' },
    ]);
    expect(stats.courses).toEqual([
      { course: { id: moscow.id, title: 'Неделя в Москве' }, currency: 'CURRENCY_CHOICE_RUB', paid: '1550.01', refunded: '300.00', net: '1250.01', payments: 4 },
    ]);
    expect(stats.discounts).toEqual([
      { kind: 'promo', code: 'SPRING', currency: 'CURRENCY_CHOICE_RUB', uses: 1, cost: '200.00' },
      { kind: 'personal', code: null, currency: 'CURRENCY_CHOICE_RUB', uses: 1, cost: '50.00' },
    ]);

    // The CSV twin: the contract's headings, a row per period, a decimal comma.
    const csv = await get(`${STATS_API.moneyCsv}?from=2025-01-01&to=2025-04-30&by=month&course=${moscow.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="money-month-2025-01-01-2025-04-30.csv"');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${MONEY_COLUMNS.map((heading) => `"${heading}"`).join(';')}`);
    expect(lines[1]).toBe('"2025-01-01";"RUB";"300,01";"0,00";"300,01";"2";"150,01"');
    expect(lines).toHaveLength(6);
  });

  it('defaults to twelve weeks to today, and a course without money has no rows', async () => {
    const stats = await money(`course=${moscow.id}&from=2030-01-01&to=2030-01-31`);
    expect(stats.rows).toEqual([]);
    const defaults = await money('');
    expect(defaults.by).toBe('week');
    expect((Date.parse(defaults.to) - Date.parse(defaults.from)) / 86_400_000).toBe(84);
    const months = await money('by=month&to=2026-03-31');
    expect(months.from).toBe('2025-03-31');
    const leap = await money('by=month&to=2024-02-29');
    expect(leap.from).toBe('2023-02-28');
  });

  it('answers only the authors, about their own courses', async () => {
    expect((await get(STATS_API.money, 'guest')).statusCode).toBe(401);
    expect((await get(STATS_API.money, 'pupil')).statusCode).toBe(403);
    for (const url of [STATS_API.money, STATS_API.moneyCsv]) {
      const other = await get(`${url}?course=${borisOnly.id}`);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ detail: statsMessages.badCourse });
      expect((await get(`${url}?course=999999`)).statusCode).toBe(404);
    }
    // Boris leads the Vladivostok course too, and sees only its money.
    const borisStats = (await get(`${STATS_API.money}?from=2026-03-02&to=2026-03-15`, 'boris')).json() as MoneyStats;
    expect(borisStats.courses.map((row) => row.course.id)).toEqual([vladivostok.id]);
  });

  it('refuses a bad query with field errors', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['from=2026-13-01', { from: [statsMessages.badDate] }],
      ['to=2026-02-30', { to: [statsMessages.badDate] }],
      ['from=yesterday', { from: [statsMessages.badDate] }],
      ['by=day', { by: [statsMessages.badGrouping] }],
      ['course=abc', { course: [statsMessages.badCourse] }],
      ['from=2026-03-02&to=2026-03-01', { from: [statsMessages.fromAfterTo] }],
      ['from=2010-01-01&to=2026-03-01', { from: [statsMessages.tooLong] }],
    ];
    for (const [query, body] of cases) {
      const response = await get(`${STATS_API.money}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual(body);
    }
  });
});
