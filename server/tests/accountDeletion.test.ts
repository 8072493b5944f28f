// Issue 20, item 4: deleting one's account (DELETE /api/v1/users/me/ with the password; services/accounts/deletion.ts).
// The person can no longer log in, every token and link dies, the address signs up again, the places in lessons not
// yet held go to the queue with the promotion letter, queued letters are dropped; payments stay in the authors' list
// with the payer emptied, and the consent records stay without name or address.
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountDeletionPreview } from '../../common/accountDeletion.ts';
import { accountDeletionMessages } from '../../common/accountDeletion.ts';
import type { MutaboParticipants } from '../../common/mutabo/participants.ts';
import type { MutaboPaymentsPage } from '../../common/mutabo/payments.ts';
import { calendarFeeds, consents, disciples, lessons, mailDeliveryFailures, mailingSubscriptions, outboxLetters, participants, paymentLessons, payments, receipts, users } from '../src/db/schema.ts';
import { recordDeliveryFailure } from '../src/repositories/letters/letterDeliveryRepository.ts';
import { findAccountById } from '../src/repositories/accounts/usersRepository.ts';
import { encodeAddress } from '../src/services/accounts/links.ts';
import { deleteAccount } from '../src/services/accounts/deletion.ts';
import { hashPassword } from '../src/services/accounts/passwords.ts';
import { unsubscribeLink } from '../src/services/letters/unsubscribeLinks.ts';
import { openPostgres, type Database } from '../src/db/client.ts';
import { eventually } from './eventually.ts';
import { bearer, buildTestApp, ids, testConfig } from './fixtures.ts';
import { createCourse, createUsers, json, payInSandbox, PUBLIC_URL, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { dbModes } from './testDb.ts';

const PASSWORD = 'Синий-кит-плывёт-7';
const ADDRESS = '203.0.113.44';

let counter = 0;

interface Person extends TestUser {
  refresh: string;
  lastName: string;
}

describe.each(dbModes())('deleting one’s account (%s)', (mode) => {
  let context: EnrollmentApp;
  let anna: TestUser;
  const app = () => context.app;

  beforeAll(async () => {
    context = await startEnrollmentApp(mode, {}, { accounts: { passwordCost: 2 ** 10 } });
    const token = await app().deps.tokens.sign(ids.users.anna, 'access');
    anna = { id: ids.users.anna, email: 'anna@example.org', firstName: 'Анна', token, headers: bearer(token) };
  });

  afterAll(async () => {
    await context?.close();
  });

  /** A confirmed account with a real password, a profile, the sign-up's consent and a token pair. */
  const createPerson = async (): Promise<Person> => {
    counter += 1;
    const email = `udalyaemyi-${counter}@example.org`;
    const changedAt = new Date(Date.now() - 60_000);
    const [row] = await context.db
      .insert(users)
      .values({ email, passwordHash: await hashPassword(PASSWORD, { cost: 2 ** 10 }), firstName: `Евлампия${counter}`, lastName: `Удаляева${counter}`, yearOfBirth: 1990, isActive: true, passwordChangedAt: changedAt })
      .returning();
    await context.db.insert(disciples).values({ userId: row!.id, country: 'RU', otherInfo: `Заметка Евлампии${counter}`, timezone: 'Europe/Moscow' });
    await context.db.insert(consents).values({ userId: row!.id, kind: 'processing', action: 'given', policyVersion: '2025-09-01', source: 'signup', ip: ADDRESS, userAgent: 'Тестовый браузер' });
    const pair = await app().deps.tokens.signPair(row!.id, changedAt);
    return { id: row!.id, email, firstName: row!.firstName, lastName: row!.lastName, token: pair.access, refresh: pair.refresh, headers: bearer(pair.access) };
  };

  /** DELETE /users/me/ with this body (`null`: none at all). */
  const remove = (person: TestUser, body: unknown = { password: PASSWORD }) =>
    app().inject({
      method: 'DELETE',
      url: '/api/v1/users/me/',
      remoteAddress: ADDRESS,
      headers: { accept: 'application/json', 'user-agent': 'Тестовый браузер', ...person.headers },
      ...(body === null ? {} : { payload: body as Record<string, unknown> }),
    });

  const userRow = async (id: number) => (await context.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('refuses a wrong or missing password under `password`, and changes nothing', async () => {
    const person = await createPerson();
    const course = await createCourse(context.db, { lessons: 1, participantsLimit: 2 });
    await context.db.insert(participants).values({ userId: person.id, lessonId: course.lessonIds[0]!, state: 'approved', participatedAt: new Date() });
    const before = await userRow(person.id);

    const wrong = await remove(person, { password: 'не-тот-пароль' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: [accountDeletionMessages.passwordWrong] });
    for (const body of [{}, { password: '' }, null]) {
      const missing = await remove(person, body);
      expect(missing.statusCode, missing.body).toBe(400);
      expect(missing.json()).toEqual({ password: [expect.stringMatching(/пароль/i)] });
    }
    const notText = await remove(person, { password: 42 });
    expect(notText.statusCode).toBe(400);
    expect(Object.keys(notText.json())).toEqual(['password']);

    expect(await userRow(person.id)).toEqual(before);
    expect(await context.db.select().from(participants).where(eq(participants.userId, person.id))).toHaveLength(1);
    expect((await json(app(), 'GET', '/api/v1/users/me/', person)).statusCode).toBe(200);
  });

  it('counts wrong passwords like the password change form: the sixth in a row waits', async () => {
    const person = await createPerson();
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await remove(person, { password: `неверный-${attempt}` })).statusCode).toBe(400);
    const limited = await remove(person);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toEqual({ detail: expect.stringContaining('Попробуйте снова') });
    expect((await userRow(person.id)).deletedAt).toBeNull();
  });

  it('deletes: no login, no token, no link; the address signs up again; places go to the queue; payments and consents stay emptied', async () => {
    const person = await createPerson();
    // A paid place in a future lesson, a course's news, a place in a full lesson with someone waiting behind, a
    // lesson already held, a queued letter, a calendar feed.
    const paidCourse = await createCourse(context.db, { title: 'Курс с оплатой', lessons: 2, prices: [RUB] });
    const paid = await payInSandbox(app(), person, paidCourse.lessonIds);
    expect(paid).toHaveProperty('paymentId');
    const paymentId = (paid as { paymentId: number }).paymentId;
    // The payment's fiscal receipt went to YooKassa with the payer's address (as with RECEIPTS=yookassa).
    await context.db.insert(receipts).values({ type: 'payment', paymentId, lessonIds: paidCourse.lessonIds, lessonCents: [120000, 120000], amount: '2400.00', currency: 'CURRENCY_CHOICE_RUB', paymentMode: 'full_prepayment', state: 'sent', idempotenceKey: `deletion-test-${paymentId}` });
    // The first lesson was held yesterday; the second is still to come.
    await context.db.update(lessons).set({ startsAt: new Date(Date.now() - 24 * 3600_000) }).where(eq(lessons.id, paidCourse.lessonIds[0]!));
    expect((await json(app(), 'POST', `/api/v1/courses/${paidCourse.id}/subscribe-for-mailouts/`, person)).statusCode).toBe(204);

    const fullCourse = await createCourse(context.db, { title: 'Курс без свободных мест', lessons: 1, participantsLimit: 1 });
    const [waiting] = await createUsers(context, 1, 'waiting');
    await context.db.insert(participants).values([
      { userId: person.id, lessonId: fullCourse.lessonIds[0]!, state: 'approved', participatedAt: new Date() },
      { userId: waiting!.id, lessonId: fullCourse.lessonIds[0]!, state: 'waiting_list' },
    ]);
    await context.db.insert(outboxLetters).values({ kind: 'reminder-test', recipient: person.email, userId: person.id, subject: `Письмо для ${person.firstName}`, text: 'Текст', html: '<p>Текст</p>', nextAttemptAt: new Date(Date.now() + 3600_000) });
    // Three refused letters in a row stopped the news to the address (letterQueue.ts): kept as the address's hash.
    await recordDeliveryFailure(context.db, person.id, person.email);
    const feed = await json(app(), 'GET', '/api/v1/calendar/feed/', person);
    expect(feed.statusCode).toBe(200);
    const feedPath = new URL(feed.json<{ url: string }>().url).pathname;
    expect((await app().inject({ method: 'GET', url: feedPath })).statusCode).toBe(200);
    const unsubscribe = new URL(unsubscribeLink(app().deps.config, person.id, paidCourse.id)).pathname;
    expect((await app().inject({ method: 'GET', url: unsubscribe })).statusCode).toBe(200);
    const account = await findAccountById(app().deps.db, person.id);
    const resetLink = app().deps.accounts.links.make('reset-password', account!);
    const confirmLink = app().deps.accounts.links.make('change-email', account!, 'novyi-adres@example.org');
    expect(app().deps.accounts.links.check('reset-password', account!, resetLink.token)).toBe('valid');
    expect(app().deps.accounts.links.check('change-email', account!, confirmLink.token, 'novyi-adres@example.org')).toBe('valid');

    // What deleting would give up, and whom to write to for a refund first.
    const preview = await json(app(), 'GET', '/api/v1/users/me/deletion/', person);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<AccountDeletionPreview>()).toEqual({ contactEmail: 'seller@example.org', places: 2, paidPlaces: 1, waiting: 0 });

    const deleted = await remove(person);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(deleted.body).toBe('');

    // No login, no token, no refresh, no link.
    const login = await app().inject({ method: 'POST', url: '/api/v1/token/', payload: { username: person.email, password: PASSWORD } });
    expect(login.statusCode).toBe(401);
    expect((await json(app(), 'GET', '/api/v1/users/me/', person)).statusCode).toBe(401);
    expect((await app().inject({ method: 'POST', url: '/api/v1/token/refresh/', payload: { refresh: person.refresh } })).statusCode).toBe(401);
    expect((await app().inject({ method: 'GET', url: feedPath })).statusCode).toBe(404);
    expect((await app().inject({ method: 'GET', url: unsubscribe })).statusCode).toBe(404);
    expect((await app().inject({ method: 'POST', url: unsubscribe, payload: '' })).statusCode).toBe(404);
    const reset = await app().inject({
      method: 'POST',
      url: '/api/v1/users/reset-password/complete/',
      payload: { ...resetLink, password1: 'Новый-пароль-злоумышленника-9', password2: 'Новый-пароль-злоумышленника-9' },
    });
    expect(reset.statusCode).toBe(400);
    const emailChange = await app().inject({ method: 'POST', url: '/api/v1/users/email-confirm/', payload: { ...confirmLink, address: encodeAddress('novyi-adres@example.org') } });
    expect(emailChange.statusCode).toBe(400);
    // A second deletion with the old token: the auth layer refuses it, nothing more happens.
    expect((await remove(person)).statusCode).toBe(401);

    // The row stays, emptied; the profile, the subscription, the feed and the letter are gone.
    const row = await userRow(person.id);
    expect(row).toMatchObject({ email: '', firstName: '', lastName: '', yearOfBirth: null, isActive: false, isAuthor: false });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await context.db.select().from(disciples).where(eq(disciples.userId, person.id))).toEqual([]);
    expect(await context.db.select().from(mailingSubscriptions).where(eq(mailingSubscriptions.userId, person.id))).toEqual([]);
    expect(await context.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, person.id))).toEqual([]);
    expect(await context.db.select().from(mailDeliveryFailures).where(eq(mailDeliveryFailures.userId, person.id))).toEqual([]);
    const letters = await context.db.select().from(outboxLetters).where(eq(outboxLetters.userId, person.id));
    expect(letters).toEqual([]);
    expect(await context.db.select().from(outboxLetters).where(sql`lower(${outboxLetters.recipient}) = ${person.email}`)).toEqual([]);

    // The place in the full lesson went to the one waiting, with the promotion letter; the held lesson's row stays.
    const rows = await context.db.select().from(participants).where(eq(participants.userId, person.id));
    expect(rows.map((item) => item.lessonId)).toEqual([paidCourse.lessonIds[0]]);
    const [promoted] = await context.db.select().from(participants).where(and(eq(participants.userId, waiting!.id), eq(participants.lessonId, fullCourse.lessonIds[0]!)));
    expect(promoted!.state).toBe('reserved');
    const promotion = await context.db.select().from(outboxLetters).where(and(eq(outboxLetters.userId, waiting!.id), eq(outboxLetters.kind, 'promotion')));
    expect(promotion).toHaveLength(1);
    expect(promotion[0]!.subject).toContain('Курс без свободных мест');

    // The payment stays in the authors' list, its payer emptied; the receipt's address is kept for the receipts to come.
    const list = await json(app(), 'GET', `/api/v1/mutabo/payments/?course=${paidCourse.id}`, anna);
    expect(list.statusCode).toBe(200);
    const listed = list.json<MutaboPaymentsPage>().results.find((item) => item.id === paymentId);
    expect(listed).toMatchObject({ state: 'STATE_COMPLETED', payer: { id: person.id, firstName: '', lastName: '', email: '' } });
    expect((await context.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.receiptEmail).toBe(person.email);
    const table = await json(app(), 'GET', `/api/v1/mutabo/courses/${paidCourse.id}/participants/`, anna);
    expect(table.json<MutaboParticipants>().participants.find((item) => item.person.id === person.id)?.person).toMatchObject({ firstName: '', lastName: '', email: '', age: null });

    // The consent records stay, with the withdrawals the deletion made, and name nobody.
    const records = await context.db.select().from(consents).where(eq(consents.userId, person.id)).orderBy(asc(consents.id));
    expect(records.map((record) => [record.kind, record.courseId, record.action, record.source])).toEqual([
      ['processing', null, 'given', 'signup'],
      ['news', paidCourse.id, 'given', 'course-page'],
      ['news', paidCourse.id, 'withdrawn', 'account-deletion'],
      ['processing', null, 'withdrawn', 'account-deletion'],
    ]);
    expect(records.at(-1)).toMatchObject({ ip: ADDRESS, userAgent: 'Тестовый браузер' });
    expect(JSON.stringify(records)).not.toContain(person.email);
    expect(JSON.stringify(records)).not.toContain(person.lastName);

    // The address is free: it signs up again as a new account.
    const again = await app().inject({
      method: 'POST',
      url: '/api/v1/users/',
      payload: { email: person.email, firstName: 'Новая', lastName: 'Жизнь', password1: 'Другой-пароль-на-новом-месте-5', password2: 'Другой-пароль-на-новом-месте-5', agreement: true },
    });
    expect(again.statusCode).toBe(201);
    const [fresh] = await context.db.select().from(users).where(eq(users.email, person.email));
    expect(fresh!.id).not.toBe(person.id);
    expect(fresh!.isActive).toBe(false);
  });

  it.runIf(mode === 'postgres')('ends the tokens in another process at once', async () => {
    const person = await createPerson();
    const second: Database = openPostgres(context.testDb.url!, { poolSize: 2 });
    const other = await buildTestApp({ database: second, config: testConfig({ PUBLIC_URL }) });
    try {
      // The other process has read (and keeps) the account's state.
      expect((await json(other, 'GET', '/api/v1/users/me/', person)).statusCode).toBe(200);
      expect((await json(other, 'GET', '/api/v1/users/me/', person)).statusCode).toBe(200);
      expect((await remove(person)).statusCode).toBe(204);
      expect((await json(app(), 'GET', '/api/v1/users/me/', person)).statusCode).toBe(401);
      expect(await eventually(async () => (await json(other, 'GET', '/api/v1/users/me/', person)).statusCode === 401, 5000)).toBe(true);
      expect((await other.inject({ method: 'POST', url: '/api/v1/token/refresh/', payload: { refresh: person.refresh } })).statusCode).toBe(401);
    } finally {
      await other.close();
      await second.close();
    }
  });

  it('an author’s account is not deleted from the profile', async () => {
    const token = await app().deps.tokens.sign(ids.users.boris, 'access');
    await context.db.update(users).set({ passwordHash: await hashPassword(PASSWORD, { cost: 2 ** 10 }) }).where(eq(users.id, ids.users.boris));
    const refused = await remove({ id: ids.users.boris, email: '', firstName: '', token, headers: bearer(token) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: accountDeletionMessages.authorAccount });
    expect((await userRow(ids.users.boris)).deletedAt).toBeNull();
  });

  it('refuses an author’s account before touching anything: a payment in progress and its place stay', async () => {
    const course = await createCourse(context.db, { lessons: 1, participantsLimit: 2 });
    const [payment] = await context.db
      .insert(payments)
      .values({ userId: ids.users.boris, system: 'yookassa', currency: RUB.currency, amount: '100', expiresAt: new Date(Date.now() + 30 * 60_000) })
      .returning();
    await context.db.insert(paymentLessons).values({ paymentId: payment!.id, lessonId: course.lessonIds[0]! });
    await context.db.insert(participants).values({ userId: ids.users.boris, lessonId: course.lessonIds[0]!, state: 'reserved', paymentId: payment!.id, expiredAt: payment!.expiresAt });
    const result = await deleteAccount(app().deps, ids.users.boris, { by: { kind: 'author', authorUserId: ids.users.anna } });
    expect(result).toEqual({ status: 'author' });
    const [kept] = await context.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(kept!.state).toBe('STATE_IN_PROGRESS');
    const places = await context.db.select().from(participants).where(eq(participants.paymentId, payment!.id));
    expect(places.map((place) => place.state)).toEqual(['reserved']);
  });

  it('records what the caller asks inside the deletion’s transaction: when the record fails, nothing is deleted', async () => {
    const person = await createPerson();
    const by = { kind: 'author' as const, authorUserId: ids.users.anna };
    const failing = deleteAccount(app().deps, person.id, {
      by,
      record: async () => {
        throw new Error('the history could not be written');
      },
    });
    await expect(failing).rejects.toThrow('the history could not be written');
    expect((await userRow(person.id)).deletedAt).toBeNull();
    expect((await userRow(person.id)).email).toBe(person.email);
    const seen: number[] = [];
    const done = await deleteAccount(app().deps, person.id, { by, record: async (_tx, deleted) => void seen.push(deleted.userId) });
    expect(done.status).toBe('deleted');
    expect(seen).toEqual([person.id]);
  });

  it('two deletions at once: one deletes, the other finds it done; nothing breaks', async () => {
    const person = await createPerson();
    const course = await createCourse(context.db, { lessons: 2, participantsLimit: 1 });
    const [waiting] = await createUsers(context, 1, 'queue');
    await context.db.insert(participants).values([
      ...course.lessonIds.map((lessonId) => ({ userId: person.id, lessonId, state: 'approved' as const, participatedAt: new Date() })),
      ...course.lessonIds.map((lessonId) => ({ userId: waiting!.id, lessonId, state: 'waiting_list' as const })),
    ]);
    const answers = await Promise.all([remove(person), remove(person), remove(person)]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    // What each said, should one be neither 204 nor 401 (it happened once in a full run on PostgreSQL, 2026-11-29).
    const said = JSON.stringify(answers.map((answer) => [answer.statusCode, answer.body.slice(0, 300)]));
    expect(codes.filter((code) => code === 204), said).toHaveLength(1);
    expect(codes.every((code) => code === 204 || code === 401), said).toBe(true);
    const withdrawals = await context.db.select().from(consents).where(and(eq(consents.userId, person.id), eq(consents.kind, 'processing'), eq(consents.action, 'withdrawn')));
    expect(withdrawals).toHaveLength(1);
    const promotions = await context.db.select().from(outboxLetters).where(and(eq(outboxLetters.userId, waiting!.id), eq(outboxLetters.kind, 'promotion')));
    expect(promotions).toHaveLength(1);
    const places = await context.db.select().from(participants).where(eq(participants.userId, waiting!.id));
    expect(places.map((place) => place.state)).toEqual(['reserved', 'reserved']);
  });

  it('the service is callable for an author’s deletion, says who asked, and a second call is letter-free', async () => {
    const person = await createPerson();
    const course = await createCourse(context.db, { lessons: 1, participantsLimit: 1 });
    const [waiting] = await createUsers(context, 1, 'next');
    await context.db.insert(participants).values([
      { userId: person.id, lessonId: course.lessonIds[0]!, state: 'approved', participatedAt: new Date() },
      { userId: waiting!.id, lessonId: course.lessonIds[0]!, state: 'waiting_list' },
    ]);
    const by = { kind: 'author' as const, authorUserId: ids.users.anna };
    const first = await deleteAccount(app().deps, person.id, { by });
    expect(first).toMatchObject({ status: 'deleted', userId: person.id, by, placesReleased: 1, paidPlacesReleased: 0, promoted: 1, subscriptionsEnded: 0 });
    const letters = async () => (await context.db.select({ id: outboxLetters.id }).from(outboxLetters)).length;
    const count = await letters();
    expect(await deleteAccount(app().deps, person.id, { by })).toEqual({ status: 'gone' });
    expect(await deleteAccount(app().deps, 999_999, { by })).toEqual({ status: 'gone' });
    expect(await letters()).toBe(count);
    const [withdrawal] = await context.db.select().from(consents).where(and(eq(consents.userId, person.id), eq(consents.action, 'withdrawn')));
    expect(withdrawal).toMatchObject({ source: 'account-deletion', ip: null, userAgent: null });
  });
});
