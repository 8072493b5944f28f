// The paid-place invariant as a property: random sequences of the real API (buy, pay, cancel, lapse, withdraw, join
// the queue, approve, reject, move up, refund, unpublish and republish a lesson, close and reopen enrollment, change
// the prices, delete a lesson or the course) by several participants and both authors on one course, through the
// area's routes and the old /manager/ ones alike. After every step:
// - every completed payment's lessons are approved for its payer, unless that lesson was refunded;
// - no lesson has more approved and live reserved places than the course's limit;
// - every refund that went through has its letter queued exactly once;
// - no answer is a 5xx.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, ids } from './fixtures.ts';
import { createCourse, createUsers, json, lapse, paymentDeps, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { sweepExpiredPayments } from '../src/services/payments/completion.ts';

const PEOPLE = 4;
const LESSONS = 3;
const LIMIT = 2;

type Who = number;
type Author = 0 | 1;
type Via = 'area' | 'manager';

type Action =
  | { kind: 'buy'; who: Who; lessons: number[] }
  | { kind: 'pay' | 'cancel' | 'lapse' | 'withdraw' | 'join'; who: Who }
  | { kind: 'approve' | 'reject'; author: Author; via: Via; pick: number }
  | { kind: 'approveAll'; author: Author; pick: number }
  | { kind: 'promote'; author: Author; pick: number; position: number }
  | { kind: 'refund'; author: Author; pick: number; lessons: number[] | null }
  | { kind: 'lessonState'; author: Author; pick: number; state: 'draft' | 'published' }
  | { kind: 'courseState'; author: Author; state: 'announced' | 'can_be_subscribed' }
  | { kind: 'prices'; author: Author; paid: boolean }
  | { kind: 'deleteLesson'; author: Author; pick: number }
  | { kind: 'deleteCourse'; author: Author };

const who = fc.integer({ min: 0, max: PEOPLE - 1 });
const author = fc.constantFrom<Author>(0, 1);
const via = fc.constantFrom<Via>('area', 'manager');
const pick = fc.nat({ max: 20 });
const lessonSubset = fc.uniqueArray(fc.integer({ min: 0, max: LESSONS - 1 }), { minLength: 1, maxLength: LESSONS });

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('buy' as const), who, lessons: lessonSubset }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('pay' as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('cancel' as const, 'lapse' as const, 'withdraw' as const, 'join' as const), who }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('approve' as const, 'reject' as const), author, via, pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('approveAll' as const), author, pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('promote' as const), author, pick, position: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), author, pick, lessons: fc.option(lessonSubset, { nil: null }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lessonState' as const), author, pick, state: fc.constantFrom('draft' as const, 'published' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('courseState' as const), author, state: fc.constantFrom('announced' as const, 'can_be_subscribed' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('prices' as const), author, paid: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteLesson' as const), author, pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteCourse' as const), author }) },
);

describe('places under random sequences of the API (pglite)', () => {
  let context: EnrollmentApp;
  let people: TestUser[];
  let authors: TestUser[];
  const app = () => context.app;

  beforeAll(async () => {
    context = await startEnrollmentApp('pglite');
    people = await createUsers(context, PEOPLE, 'invariant');
    authors = await Promise.all(
      [ids.users.anna, ids.users.boris].map(async (id) => {
        const token = await app().deps.tokens.sign(id, 'access');
        return { id, email: '', firstName: '', token, headers: bearer(token) };
      }),
    );
  });

  afterAll(async () => {
    await context?.close();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await context.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** Runs one step on the course; every answer is checked for a 5xx. */
  async function run(step: Action, courseId: number, checkouts: Map<Who, { paymentId: number; key: string }>): Promise<void> {
    const calls: LightMyRequestResponse[] = [];
    const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, body?: unknown) => {
      const response = await json(app(), method, url, user, body);
      calls.push(response);
      return response;
    };
    const participantIds = async () =>
      (await rows<{ id: number }>(sql`SELECT p.id FROM participants p JOIN lessons l ON l.id = p.lesson_id WHERE l.course_id = ${courseId} AND p.state <> 'subscribed' ORDER BY p.id`)).map((row) => row.id);
    const lessonIds = async () => (await rows<{ id: number }>(sql`SELECT id FROM lessons WHERE course_id = ${courseId} ORDER BY number, id`)).map((row) => row.id);
    const chosen = <T>(list: T[], index: number) => (list.length === 0 ? undefined : list[index % list.length]);
    const courseVersion = async (user: TestUser) => (await call('GET', `/api/v1/mutabo/courses/${courseId}/`, user)).json<{ version?: number }>().version ?? 0;

    switch (step.kind) {
      case 'buy': {
        const all = await lessonIds();
        const lessons = step.lessons.map((index) => all[index]).filter((id): id is number => id !== undefined);
        const created = await call('POST', '/api/v1/payments/', people[step.who]!, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons });
        if (created.statusCode === 201) {
          const redirect = new URL(created.json<{ details: { redirectTo: string } }>().details.redirectTo);
          checkouts.set(step.who, { paymentId: Number(redirect.pathname.split('/').at(-1)), key: redirect.searchParams.get('key')! });
        }
        break;
      }
      case 'pay':
      case 'cancel': {
        const checkout = checkouts.get(step.who);
        if (checkout) {
          const decision = step.kind === 'pay' ? 'pay' : 'cancel';
          calls.push(await app().inject({ method: 'POST', url: `/sandbox-checkout/${checkout.paymentId}`, payload: { key: checkout.key, decision } }));
        }
        break;
      }
      case 'lapse': {
        const checkout = checkouts.get(step.who);
        if (checkout) {
          await lapse(context, checkout.paymentId);
          await sweepExpiredPayments(paymentDeps(app()));
        }
        break;
      }
      case 'withdraw':
        await call('DELETE', `/api/v1/participants/${courseId}/`, people[step.who]!);
        break;
      case 'join':
        await call('POST', `/api/v1/courses/${courseId}/create-participants/`, people[step.who]!, {});
        break;
      case 'approve':
      case 'reject': {
        const id = chosen(await participantIds(), step.pick);
        if (id === undefined) break;
        const user = authors[step.author]!;
        if (step.via === 'area') await call('POST', `/api/v1/mutabo/participants/${id}/${step.kind}/`, user, {});
        else if (step.kind === 'approve') await call('PATCH', `/api/v1/manager/participants/${id}/`, user, { state: 'approved' });
        else await call('DELETE', `/api/v1/manager/participants/${id}/`, user);
        break;
      }
      case 'approveAll': {
        const list = await participantIds();
        if (list.length === 0) break;
        const some = list.filter((_, index) => (step.pick >> index) % 2 === 0 || index === 0);
        await call('POST', '/api/v1/mutabo/participants/approve/', authors[step.author]!, { participants: some });
        break;
      }
      case 'promote': {
        const id = chosen(await participantIds(), step.pick);
        if (id !== undefined) await call('POST', `/api/v1/mutabo/participants/${id}/promote/`, authors[step.author]!, { position: step.position });
        break;
      }
      case 'refund': {
        const paid = await rows<{ id: number }>(
          sql`SELECT DISTINCT p.id FROM payments p JOIN payment_lessons pl ON pl.payment_id = p.id JOIN lessons l ON l.id = pl.lesson_id WHERE l.course_id = ${courseId} ORDER BY p.id`,
        );
        const payment = chosen(paid, step.pick);
        if (!payment) break;
        const all = await lessonIds();
        const body = step.lessons === null ? {} : { lessons: step.lessons.map((index) => all[index]).filter((id) => id !== undefined) };
        await call('POST', `/api/v1/mutabo/payments/${payment.id}/refund/`, authors[step.author]!, body);
        break;
      }
      case 'lessonState': {
        const id = chosen(await lessonIds(), step.pick);
        if (id === undefined) break;
        const user = authors[step.author]!;
        const version = (await call('GET', `/api/v1/mutabo/lessons/${id}/`, user)).json<{ version?: number }>().version ?? 0;
        await call('PATCH', `/api/v1/mutabo/lessons/${id}/`, user, { state: step.state, version });
        break;
      }
      case 'courseState': {
        const user = authors[step.author]!;
        await call('PATCH', `/api/v1/mutabo/courses/${courseId}/`, user, { state: step.state, version: await courseVersion(user) });
        break;
      }
      case 'prices': {
        const user = authors[step.author]!;
        await call('PATCH', `/api/v1/mutabo/courses/${courseId}/`, user, { prices: step.paid ? [RUB] : [], version: await courseVersion(user) });
        break;
      }
      case 'deleteLesson': {
        const id = chosen(await lessonIds(), step.pick);
        if (id !== undefined) await call('DELETE', `/api/v1/mutabo/lessons/${id}/`, authors[step.author]!);
        break;
      }
      case 'deleteCourse':
        await call('DELETE', `/api/v1/mutabo/courses/${courseId}/`, authors[step.author]!);
        break;
    }
    for (const response of calls) expect(response.statusCode, `${JSON.stringify(step)}: ${response.body}`).toBeLessThan(500);
  }

  /** The three promises, read straight from the database. */
  async function assertInvariants(courseId: number, step: Action): Promise<void> {
    const unpaid = await rows<{ paymentId: number; lessonId: number }>(sql`
      SELECT p.id AS "paymentId", pl.lesson_id AS "lessonId"
      FROM payments p JOIN payment_lessons pl ON pl.payment_id = p.id JOIN lessons l ON l.id = pl.lesson_id
      WHERE l.course_id = ${courseId} AND p.state = 'STATE_COMPLETED'
        AND NOT EXISTS (SELECT 1 FROM participants x WHERE x.user_id = p.user_id AND x.lesson_id = pl.lesson_id AND x.state = 'approved')
        AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.state = 'succeeded' AND (pl.lesson_id = ANY (r.lesson_ids) OR cardinality(r.lesson_ids) = 0))`);
    expect(unpaid, `after ${JSON.stringify(step)}: paid lessons that are not approved for their payer`).toEqual([]);

    const over = await rows<{ lessonId: number; taken: number }>(sql`
      SELECT l.id AS "lessonId", count(x.id)::int AS taken
      FROM lessons l JOIN courses c ON c.id = l.course_id
      JOIN participants x ON x.lesson_id = l.id AND (x.state = 'approved' OR (x.state = 'reserved' AND (x.expired_at IS NULL OR x.expired_at > now())))
      WHERE l.course_id = ${courseId} GROUP BY l.id, c.participants_limit HAVING count(x.id) > c.participants_limit`);
    expect(over, `after ${JSON.stringify(step)}: lessons over their limit`).toEqual([]);

    const letters = await rows<{ refundId: number; letters: number }>(sql`
      SELECT r.id AS "refundId", (SELECT count(*)::int FROM outbox_letters o WHERE o.dedupe_key = 'refund:' || r.id) AS letters
      FROM refunds r JOIN payments p ON p.id = r.payment_id
      WHERE r.state = 'succeeded' AND r.source = 'area' AND p.id IN (SELECT pl.payment_id FROM payment_lessons pl JOIN lessons l ON l.id = pl.lesson_id WHERE l.course_id = ${courseId})`);
    expect(
      letters.filter((row) => row.letters !== 1),
      `after ${JSON.stringify(step)}: refunds whose letter is missing or doubled`,
    ).toEqual([]);
  }

  it('keeps every paid place, every limit and every refund letter, whatever the order of actions', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 8, maxLength: 24 }), async (steps) => {
        const course = await createCourse(context.db, { title: 'Курс для свойств', authors: [ids.authors.anna, ids.authors.boris], participantsLimit: LIMIT, lessons: LESSONS, prices: [RUB] });
        const checkouts = new Map<Who, { paymentId: number; key: string }>();
        for (const step of steps) {
          const exists = await rows<{ id: number }>(sql`SELECT id FROM courses WHERE id = ${course.id}`);
          if (exists.length === 0) break;
          await run(step, course.id, checkouts);
          await assertInvariants(course.id, step);
        }
      }),
      { numRuns: Number(process.env.INVARIANT_RUNS ?? 25), endOnFailure: true },
    );
  });
});
