// Payment creation (POST /api/v1/payments/): check the lessons, compute the amount with the site's rules, hold
// the places in a locked transaction (holds.ts), then ask the provider for the payment page.
import { z } from 'zod';
import { CURRENCIES, PAYMENT_SYSTEMS } from '../../../../common/enums.ts';
import type { Currency, ParticipationState, PaymentSystem, Price } from '../../../../common/wireTypes.ts';
import { paymentSystemFor } from '../../../../common/coursePrices.ts';
import { formatAmount } from '../../../../common/paymentAmount.ts';
import { promoCodeField } from '../../../../common/discountSchemas.ts';
import { lessonSale, placeFree } from '../../../../common/lessonBlocks.ts';
import type { ReceiptSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { MAX_ID } from '../../http/queryParams.ts';
import { personById } from '../../repositories/places/enrollmentRepository.ts';
import { lessonsOnSale, storeProviderPage, type LessonOnSale } from '../../repositories/payments/paymentsRepository.ts';
import { placeHolders } from '../../repositories/places/participantsRepository.ts';
import { enrollmentErrors, refuseTakenLessons } from '../places/enrollmentErrors.ts';
import type { PublicCache } from '../content/publicCache.ts';
import { sellerComplete } from './sellerReadiness.ts';
import { SharedReads } from '../content/sharedReads.ts';
import { BatchQueue } from './batchQueue.ts';
import { applyOutcome, type OutcomeDeps } from './completion.ts';
import { holdBatch, quoteInTransaction, type Held, type HoldRequest } from './holds.ts';
import { buyerDiscounts } from './discounts.ts';
import type { PaymentQuote } from '../../../../common/discounts.ts';
import { ProviderError } from './provider.ts';
import type { PaymentProviders } from './providers.ts';
import { receiptLines, splitCents } from './receipts.ts';
import { recordSentReceipt } from '../../repositories/payments/receiptsRepository.ts';

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
  // A promo code (common/discounts.ts): refused under `promoCode` when it does not apply; the better of it and the
  // buyer's personal discount is charged.
  promoCode: promoCodeField,
}, { error: 'Ожидается объект JSON с полями system, currency и lessons.' });

/** An integer id, or one written in digits: the site sends numbers, a form might send strings. */
function isLessonId(value: unknown): boolean {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= MAX_ID;
}

export type PaymentPayload = z.output<typeof paymentPayloadSchema>;

const toPrice = (row: NonNullable<LessonOnSale['price']>): Price => ({
  coursePrice: Number(row.coursePrice),
  lessonPrice: Number(row.lessonPrice),
  lessonWholesalePrice: Number(row.lessonWholesalePrice),
  currency: row.currency,
});

/** A requested lesson with its course, the price in the currency, and who holds its counted places. */
interface SaleFact extends LessonOnSale {
  /** The participants who take a place on the lesson (approved or holding it), with their state. */
  counted: Map<number, ParticipationState>;
}

/** The requested lessons in their order, read for everyone asking for the same lessons in the same currency. */
async function readSaleFacts(db: Db, currency: Currency, requested: number[]): Promise<SaleFact[]> {
  const rows = await lessonsOnSale(db, currency, requested);
  const counted = await placeHolders(db, requested);
  const byLesson = new Map(rows.map((row) => [row.id, new Map<number, ParticipationState>()]));
  for (const place of counted) byLesson.get(place.lessonId)?.set(place.userId, place.state);
  return rows.map((row) => ({ ...row, counted: byLesson.get(row.id)! }));
}

/** How long one read of the lessons on sale may answer buyers: a place freed meanwhile is a race lost anyway. */
const SALE_FACTS_MAX_AGE_MS = 500;

/**
 * How long one read of the seller's details answers whether a real provider may take payments: any change of the
 * public content (the seller's table has its trigger) ends it sooner.
 */
const SELLER_CHECK_MAX_AGE_MS = 60_000;

/** The most creations one transaction takes on; the rest wait for the next. */
const MAX_HOLD_BATCH = 100;

interface CheckoutDeps extends OutcomeDeps {
  /**
   * Dropped after every commit that changes places; its generation moves on with every such change, here or
   * (through the database's change notices) in another process, and ends the sharing of a read of the places.
   */
  publicCache: Pick<PublicCache, 'invalidate' | 'generation'>;
  providers: Pick<PaymentProviders, 'accepts' | 'bySystem' | 'forPayment'>;
  config: OutcomeDeps['config'] & { yookassa?: { receipts: ReceiptSettings | null } | null };
}

export interface Checkout {
  /** Creates the payment and answers where the payer goes to pay; throws HttpError with the wire body otherwise. */
  createPayment(userId: number, payload: PaymentPayload): Promise<{ redirectTo: string }>;
  /** What createPayment would charge for the same body now, without creating anything (POST /api/v1/payments/quote/). */
  quotePayment(userId: number, payload: PaymentPayload): Promise<PaymentQuote>;
}

/**
 * Payment creation in this process: what a creation checks before queueing is read once for all who ask alike at
 * once (SharedReads), and the holds of one course go in batches (BatchQueue, holds.ts). Both are what the enrollment
 * budget needs (docs/BENCHMARKS.md, «Enrollment»): without the shared read, 200 buyers for 20 places missed it on
 * the embedded database.
 */
export function createCheckout(deps: CheckoutDeps): Checkout {
  const saleFacts = new SharedReads<string, SaleFact[]>(() => deps.publicCache.generation, SALE_FACTS_MAX_AGE_MS);
  const precheck = (currency: Currency, requested: number[]) =>
    saleFacts.get(`${currency}:${[...requested].sort((a, b) => a - b).join(',')}`, () => readSaleFacts(deps.db, currency, requested));
  const sellerChecks = new SharedReads<'seller', boolean>(() => deps.publicCache.generation, SELLER_CHECK_MAX_AGE_MS);
  const holdQueue = new BatchQueue<HoldRequest, Held>((courseId, batch) => holdBatch(deps, courseId, batch), { maxBatch: MAX_HOLD_BATCH, distinctKey: (request) => request.userId });

  /** The checks before any lock, in the order the site expects its errors; answers what the hold needs. */
  async function checkRequest(userId: number, payload: PaymentPayload): Promise<{ courseId: number; request: HoldRequest }> {
    const requested = [...new Set(payload.lessons ?? [])];
    if (requested.length === 0) throw enrollmentErrors.lessonsRequired();
    const currency: Currency = payload.currency;
    const system: PaymentSystem = payload.system;
    if (system !== paymentSystemFor(currency)) throw enrollmentErrors.wrongSystem();
    if (!deps.providers.accepts(system)) throw enrollmentErrors.paymentUnavailable();
    // A real provider takes money for the seller: not before the buyer can know who that is (the test checkout can).
    if (deps.providers.bySystem[system].kind !== 'sandbox' && !(await sellerChecks.get('seller', () => sellerComplete(deps.db)))) {
      throw enrollmentErrors.sellerIncomplete();
    }

    // One plain read, shared by everyone asking alike at the moment, answers most refusals (in a rush, «no places»
    // for nearly everyone) without taking any lock; the transaction checks everything again under the lock.
    const found = await precheck(currency, requested);
    if (found.length !== requested.length || found.some((lesson) => lesson.lessonState === 'draft')) throw enrollmentErrors.unknownLessons();
    if (new Set(found.map((lesson) => lesson.courseId)).size > 1) throw enrollmentErrors.severalCourses();
    const [first] = found;
    if (first!.courseState === 'draft') throw enrollmentErrors.unknownLessons();
    if (first!.courseState !== 'can_be_subscribed') throw enrollmentErrors.enrollmentClosed();
    if (!first!.price) throw enrollmentErrors.noPriceInCurrency();
    const courseId = first!.courseId;
    const price = toPrice(first!.price);
    const now = Date.now();
    // A place the buyer holds already is theirs to pay for: only others' places can make a lesson full for them.
    refuseTakenLessons(
      first!.format,
      found.map((lesson) => {
        const sale = lessonSale(lesson, lesson.format, now);
        return {
          id: lesson.id,
          approved: lesson.counted.get(userId) === 'approved',
          full: !placeFree(lesson.counted.size - (lesson.counted.has(userId) ? 1 : 0), lesson.limit, sale),
          past: sale === 'none',
        };
      }),
    );

    const discounts = await buyerDiscounts(deps.db, userId, courseId, currency, payload.promoCode);
    return { courseId, request: { userId, system, currency, requested, price, discounts, now } };
  }

  async function quotePayment(userId: number, payload: PaymentPayload): Promise<PaymentQuote> {
    const { courseId, request } = await checkRequest(userId, payload);
    const quote = await deps.db.transaction((tx) => quoteInTransaction(tx, courseId, request));
    return { amount: quote.amount, currency: request.currency, discount: quote.discount };
  }

  async function createPayment(userId: number, payload: PaymentPayload): Promise<{ redirectTo: string }> {
    const { courseId, request } = await checkRequest(userId, payload);
    const { system, currency } = request;
    const held = await holdQueue.submit(courseId, request);
    if (held.kind === 'reused') return { redirectTo: held.redirectTo };
    // A discount that leaves nothing to pay: no provider takes a zero amount, so the payment is completed here.
    if (held.amount === 0) {
      await applyOutcome(deps, held.paymentId, 'succeeded');
      return { redirectTo: `${deps.config.publicUrl}/waiting-for-payment` };
    }

    // The provider is asked outside the transaction: no lock is held while a remote API thinks.
    const provider = deps.providers.bySystem[system];
    try {
      // The receipt goes to the payer's address; its lines are the lessons, adding up to the amount.
      const payer = await personById(deps.db, userId);
      const created = await provider.create({
        paymentId: held.paymentId,
        amount: formatAmount(held.amount),
        currency,
        description: held.description,
        idempotencyKey: `payment-${held.paymentId}-${held.createdAt.getTime()}`,
        receipt: { email: payer?.email ?? '', lines: receiptLines(held.courseTitle, held.lessons, Math.round(held.amount * 100)) },
      });
      await storeProviderPage(deps.db, { paymentId: held.paymentId, providerId: created.providerId, redirectTo: created.redirectTo });
      // The payment stands whatever happens here: a receipt not recorded only means no settlement receipt for it.
      await recordPaymentReceipt(deps, provider.kind, held, currency).catch((error: unknown) => deps.log.error({ err: error, paymentId: held.paymentId }, 'the receipt of a payment could not be recorded'));
      return { redirectTo: created.redirectTo };
    } catch (error) {
      deps.log.error({ err: error, paymentId: held.paymentId, system, provider: provider.kind }, 'the payment could not be created at the provider: its hold is released');
      await applyOutcome(deps, held.paymentId, 'canceled', 'provider_error').catch((releaseError: unknown) =>
        deps.log.error({ err: releaseError, paymentId: held.paymentId }, 'the hold of a payment the provider refused could not be released; it lapses on its own'),
      );
      if (error instanceof ProviderError) throw enrollmentErrors.providerUnavailable();
      throw error;
    }
  }

  return { createPayment, quotePayment };
}

/**
 * Records the receipt that went with a YooKassa payment (table receipts): its lessons and each one's amount in it,
 * which a settlement receipt takes when the lesson is given (settlements.ts). Nothing for the test checkout or PayPal.
 */
async function recordPaymentReceipt(deps: CheckoutDeps, kind: string, held: Extract<Held, { kind: 'held' }>, currency: Currency): Promise<void> {
  const settings = deps.config.yookassa?.receipts;
  if (kind !== 'yookassa' || !settings) return;
  const lessonIds = held.lessons.map((lesson) => lesson.id).filter((id): id is number => id !== undefined);
  if (lessonIds.length !== held.lessons.length) return;
  await recordSentReceipt(deps.db, {
    type: 'payment',
    paymentId: held.paymentId,
    lessonIds,
    lessonCents: splitCents(Math.round(held.amount * 100), lessonIds.length),
    currency,
    paymentMode: settings.paymentMode,
    idempotenceKey: `payment-receipt-${held.paymentId}`,
  });
}
