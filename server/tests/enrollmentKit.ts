// Shared pieces of the enrollment and payment tests: an app on a fresh database with a mailer that keeps the
// letters, users with tokens made directly in the database, and courses built to each test's needs.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Currency } from '../../common/wireTypes.ts';
import type { BuildAppOptions } from '../src/app.ts';
import type { EnvConfig } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { authors, courseAuthors, courses, lessons, participants, payments, prices, users } from '../src/db/schema.ts';
import type { Mailer, MailMessage } from '../src/services/letters/mail.ts';
import type { SettleDeps } from '../src/services/payments/completion.ts';
import { UNUSABLE_PASSWORD } from '../src/services/accounts/passwords.ts';
import { bearer, buildTestApp, seedFixture, testConfig } from './fixtures.ts';
import { createTestDatabase, type DbMode, type TestDatabase } from './testDb.ts';

export const PUBLIC_URL = 'https://mutabor.example.org';

export interface RecordingMailer extends Mailer {
  sent: MailMessage[];
  to(email: string): MailMessage[];
}

export function recordingMailer(): RecordingMailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    close() {},
    to: (email) => sent.filter((message) => message.to === email),
  };
}

export interface EnrollmentApp {
  app: FastifyInstance;
  db: Db;
  testDb: TestDatabase;
  mailer: RecordingMailer;
  config: EnvConfig;
  close(): Promise<void>;
}

/** `options`: what the app is built with besides the database, config and mailer (a cheaper password hash). */
export async function startEnrollmentApp(mode: DbMode, env: NodeJS.ProcessEnv = {}, options: Pick<BuildAppOptions, 'accounts'> = {}): Promise<EnrollmentApp> {
  const testDb = await createTestDatabase(mode);
  await seedFixture(testDb.database.db);
  const mailer = recordingMailer();
  const config = testConfig({ PUBLIC_URL, OPERATOR_EMAIL: 'operator@example.org', ...env });
  const app = await buildTestApp({ database: testDb.database, config, mailer, ...options });
  return {
    app,
    db: testDb.database.db,
    testDb,
    mailer,
    config,
    async close() {
      await app.close();
      await testDb.destroy();
    },
  };
}

export interface TestUser {
  id: number;
  email: string;
  firstName: string;
  token: string;
  headers: Record<string, string>;
}

let userCounter = 0;

/** Active users made directly in the database, each with an access token. */
export async function createUsers(context: Pick<EnrollmentApp, 'app' | 'db'>, count: number, prefix = 'buyer'): Promise<TestUser[]> {
  const batch = ++userCounter;
  const rows = await context.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        email: `${prefix}-${batch}-${index + 1}@example.org`,
        passwordHash: UNUSABLE_PASSWORD,
        firstName: `Имя${index + 1}`,
        lastName: 'Покупатель',
        isActive: true,
        passwordChangedAt: new Date(Date.now() - 60_000),
      })),
    )
    .returning({ id: users.id, email: users.email, firstName: users.firstName });
  return Promise.all(
    rows.map(async (row) => {
      const token = await context.app.deps.tokens.sign(row.id, 'access');
      return { ...row, token, headers: bearer(token) };
    }),
  );
}

export async function createUser(context: Pick<EnrollmentApp, 'app' | 'db'>, prefix = 'user'): Promise<TestUser> {
  return (await createUsers(context, 1, prefix))[0]!;
}

export interface CourseSpec {
  title?: string;
  state?: 'draft' | 'announced' | 'can_be_subscribed';
  participantsLimit?: number;
  lessonsBlockSize?: number;
  /** Number of published lessons (or their titles). */
  lessons?: number | string[];
  draftLessons?: number;
  prices?: { currency: Currency; coursePrice: number; lessonPrice: number; lessonWholesalePrice: number }[];
  /** Author ids (fixture: 1 = Анна, 2 = Борис). */
  authors?: number[];
}

export interface TestCourse {
  id: number;
  title: string;
  /** Published lessons in order. */
  lessonIds: number[];
  draftLessonIds: number[];
}

let courseCounter = 0;

export async function createCourse(db: Db, spec: CourseSpec = {}): Promise<TestCourse> {
  const title = spec.title ?? `Тестовый курс ${++courseCounter}`;
  const [course] = await db
    .insert(courses)
    .values({
      title,
      disciplesAge: 'DISCIPLES_AGE_ADULTS',
      state: spec.state ?? 'can_be_subscribed',
      participantsLimit: spec.participantsLimit ?? 3,
      lessonsBlockSize: spec.lessonsBlockSize ?? 1,
      start: '2031-01-10',
    })
    .returning({ id: courses.id });
  const courseId = course!.id;
  const authorIds = spec.authors ?? [1];
  await db.insert(courseAuthors).values(authorIds.map((authorId, position) => ({ courseId, authorId, position })));
  if (spec.prices && spec.prices.length > 0) {
    await db.insert(prices).values(
      spec.prices.map((price) => ({
        courseId,
        currency: price.currency,
        coursePrice: String(price.coursePrice),
        lessonPrice: String(price.lessonPrice),
        lessonWholesalePrice: String(price.lessonWholesalePrice),
      })),
    );
  }
  const titles = Array.isArray(spec.lessons) ? spec.lessons : Array.from({ length: spec.lessons ?? 3 }, (_, index) => `Занятие ${index + 1}`);
  const rows = await db
    .insert(lessons)
    .values([
      ...titles.map((lessonTitle, index) => ({ courseId, number: index + 1, title: lessonTitle, duration: 60, state: 'published' as const })),
      ...Array.from({ length: spec.draftLessons ?? 0 }, (_, index) => ({ courseId, number: titles.length + index + 1, title: `Черновик ${index + 1}`, duration: 60 })),
    ])
    .returning({ id: lessons.id, state: lessons.state });
  return {
    id: courseId,
    title,
    lessonIds: rows.filter((row) => row.state === 'published').map((row) => row.id),
    draftLessonIds: rows.filter((row) => row.state === 'draft').map((row) => row.id),
  };
}

export const RUB = { currency: 'CURRENCY_CHOICE_RUB' as const, coursePrice: 5000, lessonPrice: 1200, lessonWholesalePrice: 1000 };
export const EURO = { currency: 'CURRENCY_CHOICE_EURO' as const, coursePrice: 50, lessonPrice: 14, lessonWholesalePrice: 12.5 };

/** Occupies places with approved participants of fresh users. */
export async function occupy(context: Pick<EnrollmentApp, 'app' | 'db'>, lessonIds: number[], count: number): Promise<TestUser[]> {
  const people = await createUsers(context, count, 'occupant');
  if (count > 0) {
    await context.db
      .insert(participants)
      .values(people.flatMap((person) => lessonIds.map((lessonId) => ({ userId: person.id, lessonId, state: 'approved' as const, participatedAt: new Date() }))));
  }
  return people;
}

/** What the payment services take, from the app (as the routes give it to them). */
export const paymentDeps = (app: FastifyInstance): SettleDeps => ({
  db: app.deps.db,
  config: app.deps.config,
  log: app.log,
  publicCache: app.deps.publicCache,
  providers: app.deps.providers,
});

/**
 * Moves a payment's hold into the past, as if its 30 minutes were over. Written past the app, so the app's caches are
 * told at once, as its own writes tell them: on PostgreSQL the database's notice of this write arrives a moment later.
 */
export async function lapse({ db, app }: Pick<EnrollmentApp, 'db' | 'app'>, paymentId: number): Promise<void> {
  await db.execute(sql`UPDATE ${payments} SET expires_at = now() - interval '1 minute' WHERE id = ${paymentId}`);
  await db.execute(sql`UPDATE ${participants} SET expired_at = now() - interval '1 minute' WHERE payment_id = ${paymentId} AND state = 'reserved'`);
  app.deps.publicCache.invalidate();
}

export function json(app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser | null, body?: unknown): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { accept: 'application/json', 'accept-language': 'ru', ...(user ? user.headers : {}) },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

/** Anna, the fixture's author (user 1) who leads its courses, signed in. */
export async function fixtureAuthor(context: Pick<EnrollmentApp, 'app' | 'db'>): Promise<TestUser> {
  const [row] = await context.db.select().from(users).where(eq(users.id, 1));
  const token = await context.app.deps.tokens.sign(1, 'access');
  return { id: 1, email: row!.email, firstName: row!.firstName, token, headers: { authorization: `Bearer ${token}` } };
}

/** An author account that leads nothing yet is made by linking a new user to a new author. */
export async function createAuthorUser(context: Pick<EnrollmentApp, 'app' | 'db'>): Promise<TestUser & { authorId: number }> {
  const user = await createUser(context, 'author');
  await context.db.execute(sql`UPDATE ${users} SET is_author = true WHERE id = ${user.id}`);
  const [author] = await context.db.insert(authors).values({ userId: user.id, firstName: 'Вера', lastName: 'Новая', genitive: 'Веры Новой' }).returning({ id: authors.id });
  return { ...user, authorId: author!.id };
}

/** Buys these lessons in the test checkout and pays: the payment's id, or the answer's status when it was refused. */
export async function payInSandbox(app: FastifyInstance, buyer: TestUser, lessonIds: number[], currency: 'CURRENCY_CHOICE_RUB' | 'CURRENCY_CHOICE_EURO' = 'CURRENCY_CHOICE_RUB'): Promise<{ paymentId: number } | { status: number }> {
  const created = await json(app, 'POST', '/api/v1/payments/', buyer, { system: currency === 'CURRENCY_CHOICE_RUB' ? 'yookassa' : 'paypal', currency, lessons: lessonIds });
  if (created.statusCode !== 201) return { status: created.statusCode };
  const redirect = new URL(created.json<{ details: { redirectTo: string } }>().details.redirectTo);
  const paymentId = Number(redirect.pathname.split('/').at(-1));
  await app.inject({ method: 'POST', url: `/sandbox-checkout/${paymentId}`, payload: { key: redirect.searchParams.get('key')!, decision: 'pay' } });
  return { paymentId };
}
