// Payment creation (POST /api/v1/payments/): check the lessons, compute the amount with the site's rules, hold
// the places in a locked transaction (holds.ts), then ask the provider for the payment page.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CURRENCIES, PAYMENT_SYSTEMS } from '../../../../common/enums.ts';
import type { Currency, ParticipationState, PaymentSystem, Price } from '../../../../common/wireTypes.ts';
import { paymentSystemFor } from '../../../../common/coursePrices.ts';
import { formatAmount } from '../../../../common/paymentAmount.ts';
import { courses, lessons, participants, payments, prices } from '../../db/schema.ts';
import { MAX_ID } from '../../http/queryParams.ts';
import { enrollmentErrors, refuseTakenLessons } from '../enrollmentErrors.ts';
import { countedPlace } from '../places.ts';
import { applyOutcome } from './completion.ts';
import type { PaymentsContext } from './context.ts';
import { ProviderError } from './provider.ts';

/** The most lessons one payment may name. */
const MAX_LESSONS = 500;

const lessonIdsMessage = 'Номера занятий должны быть целыми положительными числами.';

export const paymentPayloadSchema = z.object({
  system: z.enum(PAYMENT_SYSTEMS, { error: 'Выберите платёжную систему: yookassa или paypal.' }),
  currency: z.enum(CURRENCIES, { error: 'Выберите валюту оплаты.' }),
  // Missing, null and [] are all «no lessons chosen» (lessons_are_required), answered by createPayment.
  lessons: z
    .array(z.unknown(), { error: lessonIdsMessage })
    .max(MAX_LESSONS, { error: `За один раз можно оплатить не больше ${MAX_LESSONS} занятий.` })
    // Checked as a whole, so that the message belongs to the field «lessons», not to one of its items.
    .refine((items) => items.every(isLessonId), { error: lessonIdsMessage })
    .transform((items) => items.map(Number))
    .nullish(),
}, { error: 'Ожидается объект JSON с полями system, currency и lessons.' });

/** An integer id, or one written in digits: the site sends numbers, a form might send strings. */
function isLessonId(value: unknown): boolean {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= MAX_ID;
}

export type PaymentPayload = z.output<typeof paymentPayloadSchema>;

const toPrice = (row: typeof prices.$inferSelect): Price => ({
  coursePrice: Number(row.coursePrice),
  lessonPrice: Number(row.lessonPrice),
  lessonWholesalePrice: Number(row.lessonWholesalePrice),
  currency: row.currency,
});

/** A requested lesson with its course, the price in the currency, and who holds its counted places. */
export interface SaleFact {
  id: number;
  courseId: number;
  lessonState: (typeof lessons.$inferSelect)['state'];
  courseState: (typeof courses.$inferSelect)['state'];
  limit: number;
  price: typeof prices.$inferSelect | null;
  /** The participants who take a place on the lesson (approved or holding it), with their state. */
  counted: Map<number, ParticipationState>;
}

/** The requested lessons in their order, read for everyone asking for the same lessons in the same currency. */
async function readSaleFacts(ctx: PaymentsContext, currency: Currency, requested: number[]): Promise<SaleFact[]> {
  const rows = await ctx.db
    .select({ id: lessons.id, courseId: lessons.courseId, lessonState: lessons.state, courseState: courses.state, limit: courses.participantsLimit, price: prices })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .leftJoin(prices, and(eq(prices.courseId, lessons.courseId), eq(prices.currency, currency)))
    .where(inArray(lessons.id, requested))
    .orderBy(asc(lessons.number));
  const counted = await ctx.db
    .select({ lessonId: participants.lessonId, userId: participants.userId, state: participants.state })
    .from(participants)
    .where(and(inArray(participants.lessonId, requested), countedPlace));
  const byLesson = new Map(rows.map((row) => [row.id, new Map<number, ParticipationState>()]));
  for (const place of counted) byLesson.get(place.lessonId)?.set(place.userId, place.state);
  return rows.map((row) => ({ ...row, counted: byLesson.get(row.id)! }));
}

function precheck(ctx: PaymentsContext, currency: Currency, requested: number[]): Promise<SaleFact[]> {
  const key = `${currency}:${[...requested].sort((a, b) => a - b).join(',')}`;
  return ctx.saleFacts.get(key, () => readSaleFacts(ctx, currency, requested));
}

/** Where a payment is paid at its provider, recorded on our payment row. */
export interface ProviderPage {
  paymentId: number;
  providerId: string;
  redirectTo: string;
}

/**
 * Records the provider pages of the payments created at the same moment in one statement (a batch of holds ends
 * with as many of them); should that fail, each is recorded on its own, so that one bad row fails only its payment.
 */
export async function storeProviderPages(ctx: Pick<PaymentsContext, 'db'>, pages: ProviderPage[]): Promise<PromiseSettledResult<void>[]> {
  const storeOne = (page: ProviderPage) =>
    ctx.db.update(payments).set({ providerId: page.providerId, redirectUrl: page.redirectTo }).where(eq(payments.id, page.paymentId));
  if (pages.length > 1) {
    const rows = sql.join(
      pages.map((page) => sql`(${page.paymentId}::integer, ${page.providerId}::text, ${page.redirectTo}::text)`),
      sql`, `,
    );
    try {
      await ctx.db.execute(
        sql`UPDATE ${payments} SET provider_id = page.provider_id, redirect_url = page.redirect_url FROM (VALUES ${rows}) AS page(id, provider_id, redirect_url) WHERE ${payments.id} = page.id`,
      );
      return pages.map(() => ({ status: 'fulfilled', value: undefined }));
    } catch {
      // Found out below, row by row.
    }
  }
  return Promise.allSettled(pages.map(async (page) => void (await storeOne(page))));
}

/** Creates the payment and answers where the payer goes to pay; throws HttpError with the wire body otherwise. */
export async function createPayment(ctx: PaymentsContext, userId: number, payload: PaymentPayload): Promise<{ redirectTo: string }> {
  const requested = [...new Set(payload.lessons ?? [])];
  if (requested.length === 0) throw enrollmentErrors.lessonsRequired();
  const currency: Currency = payload.currency;
  const system: PaymentSystem = payload.system;
  if (system !== paymentSystemFor(currency)) throw enrollmentErrors.wrongSystem();
  if (!ctx.providers.accepts(system)) throw enrollmentErrors.paymentUnavailable();

  // One plain read, shared by everyone asking alike at the moment, answers most refusals (in a rush, «no places»
  // for nearly everyone) without taking any lock; the transaction checks everything again under the lock.
  const found = await precheck(ctx, currency, requested);
  if (found.length !== requested.length || found.some((lesson) => lesson.lessonState === 'draft')) throw enrollmentErrors.unknownLessons();
  if (new Set(found.map((lesson) => lesson.courseId)).size > 1) throw enrollmentErrors.severalCourses();
  const [first] = found;
  if (first!.courseState === 'draft') throw enrollmentErrors.unknownLessons();
  if (first!.courseState !== 'can_be_subscribed') throw enrollmentErrors.enrollmentClosed();
  if (!first!.price) throw enrollmentErrors.noPriceInCurrency();
  const courseId = first!.courseId;
  const price = toPrice(first!.price);
  // A place the buyer holds already is theirs to pay for: only others' places can make a lesson full for them.
  refuseTakenLessons(
    found.map((lesson) => ({
      id: lesson.id,
      approved: lesson.counted.get(userId) === 'approved',
      full: lesson.counted.size - (lesson.counted.has(userId) ? 1 : 0) >= lesson.limit,
    })),
  );

  const held = await ctx.holdQueue.submit(courseId, { userId, system, currency, requested, price });
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
    await ctx.providerPages.submit(0, { paymentId: held.paymentId, providerId: created.providerId, redirectTo: created.redirectTo });
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
