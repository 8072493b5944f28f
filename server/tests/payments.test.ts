// Payments through the built-in sandbox checkout (no provider keys): the checks of POST /api/v1/payments/ with the
// lesson error format, holds and their expiry, completion paid or cancelled (twice, late, out of order), the
// current payment, and 30 buyers racing for the last place.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetails, CurrentPayment, PaymentCreated } from '../../common/wireTypes.ts';
import { disciples, lessons, participants, paymentLessons, payments } from '../src/db/schema.ts';
import { readIcs } from './icsReader.ts';
import { applyOutcome, sweepExpiredPayments } from '../src/services/payments/completion.ts';
import { lockCourse } from '../src/repositories/places/placesRepository.ts';
import { openPostgres } from '../src/db/client.ts';
import { buildTestApp, ids } from './fixtures.ts';
import { createCourse, createUser, createUsers, EURO, json, lapse, occupy, paymentDeps, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { dbModes } from './testDb.ts';

describe.each(dbModes())('payments with the sandbox checkout (%s)', (mode) => {
  let context: EnrollmentApp;
  const app = () => context.app;

  beforeAll(async () => {
    context = await startEnrollmentApp(mode);
  });

  afterAll(async () => {
    await context?.close();
  });

  const pay = (user: TestUser | null, lessons: unknown, currency = 'CURRENCY_CHOICE_RUB', system = currency === 'CURRENCY_CHOICE_EURO' ? 'paypal' : 'yookassa') =>
    json(app(), 'POST', '/api/v1/payments/', user, { system, currency, lessons });
  const paymentOf = async (userId: number) => (await context.db.select().from(payments).where(eq(payments.userId, userId))).sort((a, b) => a.id - b.id);
  const rowsOf = (userId: number) => context.db.select().from(participants).where(eq(participants.userId, userId));
  const sandboxUrl = (redirectTo: string) => {
    const url = new URL(redirectTo);
    return `${url.pathname}${url.search}`;
  };
  const decide = (redirectTo: string, decision: 'pay' | 'cancel') => {
    const url = new URL(redirectTo);
    return app().inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ key: url.searchParams.get('key')!, decision }).toString(),
    });
  };
  const current = async (user: TestUser) => (await json(app(), 'GET', '/api/v1/payments/current/', user)).json<CurrentPayment>();
  const publicLessons = async (courseId: number) => (await json(app(), 'GET', `/api/v1/courses/${courseId}/`)).json<CourseDetails>().lessons;

  describe('checks before anything is held', () => {
    it('needs a logged-in caller and at least one lesson', async () => {
      const course = await createCourse(context.db, { prices: [RUB] });
      expect((await pay(null, course.lessonIds)).statusCode).toBe(401);
      const user = await createUser(context);
      for (const lessons of [[], undefined, null]) {
        const response = await pay(user, lessons);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ lessons_are_required: ['Выберите хотя бы одно занятие.'] });
      }
      const noBody = await json(app(), 'POST', '/api/v1/payments/', user);
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json()).toMatchObject({ system: [expect.any(String)], currency: [expect.any(String)] });
      expect((await pay(user, ['abc'])).json()).toEqual({ lessons: ['Номера занятий должны быть целыми положительными числами.'] });
    });

    it('requires the payment system of the currency, a price in it, and lessons of one open course', async () => {
      const user = await createUser(context);
      const course = await createCourse(context.db, { prices: [RUB] });
      const other = await createCourse(context.db, { prices: [RUB] });
      expect((await pay(user, course.lessonIds, 'CURRENCY_CHOICE_RUB', 'paypal')).json()).toEqual({
        system: ['Оплата в евро принимается через PayPal, в остальных валютах — через ЮKassa.'],
      });
      expect((await pay(user, course.lessonIds, 'CURRENCY_CHOICE_EURO')).json()).toEqual({ currency: ['Этот курс нельзя оплатить в выбранной валюте.'] });
      expect((await pay(user, [course.lessonIds[0], other.lessonIds[0]])).json()).toEqual({ lessons: ['Все выбранные занятия должны относиться к одному курсу.'] });
      expect((await pay(user, [999_999])).json()).toMatchObject({ lessons: [expect.stringContaining('не найдены')] });
      expect((await pay(user, [ids.lessons.draft])).statusCode).toBe(400);
      const announced = await createCourse(context.db, { state: 'announced', prices: [RUB] });
      expect((await pay(user, announced.lessonIds)).json()).toEqual({ detail: 'Запись на этот курс закрыта.' });
      const free = await createCourse(context.db, {});
      expect((await pay(user, free.lessonIds)).json()).toEqual({ currency: ['Этот курс нельзя оплатить в выбранной валюте.'] });
      expect(await paymentOf(user.id)).toEqual([]);
    });

    it('names approved and full lessons with the marker the site replaces by titles', async () => {
      const user = await createUser(context);
      const course = await createCourse(context.db, { participantsLimit: 1, lessons: 4, prices: [RUB] });
      const [a, b, c, d] = course.lessonIds as [number, number, number, number];
      await context.db.insert(participants).values([a, b].map((lessonId) => ({ userId: user.id, lessonId, state: 'approved' as const })));
      await occupy(context, [c, d], 1);

      const bought = await pay(user, [b, a, c]);
      expect(bought.statusCode).toBe(400);
      expect(bought.json()).toEqual({ already_participated: [`Вы уже участвуете в занятиях {lessons:[${a},${b}]}.`] });
      const full = await pay(user, [d, c]);
      expect(full.statusCode).toBe(400);
      expect(full.json()).toEqual({ lessons_are_fully_occupied: [`Нет свободных мест на занятиях {lessons:[${c},${d}]}.`] });
      expect((await pay(user, [d])).json()).toEqual({ lessons_are_fully_occupied: [`Нет свободных мест на занятии {lessons:[${d}]}.`] });
    });

    it('refuses a lesson that has begun, in the lesson error shape, and sells a running course by the lesson', async () => {
      const user = await createUser(context);
      const course = await createCourse(context.db, { lessons: 4, prices: [{ ...RUB, coursePrice: 1000 }] });
      const [a, b, c, d] = course.lessonIds as [number, number, number, number];
      const hourAgo = new Date(Date.now() - 3_600_000);
      await context.db.update(lessons).set({ startsAt: hourAgo }).where(inArray(lessons.id, [a, b]));
      await context.db.update(lessons).set({ startsAt: new Date(Date.now() + 86_400_000) }).where(inArray(lessons.id, [c, d]));

      const refused = await pay(user, [b, a, c]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ lessons_are_past: [`Занятия {lessons:[${a},${b}]} уже начались: оплатить можно только занятия, которые ещё впереди.`] });
      expect((await pay(user, [a])).json()).toEqual({ lessons_are_past: [`Занятие {lessons:[${a}]} уже началось: оплатить можно только занятия, которые ещё впереди.`] });
      expect(await paymentOf(user.id)).toEqual([]);

      // The lessons still ahead are the whole of what is sold, one by one: not the course price of all four.
      expect((await pay(user, [c, d])).statusCode).toBe(201);
      expect((await paymentOf(user.id)).map((payment) => payment.amount)).toEqual(['2400.00']);
    });

    it('does not sell a block once one of its lessons has begun', async () => {
      const user = await createUser(context);
      const course = await createCourse(context.db, { lessonsBlockSize: 2, lessons: 4, prices: [RUB] });
      const [a, b, c, d] = course.lessonIds as [number, number, number, number];
      await context.db.update(lessons).set({ startsAt: new Date(Date.now() - 60_000) }).where(eq(lessons.id, a));
      await context.db.update(lessons).set({ startsAt: new Date(Date.now() + 86_400_000) }).where(inArray(lessons.id, [b, c, d]));
      expect((await pay(user, [a, b])).json()).toEqual({ lessons_are_past: [`Занятие {lessons:[${a}]} уже началось: оплатить можно только занятия, которые ещё впереди.`] });
      expect((await pay(user, [b])).json()).toEqual({ lessons: ['Занятия этого курса оплачиваются только целыми блоками по 2 занятия.'] });
      expect((await pay(user, [c, d])).statusCode).toBe(201);
    });

    it('sells blocks only whole and available', async () => {
      const user = await createUser(context);
      const course = await createCourse(context.db, { lessonsBlockSize: 2, lessons: 5, prices: [RUB] });
      const [a, b, c, , e] = course.lessonIds;
      expect((await pay(user, [a, c])).json()).toEqual({ lessons: ['Занятия этого курса оплачиваются только целыми блоками по 2 занятия.'] });
      await context.db.insert(participants).values({ userId: user.id, lessonId: c!, state: 'approved' });
      const brokenBlock = await pay(user, [course.lessonIds[3]]);
      expect(brokenBlock.json()).toEqual({ lessons: ['Занятия этого курса оплачиваются только целыми блоками по 2 занятия.'] });
      // The last block is a single lesson, and a whole block plus it is fine.
      expect((await pay(user, [a, b, e])).statusCode).toBe(201);
    });

    it('refuses selection when the currency has no lesson price', async () => {
      const user = await createUser(context);
      const course = await createCourse(context.db, { lessons: 3, prices: [{ ...RUB, lessonPrice: 0, lessonWholesalePrice: 0 }] });
      expect((await pay(user, [course.lessonIds[0]])).json()).toEqual({ lessons: ['Этот курс можно оплатить только целиком.'] });
      expect((await pay(user, course.lessonIds)).statusCode).toBe(201);
    });
    it('never charges the whole course more than its lessons one by one with the wholesale price', async () => {
      // The demo «Медленное чтение» in euros: 140 € for the course, 8 lessons at the wholesale 17 € make 136 €.
      const user = await createUser(context);
      const course = await createCourse(context.db, { lessons: 8, prices: [{ currency: 'CURRENCY_CHOICE_EURO', coursePrice: 140, lessonPrice: 20, lessonWholesalePrice: 17 }] });
      expect((await pay(user, course.lessonIds, 'CURRENCY_CHOICE_EURO')).statusCode).toBe(201);
      const [payment] = await paymentOf(user.id);
      expect(payment).toMatchObject({ currency: 'CURRENCY_CHOICE_EURO', amount: '136.00' });
    });
  });

  describe('the sandbox checkout', () => {
    it('holds the places for 30 minutes and sends the payer to a test page that works without scripts', async () => {
      const user = await createUser(context);
      const course = await createCourse(context.db, { title: 'Поэзия <и> проза', participantsLimit: 1, lessons: ['Ритм', 'Рифма', 'Образ'], prices: [RUB] });
      const response = await pay(user, course.lessonIds);
      expect(response.statusCode).toBe(201);
      const { redirectTo } = response.json<PaymentCreated>().details;
      const [payment] = await paymentOf(user.id);
      expect(redirectTo).toMatch(new RegExp(`^https://mutabor\\.example\\.org/sandbox-checkout/${payment!.id}\\?key=[\\w-]{32}$`));
      // The whole course costs its three lessons one by one (3 600 ₽), less than the course price (5 000 ₽).
      expect(payment).toMatchObject({ system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', amount: '3600.00', state: 'STATE_IN_PROGRESS', redirectUrl: redirectTo });
      expect(payment!.providerId).toMatch(/^sandbox-/);
      const holdMinutes = (payment!.expiresAt.getTime() - payment!.createdAt.getTime()) / 60_000;
      expect(holdMinutes).toBeCloseTo(30, 1);
      const held = await rowsOf(user.id);
      expect(held.map((row) => [row.state, row.paymentId, row.expiredAt?.getTime()])).toEqual(course.lessonIds.map(() => ['reserved', payment!.id, payment!.expiresAt.getTime()]));
      expect((await publicLessons(course.id)).every((lesson) => !lesson.hasFreePlaces)).toBe(true);
      // Beyond the spec's id and state, the result page is told the course, the amount and the number of lessons.
      expect(await current(user)).toEqual({
        id: payment!.id,
        details: { state: 'STATE_IN_PROGRESS' },
        course: { id: course.id, title: 'Поэзия <и> проза' },
        amount: 3600,
        currency: 'CURRENCY_CHOICE_RUB',
        lessonCount: 3,
      });

      const page = await app().inject({ url: sandboxUrl(redirectTo), headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.body).toContain('Тестовая оплата — деньги не списываются');
      expect(page.body).toContain('Поэзия &#60;и&#62; проза');
      expect(page.body).toMatch(/3\s600 ₽/);
      expect(page.body).toContain('>Оплатить</button>');
      expect(page.body).toContain('>Отменить</button>');
      expect(page.body).not.toContain('<script');
      expect((await app().inject({ url: `/sandbox-checkout/${payment!.id}?key=wrong` })).statusCode).toBe(404);
      expect((await app().inject({ url: `/sandbox-checkout/${payment!.id}` })).statusCode).toBe(404);
    });

    it('«Оплатить» approves the places, completes the payment and sends one receipt, however often it arrives', async () => {
      const user = await createUser(context);
      const course = await createCourse(context.db, { title: 'Курс для оплаты', lessons: 2, prices: [RUB] });
      const { redirectTo } = (await pay(user, [course.lessonIds[1]])).json<PaymentCreated>().details;
      const [payment] = await paymentOf(user.id);
      expect(payment!.amount).toBe('1200.00');

      const paid = await decide(redirectTo, 'pay');
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe('/waiting-for-payment');
      const rows = await rowsOf(user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ lessonId: course.lessonIds[1], state: 'approved', expiredAt: null, paymentId: payment!.id });
      expect(rows[0]!.participatedAt).toBeInstanceOf(Date);
      expect(await current(user)).toEqual({
        id: payment!.id,
        details: { state: 'STATE_COMPLETED' },
        course: { id: course.id, title: 'Курс для оплаты' },
        amount: 1200,
        currency: 'CURRENCY_CHOICE_RUB',
        lessonCount: 1,
      });
      await app().deps.letters.drain();
      const receipts = context.mailer.to(user.email);
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.subject).toBe('Оплата получена: курс «Курс для оплаты»');
      expect(receipts[0]!.text).toContain('2. Занятие 2');
      expect(receipts[0]!.text).toMatch(/1\s200 ₽/);
      // The payer is not subscribed to the course's news: the receipt offers them rather than promising them.
      expect(receipts[0]!.text).not.toContain('Новости курса будут приходить');
      expect(receipts[0]!.text).toContain(`подпишитесь на них на странице курса: https://mutabor.example.org/courses/${course.id}`);

      // The same notification again, then a late cancel: nothing changes, no second letter.
      expect((await decide(redirectTo, 'pay')).statusCode).toBe(303);
      expect(await applyOutcome(paymentDeps(app()), payment!.id, 'succeeded')).toBe('unchanged');
      expect(await applyOutcome(paymentDeps(app()), payment!.id, 'canceled')).toBe('ignored');
      expect((await rowsOf(user.id))[0]!.state).toBe('approved');
      await app().deps.letters.drain();
      expect(context.mailer.to(user.email)).toHaveLength(1);
      expect((await paymentOf(user.id))[0]!.state).toBe('STATE_COMPLETED');

      // Once bought, the lesson cannot be paid again.
      expect((await pay(user, [course.lessonIds[1]])).json()).toEqual({ already_participated: [`Вы уже участвуете в занятии {lessons:[${course.lessonIds[1]}]}.`] });
      // The course panel and the account list show it.
      const details = (await json(app(), 'GET', `/api/v1/courses/${course.id}/`, user)).json<CourseDetails>();
      expect(details.lessons[1]!.participationState).toBe('approved');
      const list = (await json(app(), 'GET', '/api/v1/participants/', user)).json<{ id: number; lessons: { participationState: string }[] }[]>();
      expect(list.find((row) => row.id === course.id)?.lessons.map((lesson) => lesson.participationState)).toEqual(['approved']);
    });

    it('sends one receipt listing every lesson of the payment, promising news to a subscriber', async () => {
      const user = await createUser(context);
      const course = await createCourse(context.db, { title: 'Курс с новостями', lessons: ['Ритм', 'Рифма', 'Образ', 'Голос'], prices: [RUB] });
      await json(app(), 'POST', `/api/v1/courses/${course.id}/subscribe-for-mailouts/`, user);
      const { redirectTo } = (await pay(user, course.lessonIds)).json<PaymentCreated>().details;
      expect((await decide(redirectTo, 'pay')).statusCode).toBe(303);
      await app().deps.letters.drain();
      const letters = context.mailer.to(user.email);
      expect(letters.map((letter) => letter.subject)).toEqual(['Оплата получена: курс «Курс с новостями»']);
      expect(letters[0]!.text).toContain('Оплаченные занятия:\n1. Ритм — время ещё не назначено\n2. Рифма — время ещё не назначено\n3. Образ — время ещё не назначено\n4. Голос — время ещё не назначено');
      expect(letters[0]!.text).toContain('Новости курса будут приходить на этот адрес.');
      await app().deps.letters.drain({ gathering: true });
      expect(context.mailer.to(user.email)).toHaveLength(1);
    });

    it('the receipt gives each lesson its time in the payer’s zone, attaches their calendar entries and says where the room link appears', async () => {
      const user = await createUser(context);
      await context.db.insert(disciples).values({ userId: user.id, timezone: 'Europe/Berlin' }).onConflictDoUpdate({ target: disciples.userId, set: { timezone: 'Europe/Berlin' } });
      const course = await createCourse(context.db, { title: 'Курс со временем', lessons: ['Ритм', 'Рифма'], prices: [RUB] });
      await context.db.update(lessons).set({ startsAt: new Date('2031-03-04T16:00:00Z'), roomUrl: 'https://meet.example.org/secret-room' }).where(eq(lessons.id, course.lessonIds[0]!));
      const { redirectTo } = (await pay(user, course.lessonIds)).json<PaymentCreated>().details;
      expect((await decide(redirectTo, 'pay')).statusCode).toBe(303);
      await app().deps.letters.drain();
      const [receipt] = context.mailer.to(user.email);
      expect(receipt!.text).toContain('Оплаченные занятия:\n1. Ритм — вт, 4 марта 2031, 17:00 (Германия)\n2. Рифма — время ещё не назначено');
      expect(receipt!.text).toContain('Ссылка на комнату вебинара появится на странице курса и в разделе «Мои курсы» за 30 минут до начала занятия. Когда у занятия появится время, мы напишем вам.');
      expect(receipt!.text).toContain('События для календаря — во вложении');
      // The room link itself is given in its window, not in the receipt's text.
      expect(receipt!.text).not.toContain('secret-room');
      expect(receipt!.attachments!.map((file) => [file.filename, file.contentType.split(';')[0]])).toEqual([[`course-${course.id}-lessons.ics`, 'text/calendar']]);
      const calendar = readIcs(receipt!.attachments![0]!.content);
      expect(calendar.events.map((event) => [event.summary, event.start.toISOString()])).toEqual([['Курс со временем: 1. Ритм', '2031-03-04T16:00:00.000Z']]);
      expect(calendar.events[0]!.uid).toBe(`lesson-${course.lessonIds[0]}@mutabor.example.org`);
    });

    it('«Отменить» frees the places and fails the payment; a cancel delivered twice changes nothing more', async () => {
      const user = await createUser(context);
      const course = await createCourse(context.db, { participantsLimit: 1, lessons: 2, prices: [EURO] });
      const response = await pay(user, course.lessonIds, 'CURRENCY_CHOICE_EURO');
      expect(response.statusCode).toBe(201);
      const { redirectTo } = response.json<PaymentCreated>().details;
      const [payment] = await paymentOf(user.id);
      expect(payment).toMatchObject({ system: 'paypal', currency: 'CURRENCY_CHOICE_EURO', amount: '28.00' });
      expect((await publicLessons(course.id)).map((lesson) => lesson.hasFreePlaces)).toEqual([false, false]);

      expect((await decide(redirectTo, 'cancel')).headers.location).toBe('/waiting-for-payment');
      expect(await rowsOf(user.id)).toEqual([]);
      expect((await paymentOf(user.id))[0]).toMatchObject({ state: 'STATE_FAILURE', failureReason: 'canceled' });
      expect(await current(user)).toMatchObject({
        id: payment!.id,
        details: { state: 'STATE_FAILURE' },
        course: { id: course.id },
        amount: 28,
        currency: 'CURRENCY_CHOICE_EURO',
        lessonCount: 2,
      });
      expect((await publicLessons(course.id)).map((lesson) => lesson.hasFreePlaces)).toEqual([true, true]);
      expect(await applyOutcome(paymentDeps(app()), payment!.id, 'canceled')).toBe('unchanged');
      // The page now says the payment is over and offers no buttons.
      const page = await app().inject({ url: sandboxUrl(redirectTo) });
      expect(page.body).toContain('Этот платёж отменён или его срок истёк.');
      expect(page.body).not.toContain('<form');
    });

    it('a cancelled payment cannot be paid afterwards with its link: the decision stands', async () => {
      const user = await createUser(context);
      const course = await createCourse(context.db, { participantsLimit: 2, lessons: 2, prices: [RUB] });
      const { redirectTo } = (await pay(user, course.lessonIds)).json<PaymentCreated>().details;
      const [payment] = await paymentOf(user.id);
      await decide(redirectTo, 'cancel');

      const paid = await decide(redirectTo, 'pay');
      expect(paid.statusCode).toBe(303);
      expect((await paymentOf(user.id))[0]).toMatchObject({ state: 'STATE_FAILURE', failureReason: 'canceled', refundRequired: false, paidAt: null });
      expect(await rowsOf(user.id)).toEqual([]);
      expect(await applyOutcome(paymentDeps(app()), payment!.id, 'succeeded')).toBe('unchanged');
      expect(await current(user)).toMatchObject({ id: payment!.id, details: { state: 'STATE_FAILURE' } });
      await app().deps.letters.drain();
      expect(context.mailer.to(user.email)).toEqual([]);
      expect((await publicLessons(course.id)).map((lesson) => lesson.hasFreePlaces)).toEqual([true, true]);
    });

    it('a real provider’s success after a cancel enrols nobody and is recorded for a refund', async () => {
      const user = await createUser(context);
      const course = await createCourse(context.db, { participantsLimit: 2, lessons: 1, prices: [RUB] });
      const { redirectTo } = (await pay(user, course.lessonIds)).json<PaymentCreated>().details;
      const [payment] = await paymentOf(user.id);
      await decide(redirectTo, 'cancel');
      // As if the payment had gone to YooKassa, which then reported it paid.
      await context.db.update(payments).set({ providerId: `yk-${payment!.id}` }).where(eq(payments.id, payment!.id));
      expect(await applyOutcome(paymentDeps(app()), payment!.id, 'succeeded')).toBe('refund_required');
      expect((await paymentOf(user.id))[0]).toMatchObject({ state: 'STATE_FAILURE', failureReason: 'canceled', refundRequired: true });
      expect(await rowsOf(user.id)).toEqual([]);
      expect(await applyOutcome(paymentDeps(app()), payment!.id, 'succeeded')).toBe('unchanged');
    });

    it('hands the same payment back for the same lessons, and replaces it for another selection', async () => {
      const user = await createUser(context);
      const course = await createCourse(context.db, { lessons: 3, prices: [RUB] });
      const first = (await pay(user, course.lessonIds)).json<PaymentCreated>().details.redirectTo;
      const again = await pay(user, [...course.lessonIds].reverse());
      expect(again.statusCode).toBe(201);
      expect(again.json<PaymentCreated>().details.redirectTo).toBe(first);
      expect(await paymentOf(user.id)).toHaveLength(1);

      const other = (await pay(user, [course.lessonIds[0]])).json<PaymentCreated>().details.redirectTo;
      expect(other).not.toBe(first);
      const [old, replacement] = await paymentOf(user.id);
      expect(old).toMatchObject({ state: 'STATE_FAILURE', failureReason: 'superseded' });
      expect(replacement).toMatchObject({ state: 'STATE_IN_PROGRESS', amount: '1200.00' });
      expect((await rowsOf(user.id)).map((row) => [row.lessonId, row.paymentId])).toEqual([[course.lessonIds[0], replacement!.id]]);
      expect(await current(user)).toMatchObject({ id: replacement!.id, details: { state: 'STATE_IN_PROGRESS' }, amount: 1200, lessonCount: 1 });
    });

    it('answers 404 for the current payment of someone who never paid', async () => {
      const user = await createUser(context);
      const response = await json(app(), 'GET', '/api/v1/payments/current/', user);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'У вас пока нет платежей.' });
      expect((await json(app(), 'GET', '/api/v1/payments/current/')).statusCode).toBe(401);
    });
  });

  describe('holds that lapse', () => {
    it('a hold past expired_at no longer takes its place, and is released lazily and by the sweep, never by reading it', async () => {
      const course = await createCourse(context.db, { participantsLimit: 1, lessons: 1, prices: [RUB] });
      const [slow, quick, third] = await createUsers(context, 3, 'lapse');
      await pay(slow!, course.lessonIds);
      const [held] = await paymentOf(slow!.id);
      expect((await pay(quick!, course.lessonIds)).statusCode).toBe(400);

      await lapse(context, held!.id);
      // Before anyone writes, the public course and the payer's own view already ignore the lapsed hold.
      expect((await publicLessons(course.id))[0]!.hasFreePlaces).toBe(true);
      const slowView = (await json(app(), 'GET', `/api/v1/courses/${course.id}/`, slow)).json<CourseDetails>();
      expect(slowView.lessons[0]!.participationState).toBeNull();

      // The next buyer's payment releases it in its own transaction.
      expect((await pay(quick!, course.lessonIds)).statusCode).toBe(201);
      expect((await paymentOf(slow!.id))[0]).toMatchObject({ state: 'STATE_FAILURE', failureReason: 'expired' });
      expect(await rowsOf(slow!.id)).toEqual([]);

      // The sweep releases a lapsed hold that nobody touches.
      const [quickPayment] = await paymentOf(quick!.id);
      await lapse(context, quickPayment!.id);
      expect(await sweepExpiredPayments(paymentDeps(app()))).toBeGreaterThanOrEqual(1);
      expect((await paymentOf(quick!.id))[0]).toMatchObject({ state: 'STATE_FAILURE', failureReason: 'expired' });
      expect(await rowsOf(quick!.id)).toEqual([]);

      // Reading the current payment shows the payer a lapsed one as failed, as it will be, and changes nothing.
      await pay(third!, course.lessonIds);
      const [thirdPayment] = await paymentOf(third!.id);
      await lapse(context, thirdPayment!.id);
      const tables = async () => ({
        payments: await context.db.select().from(payments).orderBy(payments.id),
        participants: await context.db.select().from(participants).orderBy(participants.id),
        paymentLessons: await context.db.select().from(paymentLessons).orderBy(paymentLessons.paymentId, paymentLessons.lessonId),
      });
      const before = await tables();
      expect(await current(third!)).toEqual({ id: thirdPayment!.id, details: { state: 'STATE_FAILURE' }, course: { id: course.id, title: course.title }, amount: 1200, currency: 'CURRENCY_CHOICE_RUB', lessonCount: 1 });
      expect(await current(third!)).toMatchObject({ details: { state: 'STATE_FAILURE' } });
      await app().deps.background.settled();
      expect(await tables()).toEqual(before);
      expect((await paymentOf(third!.id))[0]!.state).toBe('STATE_IN_PROGRESS');
      // The course already counts the place free, and the sweep releases the hold.
      expect((await publicLessons(course.id))[0]!.hasFreePlaces).toBe(true);
      await app().deps.paymentFollowUps.sweepExpired();
      expect((await paymentOf(third!.id))[0]).toMatchObject({ state: 'STATE_FAILURE', failureReason: 'expired' });
      expect(await rowsOf(third!.id)).toEqual([]);
      expect(await current(third!)).toMatchObject({ id: thirdPayment!.id, details: { state: 'STATE_FAILURE' } });
    });

    it('a success after the hold lapsed still enrols the payer while the places are free', async () => {
      const user = await createUser(context);
      const course = await createCourse(context.db, { participantsLimit: 1, lessons: 2, prices: [RUB] });
      const { redirectTo } = (await pay(user, course.lessonIds)).json<PaymentCreated>().details;
      const [payment] = await paymentOf(user.id);
      await lapse(context, payment!.id);
      await sweepExpiredPayments(paymentDeps(app()));
      expect((await paymentOf(user.id))[0]!.state).toBe('STATE_FAILURE');

      await decide(redirectTo, 'pay');
      expect((await paymentOf(user.id))[0]).toMatchObject({ state: 'STATE_COMPLETED', refundRequired: false, failureReason: null });
      expect((await rowsOf(user.id)).map((row) => row.state)).toEqual(['approved', 'approved']);
      await app().deps.letters.drain();
      expect(context.mailer.to(user.email).map((letter) => letter.subject)).toEqual([expect.stringContaining('Оплата получена')]);
    });

    it('a success after the places were sold is recorded for a refund, and the payer and the operator are told', async () => {
      const [late, other] = await createUsers(context, 2, 'refund');
      const course = await createCourse(context.db, { title: 'Курс без мест', participantsLimit: 1, lessons: 1, prices: [RUB] });
      const { redirectTo } = (await pay(late!, course.lessonIds)).json<PaymentCreated>().details;
      const [payment] = await paymentOf(late!.id);
      await lapse(context, payment!.id);
      const otherPayment = (await pay(other!, course.lessonIds)).json<PaymentCreated>().details.redirectTo;
      await decide(otherPayment, 'pay');

      await decide(redirectTo, 'pay');
      expect((await paymentOf(late!.id))[0]).toMatchObject({ state: 'STATE_FAILURE', refundRequired: true, failureReason: 'no_places' });
      expect((await paymentOf(late!.id))[0]!.paidAt).toBeInstanceOf(Date);
      expect(await rowsOf(late!.id)).toEqual([]);
      expect((await rowsOf(other!.id))[0]!.state).toBe('approved');
      await app().deps.letters.drain();
      expect(context.mailer.to(late!.email).map((letter) => letter.subject)).toEqual(['Возврат оплаты за курс «Курс без мест»']);
      expect(context.mailer.to('operator@example.org').at(-1)?.subject).toBe(`Нужен возврат: платёж № ${payment!.id}`);
      // Delivered again: still one letter each.
      await decide(redirectTo, 'pay');
      await app().deps.letters.drain();
      expect(context.mailer.to(late!.email)).toHaveLength(1);
    });
  });

  describe('a rush for the last place', () => {
    it('a payment waits for another transaction holding the course’s lock, and then sees its place taken', async () => {
      const course = await createCourse(context.db, { participantsLimit: 1, lessons: 1, prices: [RUB] });
      const lessonId = course.lessonIds[0]!;
      const [first, second] = await createUsers(context, 2, 'lock');
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      const holder = context.db.transaction(async (tx) => {
        await lockCourse(tx, course.id);
        locked();
        // Long enough for the competing request to reach the lock while this one still has it.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.insert(participants).values({ userId: first!.id, lessonId, state: 'approved' });
      });
      await lockTaken;
      const competing = pay(second!, [lessonId]);
      await holder;
      const response = await competing;
      expect(response.json()).toEqual({ lessons_are_fully_occupied: [`Нет свободных мест на занятии {lessons:[${lessonId}]}.`] });
      expect(await rowsOf(second!.id)).toEqual([]);
    });

    it('a mixed rush shares transactions, yet each buyer gets their own answer and no place is sold twice', async () => {
      const course = await createCourse(context.db, { participantsLimit: 3, lessons: 2, prices: [RUB] });
      const [first, second] = course.lessonIds as [number, number];
      await occupy(context, [first], 1);
      const [switcher, twice, ...rest] = await createUsers(context, 12, 'mixed');
      // A buyer with a payment in progress for the second lesson asks for both: the old one gives way if they win.
      expect((await pay(switcher!, [second])).statusCode).toBe(201);
      const [before] = await paymentOf(switcher!.id);
      const responses = await Promise.all([
        pay(switcher!, [first, second]),
        // The same buyer twice at once: never two payments in progress.
        pay(twice!, [first]),
        pay(twice!, [first]),
        ...rest.map((buyer, index) => pay(buyer, index % 2 === 0 ? [first] : [first, second])),
      ]);
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.every((status) => [201, 400, 409].includes(status))).toBe(true);
      for (const response of responses.filter((answer) => answer.statusCode === 400)) {
        expect(Object.keys(response.json())).toEqual(['lessons_are_fully_occupied']);
      }
      const held = await context.db
        .select()
        .from(participants)
        .where(and(inArray(participants.lessonId, course.lessonIds), eq(participants.state, 'reserved')));
      // The two free places of the first lesson were sold, once each; the second lesson never exceeds its limit.
      expect(held.filter((row) => row.lessonId === first)).toHaveLength(2);
      expect(held.filter((row) => row.lessonId === second).length).toBeLessThanOrEqual(3);
      // Every hold belongs to a payment in progress of its own buyer, and nobody has two.
      const inProgress = await context.db.select().from(payments).where(eq(payments.state, 'STATE_IN_PROGRESS'));
      for (const row of held) expect(inProgress.find((payment) => payment.id === row.paymentId)?.userId).toBe(row.userId);
      // Held together, each payment still names exactly its own lessons and is charged for them alone.
      for (const payment of inProgress.filter((candidate) => held.some((row) => row.paymentId === candidate.id))) {
        const named = (await context.db.select().from(paymentLessons).where(eq(paymentLessons.paymentId, payment.id))).map((row) => row.lessonId).sort();
        expect(named).toEqual(held.filter((row) => row.paymentId === payment.id).map((row) => row.lessonId).sort());
        expect(payment.amount).toBe(named.length === 2 ? '2400.00' : '1200.00');
      }
      for (const buyer of [switcher!, twice!, ...rest]) {
        expect((await paymentOf(buyer.id)).filter((payment) => payment.state === 'STATE_IN_PROGRESS').length).toBeLessThanOrEqual(1);
      }
      // The switcher has exactly one: the old (refused) or its replacement (the old one superseded).
      const switcherPayments = await paymentOf(switcher!.id);
      if (statuses[0] === 201) expect(switcherPayments.map((payment) => payment.failureReason)).toEqual(['superseded', null]);
      else expect(switcherPayments).toHaveLength(1);
      // As many payments were answered as were created in the rush (the same buyer may be handed their payment back;
      // a refused switcher keeps the payment made before it, which no answer of the rush names).
      const created = inProgress.filter((payment) => payment.id !== before!.id && [switcher!, twice!, ...rest].some((buyer) => buyer.id === payment.userId));
      expect(new Set(responses.filter((answer) => answer.statusCode === 201).map((answer) => answer.json<PaymentCreated>().details.redirectTo)).size).toBe(created.length);
    });

    it('30 buyers at once for 1 free place: exactly 1 hold and 29 lessons_are_fully_occupied', async () => {
      const course = await createCourse(context.db, { participantsLimit: 3, lessons: 1, prices: [RUB] });
      const lessonId = course.lessonIds[0]!;
      await occupy(context, [lessonId], 2);
      const buyers = await createUsers(context, 30, 'rush');
      // On PostgreSQL the buyers are spread over six server instances with their own connection pools, as behind a
      // load balancer: only the database's row lock stands between them (each process queues its own requests).
      const others = mode === 'postgres' ? await Promise.all([1, 2, 3, 4, 5].map(async () => openPostgres(context.testDb.url!, { poolSize: 2 }))) : [];
      const apps = [app(), ...(await Promise.all(others.map((database) => buildTestApp({ database, config: context.config, mailer: context.mailer }))))];
      const responses = await Promise.all(
        buyers.map((buyer, index) =>
          apps[index % apps.length]!.inject({
            method: 'POST',
            url: '/api/v1/payments/',
            headers: buyer.headers,
            payload: { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: [lessonId] },
          }),
        ),
      );
      for (const extra of apps.slice(1)) await extra.close();
      for (const database of others) await database.close();
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      const refused = responses.filter((response) => response.statusCode === 400);
      expect(refused).toHaveLength(29);
      for (const response of refused) {
        expect(response.json()).toEqual({ lessons_are_fully_occupied: [`Нет свободных мест на занятии {lessons:[${lessonId}]}.`] });
      }
      const holds = await context.db
        .select()
        .from(participants)
        .where(and(eq(participants.lessonId, lessonId), eq(participants.state, 'reserved')));
      expect(holds).toHaveLength(1);
      const created = await context.db
        .select()
        .from(payments)
        .where(
          inArray(
            payments.userId,
            buyers.map((buyer) => buyer.id),
          ),
        );
      expect(created).toHaveLength(1);
      expect(holds[0]!.paymentId).toBe(created[0]!.id);
    });
  });
});
