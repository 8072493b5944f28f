// What the statistics' tests (issue 37) share: courses of their own in a given zone and format, led by given authors,
// with lessons; people; payments and refunds written directly as the payments' code leaves them.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { courseAuthors, courses, lessons, paymentLessons, payments, refunds } from '../src/db/schema.ts';
import type { Currency } from '../../common/wireTypes.ts';

export async function makeCourse(
  db: Db,
  options: { title: string; timeZone?: string; format?: 'live' | 'recorded'; authors: number[]; lessons?: number; startsAt?: (index: number) => Date | null },
): Promise<{ id: number; lessons: number[] }> {
  const [course] = await db
    .insert(courses)
    .values({ title: options.title, disciplesAge: 'DISCIPLES_AGE_ADULTS', state: 'can_be_subscribed', timeZone: options.timeZone ?? 'Europe/Moscow', format: options.format ?? 'live' })
    .returning({ id: courses.id });
  await db.insert(courseAuthors).values(options.authors.map((authorId, position) => ({ courseId: course!.id, authorId, position })));
  const rows = await db
    .insert(lessons)
    .values(
      Array.from({ length: options.lessons ?? 3 }, (_, index) => ({
        courseId: course!.id,
        number: index + 1,
        title: `Занятие ${index + 1}`,
        duration: 60,
        state: 'published' as const,
        startsAt: options.startsAt?.(index) ?? null,
      })),
    )
    .returning({ id: lessons.id });
  return { id: course!.id, lessons: rows.map((row) => row.id) };
}

/** `count` people, their ids. */
export async function makePeople(db: Db, count: number, tag: string): Promise<number[]> {
  const result = await db.execute(sql`
    INSERT INTO users (email, password_hash, is_active) SELECT ${tag} || '-' || i || '@stats.invalid', '!none', true FROM generate_series(1, ${count}) i RETURNING id`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

export interface PaymentSpec {
  userId: number;
  lessonIds: number[];
  currency?: Currency;
  amount: string;
  createdAt: Date;
  paidAt?: Date | null;
  fullAmount?: string;
  discount?: { kind: 'personal' | 'promoCode'; code?: string; percent?: number };
  promoCodeId?: number;
  discountId?: number;
}

/** Payments as the checkout leaves them: paid (STATE_COMPLETED with paid_at) or not; in chunks, one statement each. */
export async function insertPayments(db: Db, specs: PaymentSpec[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < specs.length; start += 500) {
    const chunk = specs.slice(start, start + 500);
    const rows = await db
      .insert(payments)
      .values(
        chunk.map((spec) => ({
          userId: spec.userId,
          system: 'yookassa' as const,
          currency: spec.currency ?? 'CURRENCY_CHOICE_RUB',
          amount: spec.amount,
          state: spec.paidAt ? ('STATE_COMPLETED' as const) : ('STATE_FAILURE' as const),
          createdAt: spec.createdAt,
          expiresAt: new Date(spec.createdAt.getTime() + 3_600_000),
          paidAt: spec.paidAt ?? null,
          fullAmount: spec.fullAmount ?? null,
          discount: spec.discount ?? null,
          promoCodeId: spec.promoCodeId ?? null,
          discountId: spec.discountId ?? null,
        })),
      )
      .returning({ id: payments.id });
    await db.insert(paymentLessons).values(rows.flatMap((row, index) => chunk[index]!.lessonIds.map((lessonId) => ({ paymentId: row.id, lessonId }))));
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

export interface RefundSpec {
  paymentId: number;
  amount: string;
  currency?: Currency;
  state: 'pending' | 'succeeded' | 'failed';
  completedAt: Date | null;
}

let refundKeys = 0;
export async function insertRefunds(db: Db, specs: RefundSpec[]): Promise<void> {
  for (let start = 0; start < specs.length; start += 500) {
    await db.insert(refunds).values(
      specs.slice(start, start + 500).map((spec) => ({
        paymentId: spec.paymentId,
        amount: spec.amount,
        currency: spec.currency ?? 'CURRENCY_CHOICE_RUB',
        state: spec.state,
        system: 'yookassa' as const,
        idempotenceKey: `stats-refund-${(refundKeys += 1)}`,
        completedAt: spec.completedAt,
      })),
    );
  }
}

/** A seeded pseudo-random generator (mulberry32): the same history on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Exact sums of two-decimal amounts, in cents. */
export const cents = (amount: string) => BigInt(amount.replace('.', ''));
export const fromCents = (value: bigint) => {
  const negative = value < 0n;
  const text = (negative ? -value : value).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
};
