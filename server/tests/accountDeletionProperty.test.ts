// Deleting an account leaves nothing of the person's names or address in the database, as a property: random people
// (random names and addresses) sign up through the API, then do random things (news subscriptions, places on free and
// paid lessons, payments paid or left in progress, failed logins, reset letters, an export, a calendar feed, a profile
// note, an author's news letter and approvals); one of them deletes their account. Then every column of every table
// (read from information_schema, whatever its type, as text) is searched for the deleted person's first name, last
// name and e-mail. The one place the law keeps one of them: payments.receipt_email, the payer's address that a
// payment's fiscal receipt already carried to YooKassa (54-ФЗ), on payments with such a receipt only.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '../../common/wireTypes.ts';
import { lessons, receipts, users } from '../src/db/schema.ts';
import { findAccountByEmail } from '../src/repositories/accounts/usersRepository.ts';
import { bearer, buildTestApp, ids, seedFixture, testConfig } from './fixtures.ts';
import { createCourse, json, PUBLIC_URL, recordingMailer, RUB, type EnrollmentApp, type TestCourse, type TestUser } from './enrollmentKit.ts';
import { createTestDatabase } from './testDb.ts';

const PASSWORD = 'Долгая-дорога-домой-31';

interface PersonSpec {
  first: string;
  last: string;
  local: string;
  subscribe: boolean[];
  joinFree: boolean;
  buy: number[];
  pay: boolean;
  receipt: boolean;
  failedLogins: number;
  reset: boolean;
  exportData: boolean;
  feed: boolean;
  note: boolean;
}

const cyrillicName = fc.stringMatching(/^[А-ЯЁ][а-яё]{5,9}$/);
const latin = fc.stringMatching(/^[a-z]{3,8}$/);

const personSpec: fc.Arbitrary<PersonSpec> = fc.record({
  first: cyrillicName,
  last: cyrillicName,
  local: latin,
  subscribe: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
  joinFree: fc.boolean(),
  buy: fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { maxLength: 3 }),
  pay: fc.boolean(),
  receipt: fc.boolean(),
  failedLogins: fc.integer({ min: 0, max: 2 }),
  reset: fc.boolean(),
  exportData: fc.boolean(),
  feed: fc.boolean(),
  note: fc.boolean(),
});

const scenario = fc.record({
  people: fc.array(personSpec, { minLength: 2, maxLength: 3 }),
  mailing: fc.boolean(),
  approve: fc.boolean(),
  victim: fc.nat(),
});

interface Hit {
  table: string;
  column: string;
  needle: string;
  row: Record<string, unknown>;
}

describe('nothing of a deleted account is left in the database (pglite)', () => {
  let context: EnrollmentApp;
  let anna: TestUser;
  let paid: TestCourse;
  let free: TestCourse;
  let run = 0;
  const app = () => context.app;

  beforeAll(async () => {
    const testDb = await createTestDatabase('pglite');
    await seedFixture(testDb.database.db);
    const mailer = recordingMailer();
    const config = testConfig({ PUBLIC_URL, OPERATOR_EMAIL: 'operator@example.org' });
    const built = await buildTestApp({ database: testDb.database, config, mailer, accounts: { passwordCost: 2 ** 10 } });
    context = { app: built, db: testDb.database.db, testDb, mailer, config, close: async () => (await built.close(), await testDb.destroy()) };
    const token = await app().deps.tokens.sign(ids.users.anna, 'access');
    anna = { id: ids.users.anna, email: '', firstName: '', token, headers: bearer(token) };
    paid = await createCourse(context.db, { title: 'Платный курс для удаления', lessons: 3, prices: [RUB], participantsLimit: 50 });
    free = await createCourse(context.db, { title: 'Бесплатный курс для удаления', lessons: 2, participantsLimit: 1 });
  });

  /**
   * Dates the first lesson of each course: tomorrow while the people sign up and buy (a lesson that has begun is not
   * sold), yesterday before the deletion, so that a held lesson's rows are among what stays after it.
   */
  const firstLessonsAt = async (startsAt: Date) => {
    for (const course of [paid, free]) await context.db.update(lessons).set({ startsAt }).where(eq(lessons.id, course.lessonIds[0]!));
  };

  afterAll(async () => {
    await context?.close();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await context.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** Every table of the database outside the system's own, with its columns. */
  const tables = async () => {
    const columns = await rows<{ table_schema: string; table_name: string; column_name: string }>(sql`
      SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY c.table_schema, c.table_name, c.ordinal_position`);
    const byTable = new Map<string, string[]>();
    for (const column of columns) {
      const name = `"${column.table_schema}"."${column.table_name}"`;
      byTable.set(name, [...(byTable.get(name) ?? []), column.column_name]);
    }
    return byTable;
  };

  /** Every cell, as text, that holds one of the needles (without regard to case). */
  const search = async (needles: string[]): Promise<Hit[]> => {
    const hits: Hit[] = [];
    for (const [table, columns] of await tables()) {
      const conditions = columns.flatMap((column) => needles.map((needle) => sql`position(${needle.toLowerCase()} in lower(${sql.raw(`"${column}"`)}::text)) > 0`));
      const found = await rows<Record<string, unknown>>(sql`SELECT ${sql.raw(columns.map((column) => `"${column}"::text AS "${column}"`).join(', '))} FROM ${sql.raw(table)} WHERE ${sql.join(conditions, sql` OR `)}`);
      for (const row of found) {
        for (const column of columns) {
          const value = String(row[column] ?? '').toLowerCase();
          for (const needle of needles) if (value.includes(needle.toLowerCase())) hits.push({ table, column, needle, row });
        }
      }
    }
    return hits;
  };

  const as = (pair: TokenPair, id: number, email: string): TestUser => ({ id, email, firstName: '', token: pair.access, headers: bearer(pair.access) });

  /** Signs up and confirms through the API, from an address of its own (the per-address limits stay out of the way). */
  const signUp = async (spec: PersonSpec, email: string, address: string): Promise<TestUser> => {
    const signup = await app().inject({
      method: 'POST',
      url: '/api/v1/users/',
      remoteAddress: address,
      payload: { email, firstName: spec.first, lastName: spec.last, password1: PASSWORD, password2: PASSWORD, agreement: true, yearOfBirth: new Date().getFullYear() - 16 },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const account = await findAccountByEmail(app().deps.db, email);
    const confirm = await app().inject({ method: 'POST', url: '/api/v1/users/registration-confirm/', payload: app().deps.accounts.links.make('confirm-signup', account!) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const login = await app().inject({ method: 'POST', url: '/api/v1/token/', remoteAddress: address, payload: { username: email, password: PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    return as(login.json<TokenPair>(), account!.id, email);
  };

  const act = async (spec: PersonSpec, person: TestUser, address: string) => {
    const courses = [paid.id, free.id];
    for (const [index, wanted] of spec.subscribe.entries()) {
      if (wanted) expect((await json(app(), 'POST', `/api/v1/courses/${courses[index]}/subscribe-for-mailouts/`, person)).statusCode).toBe(204);
    }
    if (spec.joinFree) expect((await json(app(), 'POST', '/api/v1/participants/', person, { course: free.id })).statusCode).toBe(201);
    if (spec.buy.length > 0) {
      const created = await json(app(), 'POST', '/api/v1/payments/', person, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: spec.buy.map((index) => paid.lessonIds[index]!) });
      expect(created.statusCode, created.body).toBe(201);
      const redirect = new URL(created.json<{ details: { redirectTo: string } }>().details.redirectTo);
      const paymentId = Number(redirect.pathname.split('/').at(-1));
      if (spec.receipt) {
        await context.db.insert(receipts).values({ type: 'payment', paymentId, lessonIds: [], lessonCents: [], amount: '0', currency: 'CURRENCY_CHOICE_RUB', paymentMode: 'full_prepayment', state: 'sent', idempotenceKey: `property-${paymentId}` });
      }
      if (spec.pay) await app().inject({ method: 'POST', url: `/sandbox-checkout/${paymentId}`, payload: { key: redirect.searchParams.get('key')!, decision: 'pay' } });
    }
    for (let attempt = 0; attempt < spec.failedLogins; attempt += 1) {
      const refused = await app().inject({ method: 'POST', url: '/api/v1/token/', remoteAddress: address, payload: { username: person.email, password: 'не-тот-пароль' } });
      expect(refused.statusCode).toBe(401);
    }
    if (spec.reset) expect((await app().inject({ method: 'POST', url: '/api/v1/users/reset-password/', remoteAddress: address, payload: { email: person.email } })).statusCode).toBe(200);
    if (spec.exportData) expect((await json(app(), 'GET', '/api/v1/users/me/export/', person)).statusCode).toBe(200);
    if (spec.feed) expect((await json(app(), 'GET', '/api/v1/calendar/feed/', person)).statusCode).toBe(200);
    if (spec.note) {
      const me = await json(app(), 'GET', '/api/v1/users/me/', person);
      const disciple = me.json<{ disciple: number }>().disciple;
      const patched = await json(app(), 'PATCH', `/api/v1/disciples/${disciple}/`, person, { profile: { otherInfo: `Меня зовут ${spec.first} ${spec.last}, пишите на ${person.email}` } });
      expect(patched.statusCode, patched.body).toBe(200);
    }
  };

  it('finds none of the deleted person’s names or address anywhere but the receipt address the law keeps', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ people: specs, mailing, approve, victim: pick }) => {
        run += 1;
        await firstLessonsAt(new Date(Date.now() + 24 * 3600_000));
        const people: { spec: PersonSpec; user: TestUser; first: string; last: string }[] = [];
        for (const [index, spec] of specs.entries()) {
          // Marked per run and person on both sides, so that no one's name or address is a part of another's.
          const first = `${spec.first}Ж${run}ж${index}Ж`;
          const last = `${spec.last}Щ${run}щ${index}Щ`;
          const email = `r${run}p${index}-${spec.local}@example.org`;
          const address = `10.${run % 250}.${index}.7`;
          const user = await signUp({ ...spec, first, last }, email, address);
          await act({ ...spec, first, last }, user, address);
          people.push({ spec, user, first, last });
        }
        if (mailing) {
          const sent = await json(app(), 'POST', `/api/v1/mutabo/courses/${paid.id}/mailings/`, anna, { subject: `Новости ${run}`, text: 'Новое занятие скоро.', to: 'subscribers' });
          expect([202, 409]).toContain(sent.statusCode);
        }
        if (approve) {
          const table = await json(app(), 'GET', `/api/v1/mutabo/courses/${free.id}/participants/`, anna);
          const held = table.json<{ participants: { id: number; state: string }[] }>().participants.filter((row) => row.state === 'reserved');
          if (held.length > 0) expect((await json(app(), 'POST', '/api/v1/mutabo/participants/approve/', anna, { participants: held.map((row) => row.id) })).statusCode).toBe(200);
        }
        await firstLessonsAt(new Date(Date.now() - 24 * 3600_000));
        // Some letters are sent meanwhile, some still wait: both must go.
        if (run % 2 === 0) await app().deps.accounts.lettersSent();

        const victim = people[pick % people.length]!;
        const deleted = await app().inject({ method: 'DELETE', url: '/api/v1/users/me/', headers: victim.user.headers, payload: { password: PASSWORD } });
        expect(deleted.statusCode, deleted.body).toBe(204);

        const needles = [victim.first, victim.last, victim.user.email];
        const hits = await search(needles);
        const kept = hits.filter((hit) => hit.table === '"public"."payments"' && hit.column === 'receipt_email');
        const elsewhere = hits.filter((hit) => !kept.includes(hit));
        expect(elsewhere.map(({ table, column, needle }) => `${table}.${column}: ${needle}`)).toEqual([]);
        for (const hit of kept) {
          expect(hit.needle).toBe(victim.user.email);
          const [receipt] = await context.db.select().from(receipts).where(sql`${receipts.paymentId} = ${Number(hit.row.id)} AND ${receipts.type} = 'payment' AND ${receipts.state} = 'sent'`);
          expect(receipt).toBeDefined();
        }
        // The search does find what is there: the people still here are found in their own rows.
        for (const other of people.filter((person) => person !== victim)) {
          const found = await search([other.last, other.user.email]);
          expect(found.some((hit) => hit.table === '"public"."users"' && hit.needle === other.last)).toBe(true);
          expect(found.some((hit) => hit.table === '"public"."users"' && hit.needle === other.user.email)).toBe(true);
        }
        const [row] = await context.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, victim.user.id));
        expect(row!.deletedAt).not.toBeNull();
      }),
      { numRuns: Number(process.env.DELETION_RUNS ?? 10), endOnFailure: true },
    );
  });
});
