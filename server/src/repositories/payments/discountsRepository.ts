// The SQL of discounts (services/payments/discounts.ts, migration 0021): personal discounts by address, promo codes and their
// uses, and what discounts cost per course.
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DiscountAmount, DiscountPriceCourse, DiscountTerms } from '../../../../common/discounts.ts';
import type { Currency, Price } from '../../../../common/wireTypes.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { authors, courseAuthors, courses, discounts, lessons, payments, prices, promoCodes, users } from '../../db/schema.ts';
import { ledCourseIds } from '../ledCourses.ts';

export type DiscountRow = typeof discounts.$inferSelect;
type PromoCodeRow = typeof promoCodes.$inferSelect;

/** A row's terms in the wire's shape: the percent, or the amounts. */
export const termsOfRow = (row: { percent: number | null; amounts: DiscountAmount[] | null }): DiscountTerms =>
  row.percent !== null ? { percent: row.percent } : { amounts: (row.amounts ?? []).map((item) => ({ currency: item.currency, amount: Number(item.amount) })) };

const live = (at: Date) => sql`(${discounts.expiresAt} IS NULL OR ${discounts.expiresAt} > ${at.toISOString()}::timestamptz)`;

/** The person's personal discount on the course that applies at `at` (matched by the account's address), or null. */
export async function discountOfUser(db: Executor, userId: number, courseId: number, at: Date): Promise<DiscountRow | null> {
  const [row] = await db
    .select({ discount: discounts })
    .from(discounts)
    .innerJoin(users, eq(users.email, discounts.email))
    .where(and(eq(users.id, userId), eq(discounts.courseId, courseId), isNull(discounts.revokedAt), sql`${users.email} <> ''`, live(at)))
    .limit(1);
  return row?.discount ?? null;
}

interface NewDiscount {
  courseId: number;
  email: string;
  percent: number | null;
  amounts: DiscountAmount[] | null;
  expiresAt: Date | null;
  note: string;
  createdBy: number;
}

/** The first key of the advisory locks that serialise grants to one address on one course (uploads use 8 001). */
const DISCOUNT_GRANT_LOCK_SPACE = 8_002;

/** Records a discount; the active one of the same person on the course is revoked first (in the caller's transaction). */
export async function grantDiscount(tx: Tx, discount: NewDiscount): Promise<DiscountRow> {
  // Two grants to the same address and course at once would both find nothing to replace, and the second insert would
  // break the one-active-discount index: they take turns under a lock of that pair until the transaction ends.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${DISCOUNT_GRANT_LOCK_SPACE}, hashtext(${`${discount.courseId}:${discount.email}`}))`);
  await tx
    .update(discounts)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(discounts.courseId, discount.courseId), eq(discounts.email, discount.email), isNull(discounts.revokedAt)));
  const [row] = await tx.insert(discounts).values(discount).returning();
  return row!;
}

/** The course's discounts not revoked, newest first, with the account of each address and the completed payments it was applied to. */
export function courseDiscounts(db: Executor, courseId: number, discountId?: number) {
  return listDiscounts(db, and(eq(discounts.courseId, courseId), discountId === undefined ? undefined : eq(discounts.id, discountId)));
}

/** The discounts not revoked of one address on the courses an author leads, newest first (a person's card in the area). */
export function discountsOfAddress(db: Executor, email: string, authorId: number) {
  return listDiscounts(db, and(eq(discounts.email, email), sql`${discounts.courseId} IN ${ledCourseIds(authorId)}`));
}

function listDiscounts(db: Executor, where: SQL | undefined) {
  return db
    .select({
      discount: discounts,
      courseTitle: courses.title,
      person: sql<{ id: number; firstName: string; lastName: string } | null>`(
        SELECT json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) FROM users u WHERE u.email = ${discounts.email} AND u.email <> '' LIMIT 1)`,
      used: sql<number>`(SELECT count(*) FROM payments p WHERE p.discount_id = ${discounts.id} AND p.state = 'STATE_COMPLETED')`.mapWith(Number),
    })
    .from(discounts)
    .innerJoin(courses, eq(courses.id, discounts.courseId))
    .where(and(where, isNull(discounts.revokedAt)))
    .orderBy(desc(discounts.createdAt), desc(discounts.id));
}

export async function discountById(db: Executor, id: number): Promise<DiscountRow | null> {
  const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
  return row ?? null;
}

/** Revokes a discount; false when it was revoked already. */
export async function revokeDiscount(db: Executor, id: number): Promise<boolean> {
  const rows = await db.update(discounts).set({ revokedAt: sql`now()` }).where(and(eq(discounts.id, id), isNull(discounts.revokedAt))).returning({ id: discounts.id });
  return rows.length > 0;
}

/** A deleted account's discounts go with its address (services/accounts/deletion.ts): the address is personal data. */
export async function deleteDiscountsOf(tx: Tx, email: string): Promise<void> {
  if (email !== '') await tx.delete(discounts).where(eq(discounts.email, email));
}

// ---- Promo codes

type NewPromoCode = Omit<typeof promoCodes.$inferInsert, 'id' | 'uses' | 'createdAt' | 'revokedAt'>;

/** Records a code; null when an active code with the same text exists. */
export async function insertPromoCode(db: Executor, code: NewPromoCode): Promise<PromoCodeRow | null> {
  const [row] = await db
    .insert(promoCodes)
    .values(code)
    .onConflictDoNothing({ target: promoCodes.code, where: sql`${promoCodes.revokedAt} IS NULL` })
    .returning();
  return row ?? null;
}

/**
 * The codes an author sees: those they made and those that discount a course they lead (for that course, or for every
 * course of an author who leads it with them); newest first, each with the name of the author who made it.
 */
export async function promoCodesOf(db: Executor, authorId: number, codeId?: number) {
  const coLed = sql`EXISTS (SELECT 1 FROM ${courseAuthors} ca WHERE ca.author_id = ${promoCodes.authorId} AND ca.course_id IN ${ledCourseIds(authorId)})`;
  return db
    .select({ code: promoCodes, courseTitle: courses.title, madeBy: sql<string>`concat_ws(' ', ${authors.firstName}, ${authors.lastName})` })
    .from(promoCodes)
    .leftJoin(courses, eq(courses.id, promoCodes.courseId))
    .leftJoin(authors, eq(authors.id, promoCodes.authorId))
    .where(
      and(
        sql`(${promoCodes.authorId} = ${authorId} OR ${promoCodes.courseId} IN ${ledCourseIds(authorId)} OR (${promoCodes.courseId} IS NULL AND ${coLed}))`,
        codeId === undefined ? undefined : eq(promoCodes.id, codeId),
      ),
    )
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
}

/** Revokes a code; false when it was revoked already. */
export async function revokePromoCode(db: Executor, id: number): Promise<boolean> {
  const rows = await db.update(promoCodes).set({ revokedAt: sql`now()` }).where(and(eq(promoCodes.id, id), isNull(promoCodes.revokedAt))).returning({ id: promoCodes.id });
  return rows.length > 0;
}

/** The working (not revoked) code with this text, and whether it covers the course; null when there is none. */
export async function promoCodeForCourse(db: Executor, code: string, courseId: number): Promise<{ row: PromoCodeRow; coversCourse: boolean } | null> {
  const [found] = await db
    .select({
      row: promoCodes,
      coversCourse: sql<boolean>`(${promoCodes.courseId} = ${courseId} OR (${promoCodes.courseId} IS NULL AND ${courseId} IN ${sql`(SELECT ca.course_id FROM course_authors ca WHERE ca.author_id = ${promoCodes.authorId})`}))`,
    })
    .from(promoCodes)
    .where(and(eq(promoCodes.code, code), isNull(promoCodes.revokedAt)));
  return found ? { row: found.row, coversCourse: Boolean(found.coversCourse) } : null;
}

/**
 * Takes one use of the code, in the transaction that holds the places: one conditional UPDATE, so that however many
 * buyers (in however many processes) send the code at once, the row's lock lets exactly the uses left through. False
 * when it is used up, revoked or out of its dates at `at`.
 */
export async function takePromoUse(tx: Tx, id: number, at: Date): Promise<boolean> {
  const moment = sql`${at.toISOString()}::timestamptz`;
  const rows = await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(
      and(
        eq(promoCodes.id, id),
        isNull(promoCodes.revokedAt),
        sql`(${promoCodes.validFrom} IS NULL OR ${promoCodes.validFrom} <= ${moment})`,
        sql`(${promoCodes.validUntil} IS NULL OR ${promoCodes.validUntil} > ${moment})`,
        sql`(${promoCodes.maxUses} IS NULL OR ${promoCodes.uses} < ${promoCodes.maxUses})`,
      ),
    )
    .returning({ id: promoCodes.id });
  return rows.length > 0;
}

/**
 * Takes the use of a payment paid after it had ended (and given its use back) again, when the code has a use left: the
 * same conditional UPDATE as takePromoUse, so that the uses never exceed max_uses, but without the dates and the
 * revocation, which the payer met when the payment was made. False when it is used up.
 */
export async function retakePromoUse(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(and(eq(promoCodes.id, id), sql`(${promoCodes.maxUses} IS NULL OR ${promoCodes.uses} < ${promoCodes.maxUses})`))
    .returning({ id: promoCodes.id });
  return rows.length > 0;
}

/** Gives a use back (a payment that took it was cancelled, expired or superseded). */
export async function movePromoUse(tx: Tx, id: number, change: 1 | -1): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ uses: sql`greatest(0, ${promoCodes.uses} + ${change})` })
    .where(eq(promoCodes.id, id));
}

// ---- The courses a discount applies to

/**
 * The courses an author leads (or the one of them given), by title, with their prices, published lessons and blocks:
 * what the amount of a discount is checked against and what the area previews it with.
 */
export async function discountCourses(db: Executor, authorId: number, courseId?: number): Promise<DiscountPriceCourse[]> {
  // Named in full: with one table in FROM, Drizzle writes its columns unqualified, which the subqueries would take as their own.
  const ownId = sql.raw('courses.id');
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      lessonsBlockSize: courses.lessonsBlockSize,
      lessonsCount: sql<number>`(SELECT count(*) FROM ${lessons} l WHERE l.course_id = ${ownId} AND l.state = 'published')`.mapWith(Number),
      prices: sql<{ currency: Currency; coursePrice: string; lessonPrice: string; lessonWholesalePrice: string }[]>`coalesce((
        SELECT json_agg(json_build_object('currency', p.currency, 'coursePrice', p.course_price, 'lessonPrice', p.lesson_price, 'lessonWholesalePrice', p.lesson_wholesale_price) ORDER BY p.id)
        FROM ${prices} p WHERE p.course_id = ${ownId}), '[]'::json)`,
    })
    .from(courses)
    .where(and(sql`${courses.id} IN ${ledCourseIds(authorId)}`, courseId === undefined ? undefined : eq(courses.id, courseId)))
    .orderBy(courses.title, courses.id);
  return rows.map((row) => ({
    ...row,
    prices: row.prices.map(
      (price): Price => ({ currency: price.currency, coursePrice: Number(price.coursePrice), lessonPrice: Number(price.lessonPrice), lessonWholesalePrice: Number(price.lessonWholesalePrice) }),
    ),
  }));
}

// ---- What discounts cost

/** Per course and currency: the completed payments charged with a discount, and full price minus paid. */
export async function discountCosts(db: Executor, filter: { authorId: number; courseId?: number }): Promise<{ courseId: number; courseTitle: string; currency: Currency; payments: number; cost: number }[]> {
  const result = await db.execute(sql`
    SELECT c.id AS course_id, c.title AS course_title, p.currency, count(*)::int AS payments, sum(p.full_amount - p.amount) AS cost
    FROM ${payments} p
    JOIN LATERAL (SELECT l.course_id FROM payment_lessons pl JOIN lessons l ON l.id = pl.lesson_id WHERE pl.payment_id = p.id LIMIT 1) pc ON true
    JOIN ${courses} c ON c.id = pc.course_id
    WHERE p.state = 'STATE_COMPLETED' AND p.full_amount IS NOT NULL
      AND c.id IN ${ledCourseIds(filter.authorId)}
      ${filter.courseId === undefined ? sql`` : sql`AND c.id = ${filter.courseId}`}
    GROUP BY c.id, c.title, p.currency
    ORDER BY c.title, c.id, p.currency`);
  const rows = (result as unknown as { rows: { course_id: number; course_title: string; currency: Currency; payments: number; cost: string }[] }).rows;
  return rows.map((row) => ({ courseId: Number(row.course_id), courseTitle: row.course_title, currency: row.currency, payments: Number(row.payments), cost: Number(row.cost) }));
}
