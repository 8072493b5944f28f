// Payment creation (POST /api/v1/payments/): check the lessons, compute the amount with the site's rules, hold
// the places in one locked transaction, then ask the provider for the payment page.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Currency, ParticipationState, PaymentSystem, Price } from '../../../../src/api/wireTypes.ts';
import { paymentSystemFor } from '../../../../src/lib/coursePrices.ts';
import type { LessonForSale } from '../../../../src/lib/lessonBlocks.ts';
import { courses, lessons, participants, paymentLessons, payments, prices } from '../../db/schema.ts';
import { MAX_ID } from '../../http/queryParams.ts';
import { enrollmentErrors } from '../enrollmentErrors.ts';
import { sendPromotionLetters } from '../enrollmentLetters.ts';
import { countedPlaceAs, failPayment, HOLD_MINUTES, lockCourse, type Promotion, type Tx } from '../places.ts';
import { applyOutcome } from './completion.ts';
import type { PaymentsContext } from './context.ts';
import { formatAmount, paymentAmount } from '../../../../src/lib/paymentAmount.ts';
import { ProviderError } from './provider.ts';

/** The most lessons one payment may name. */
const MAX_LESSONS = 500;

const lessonIdsMessage = 'Номера занятий должны быть целыми положительными числами.';

export const paymentPayloadSchema = z.object({
  system: z.enum(['yookassa', 'paypal'], { error: 'Выберите платёжную систему: yookassa или paypal.' }),
  currency: z.enum(['CURRENCY_CHOICE_RUB', 'CURRENCY_CHOICE_EURO', 'CURRENCY_CHOICE_USD'], { error: 'Выберите валюту оплаты.' }),
  // Missing, null and [] are all «no lessons chosen» (lessons_are_required), answered by createPayment.
  lessons: z
    .array(z.unknown(), { error: lessonIdsMessage })
    .max(MAX_LESSONS, { error: `За один раз можно оплатить не больше ${MAX_LESSONS} занятий.` })
    // Checked as a whole, so that the message belongs to the field «lessons», not to one of its items.
    .refine((items) => items.every(isLessonId), { error: lessonIdsMessage })
    .transform((items) => items.map(Number))
    .nullish(),
});

/** An integer id, or one written in digits: the site sends numbers, a form might send strings. */
function isLessonId(value: unknown): boolean {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= MAX_ID;
}

export type PaymentPayload = z.output<typeof paymentPayloadSchema>;

type Held =
  | { kind: 'reused'; redirectTo: string; promotions: Promotion[] }
  | { kind: 'held'; paymentId: number; createdAt: Date; amount: number; description: string; promotions: Promotion[] };

const toPrice = (row: typeof prices.$inferSelect): Price => ({
  coursePrice: Number(row.coursePrice),
  lessonPrice: Number(row.lessonPrice),
  lessonWholesalePrice: Number(row.lessonWholesalePrice),
  currency: row.currency,
});

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * One read under the lock: per published lesson of the course, the places taken by others and the caller's own
 * state, and whether any payment in progress on the course needs a look (the caller's own, or a lapsed hold).
 */
function placesFor(tx: Tx, courseId: number, userId: number) {
  return tx
    .select({
      id: lessons.id,
      taken: sql<number>`(SELECT count(*) FROM participants p WHERE p.lesson_id = "lessons"."id" AND p.user_id <> ${userId} AND ${countedPlaceAs('p')})`.mapWith(Number),
      ownState: sql<ParticipationState | null>`(SELECT p.state FROM participants p WHERE p.lesson_id = "lessons"."id" AND p.user_id = ${userId})`,
      paymentsToReview: sql<boolean>`EXISTS (SELECT 1 FROM payments pr WHERE pr.state = 'STATE_IN_PROGRESS' AND (pr.user_id = ${userId} OR pr.expires_at <= now()) AND pr.id IN (SELECT pl.payment_id FROM payment_lessons pl JOIN lessons lr ON lr.id = pl.lesson_id WHERE lr.course_id = ${courseId}))`,
    })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), ne(lessons.state, 'draft')));
}

/** The payment, its lessons and the held places in one statement: the lock is held for as few round trips as possible. */
async function holdPlaces(
  tx: Tx,
  hold: { userId: number; system: PaymentSystem; currency: Currency; amount: string; lessonIds: number[] },
): Promise<{ id: number; createdAt: Date }> {
  const lessonIds = sql`ARRAY[${sql.join(
    hold.lessonIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;
  const result = await tx.execute(sql`
    WITH created AS (
      INSERT INTO ${payments} (user_id, system, currency, amount, expires_at)
      VALUES (${hold.userId}, ${hold.system}, ${hold.currency}, ${hold.amount}, now() + interval '${sql.raw(String(HOLD_MINUTES))} minutes')
      RETURNING id, created_at, expires_at
    ), linked AS (
      INSERT INTO ${paymentLessons} (payment_id, lesson_id) SELECT created.id, lesson_id FROM created, unnest(${lessonIds}) AS lesson_id
    ), held AS (
      INSERT INTO ${participants} (user_id, lesson_id, state, expired_at, payment_id)
      SELECT ${hold.userId}, lesson_id, 'reserved', created.expires_at, created.id FROM created, unnest(${lessonIds}) AS lesson_id
      ON CONFLICT (user_id, lesson_id) DO UPDATE SET state = 'reserved', expired_at = excluded.expired_at, payment_id = excluded.payment_id
    )
    SELECT id, created_at FROM created`);
  const [row] = (result as unknown as { rows: { id: number; created_at: Date | string }[] }).rows;
  return { id: Number(row!.id), createdAt: new Date(row!.created_at) };
}

/** The locked part of payment creation: check again under the course's lock, then hold the places. */
async function holdInTransaction(
  tx: Tx,
  { courseId, userId, system, currency, requested, price }: { courseId: number; userId: number; system: PaymentSystem; currency: Currency; requested: number[]; price: Price },
): Promise<Held> {
  // The lock: every lesson row of the course. Only statements after it see the holds committed while it waited.
  const locked = await lockCourse(tx, courseId);
  if (!locked || locked.state !== 'can_be_subscribed') throw enrollmentErrors.enrollmentClosed();
  const limit = locked.participantsLimit;
  const promotions: Promotion[] = [];

  let places = await placesFor(tx, courseId, userId);
  if (places.some((row) => row.paymentsToReview)) {
    // Payments in progress on this course: anyone's lapsed hold is released here and now; the caller's own live
    // payment for the same lessons is handed back, and one for other lessons gives way to this one.
    const active = await tx
      .select({ id: payments.id, userId: payments.userId, currency: payments.currency, redirectUrl: payments.redirectUrl, expired: sql<boolean>`${payments.expiresAt} <= now()` })
      .from(payments)
      .where(
        and(
          eq(payments.state, 'STATE_IN_PROGRESS'),
          inArray(payments.id, tx.select({ id: paymentLessons.paymentId }).from(paymentLessons).where(inArray(paymentLessons.lessonId, locked.allLessonIds))),
          sql`(${payments.userId} = ${userId} OR ${payments.expiresAt} <= now())`,
        ),
      )
      .orderBy(asc(payments.id))
      .for('update');
    for (const payment of active) {
      if (payment.expired) {
        promotions.push(...(await failPayment(tx, payment.id, 'expired', limit)));
        continue;
      }
      const theirLessons = await tx.select({ lessonId: paymentLessons.lessonId }).from(paymentLessons).where(eq(paymentLessons.paymentId, payment.id));
      if (payment.currency === currency && sameIds(requested, theirLessons.map((row) => row.lessonId))) {
        if (payment.redirectUrl) return { kind: 'reused', redirectTo: payment.redirectUrl, promotions };
        throw enrollmentErrors.paymentBeingCreated();
      }
      promotions.push(...(await failPayment(tx, payment.id, 'superseded', limit)));
    }
    if (active.length > 0) places = await placesFor(tx, courseId, userId);
  }

  const published = locked.lessons;
  if (requested.some((id) => !published.some((lesson) => lesson.id === id))) throw enrollmentErrors.unknownLessons();
  const byId = new Map(places.map((row) => [row.id, row]));
  const forSale: LessonForSale[] = published.map((lesson) => ({
    id: lesson.id,
    hasFreePlaces: (byId.get(lesson.id)?.taken ?? 0) < limit,
    participationState: byId.get(lesson.id)?.ownState ?? null,
  }));
  const inOrder = (predicate: (lesson: LessonForSale) => boolean) => forSale.filter((lesson) => requested.includes(lesson.id) && predicate(lesson)).map((lesson) => lesson.id);
  const approved = inOrder((lesson) => lesson.participationState === 'approved');
  if (approved.length > 0) throw enrollmentErrors.alreadyParticipated(approved);
  const full = inOrder((lesson) => !lesson.hasFreePlaces);
  if (full.length > 0) throw enrollmentErrors.fullyOccupied(full);

  const decision = paymentAmount(price, forSale, requested, locked.lessonsBlockSize);
  if (!decision.ok) throw decision.problem === 'blocks' ? enrollmentErrors.wholeBlocks(locked.lessonsBlockSize) : enrollmentErrors.wholeCourseOnly();
  if (decision.amount <= 0) throw enrollmentErrors.zeroAmount();

  const payment = await holdPlaces(tx, { userId, system, currency, amount: formatAmount(decision.amount), lessonIds: requested });
  const numbers = published.filter((lesson) => requested.includes(lesson.id)).map((lesson) => lesson.number);
  const description = decision.kind === 'whole' ? `Курс «${locked.title}» целиком` : `Курс «${locked.title}», занятия № ${numbers.join(', ')}`;
  return { kind: 'held', paymentId: payment.id, createdAt: payment.createdAt, amount: decision.amount, description, promotions };
}

/** The requested lessons with their course, price in the currency, places taken by others and the caller's purchase. */
function precheck(ctx: PaymentsContext, userId: number, currency: Currency, requested: number[]) {
  return ctx.db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      lessonState: lessons.state,
      courseState: courses.state,
      limit: courses.participantsLimit,
      taken: sql<number>`(SELECT count(*) FROM participants p WHERE p.lesson_id = "lessons"."id" AND p.user_id <> ${userId} AND ${countedPlaceAs('p')})`.mapWith(Number),
      approved: sql<boolean>`EXISTS (SELECT 1 FROM participants p WHERE p.lesson_id = "lessons"."id" AND p.user_id = ${userId} AND p.state = 'approved')`,
      price: prices,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .leftJoin(prices, and(eq(prices.courseId, lessons.courseId), eq(prices.currency, currency)))
    .where(inArray(lessons.id, requested))
    .orderBy(asc(lessons.number));
}

/** already_participated, then lessons_are_fully_occupied, naming the lessons in their order. */
function refuseTakenLessons(found: { id: number; approved: boolean; taken: number; limit: number }[]): void {
  const approved = found.filter((lesson) => lesson.approved).map((lesson) => lesson.id);
  if (approved.length > 0) throw enrollmentErrors.alreadyParticipated(approved);
  const full = found.filter((lesson) => lesson.taken >= lesson.limit).map((lesson) => lesson.id);
  if (full.length > 0) throw enrollmentErrors.fullyOccupied(full);
}

/** Creates the payment and answers where the payer goes to pay; throws HttpError with the wire body otherwise. */
export async function createPayment(ctx: PaymentsContext, userId: number, payload: PaymentPayload): Promise<{ redirectTo: string }> {
  const requested = [...new Set(payload.lessons ?? [])];
  if (requested.length === 0) throw enrollmentErrors.lessonsRequired();
  const currency: Currency = payload.currency;
  const system: PaymentSystem = payload.system;
  if (system !== paymentSystemFor(currency)) throw enrollmentErrors.wrongSystem();

  // One plain read answers most refusals (in a rush, «no places» for nearly everyone) without taking any lock;
  // the transaction below checks everything again under the lock before holding a place.
  const found = await precheck(ctx, userId, currency, requested);
  if (found.length !== requested.length || found.some((lesson) => lesson.lessonState === 'draft')) throw enrollmentErrors.unknownLessons();
  if (new Set(found.map((lesson) => lesson.courseId)).size > 1) throw enrollmentErrors.severalCourses();
  const [first] = found;
  if (first!.courseState === 'draft') throw enrollmentErrors.unknownLessons();
  if (first!.courseState !== 'can_be_subscribed') throw enrollmentErrors.enrollmentClosed();
  if (!first!.price) throw enrollmentErrors.noPriceInCurrency();
  const courseId = first!.courseId;
  const price = toPrice(first!.price);
  refuseTakenLessons(found);

  const held = await ctx.courseQueue.run(courseId, async () => {
    // The creations queued before this one in this process have committed by now: the same read, fresh, spares a
    // transaction to everyone who lost the race meanwhile.
    refuseTakenLessons(await precheck(ctx, userId, currency, requested));
    return ctx.db.transaction((tx) => holdInTransaction(tx, { courseId, userId, system, currency, requested, price }));
  });

  ctx.publicCache.invalidate();
  if (held.promotions.length > 0) {
    await sendPromotionLetters({ db: ctx.db, mailer: ctx.mailer, config: ctx.config, log: ctx.log }, held.promotions).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'promotion letters failed'),
    );
  }
  if (held.kind === 'reused') return { redirectTo: held.redirectTo };

  // The provider is asked outside the transaction: no lock is held while a remote API thinks.
  const provider = ctx.providers.bySystem[system];
  try {
    const created = await provider.create({
      paymentId: held.paymentId,
      amount: formatAmount(held.amount),
      currency,
      description: held.description,
      idempotencyKey: `payment-${held.paymentId}-${held.createdAt.getTime()}`,
    });
    await ctx.db.update(payments).set({ providerId: created.providerId, redirectUrl: created.redirectTo }).where(eq(payments.id, held.paymentId));
    return { redirectTo: created.redirectTo };
  } catch (error) {
    ctx.log.error({ err: error, paymentId: held.paymentId, system, provider: provider.kind }, 'the payment could not be created at the provider: its hold is released');
    await applyOutcome(ctx, held.paymentId, 'canceled', 'provider_error').catch((releaseError: unknown) =>
      ctx.log.error({ err: releaseError, paymentId: held.paymentId }, 'the hold of a payment the provider refused could not be released; it lapses on its own'),
    );
    if (error instanceof ProviderError) throw enrollmentErrors.providerUnavailable();
    throw error;
  }
}
