// Discounts (personal discounts and promo codes): the rules that turn a course's prices into a buyer's, the wire
// types of the course details, the payment quote and the area, and the area's request schemas with their Russian
// field messages. The server decides every amount with these rules; the site shows what they give.
//
// A discount is a percent (1–100) or an amount per currency. It applies to each of a course's prices (the whole-course
// price, the lesson price and the wholesale lesson price), so every total follows the usual rules (coursePrices.ts):
// a percent is taken off each price and the result rounded down to the kopeck, in the buyer's favour; an amount is
// taken off each price in its currency and the result is never below zero. A currency without an amount is not
// discounted. A personal discount and a promo code do not add up: the one that makes the payment cheaper applies.
import { z } from 'zod';
import { CURRENCIES } from './enums.ts';
import { isEmail } from './emailAddress.ts';
import { textField } from './textFields.ts';
import type { CourseRef, Currency, Price } from './wireTypes.ts';

export interface DiscountAmount {
  currency: Currency;
  amount: number;
}

/** What a discount takes off: `percent`, or `amounts` per currency (never both). */
export interface DiscountTerms {
  percent?: number;
  amounts?: DiscountAmount[];
}

/**
 * `discount` of `GET /api/v1/courses/{id}/` for a caller with a personal discount on the course: the course's
 * `prices` then carry the discounted figures, and `fullPrices` the prices without it.
 */
export interface CourseDiscount extends DiscountTerms {
  /** Until when it applies (ISO); null: no end. */
  expiresAt: string | null;
  fullPrices: Price[];
}

/** The discount a payment (or a quote) got: the person's own, or a promo code's (`code`, upper-case). */
export interface AppliedDiscount extends DiscountTerms {
  kind: 'personal' | 'promoCode';
  code?: string;
  /** What the same lessons cost without it. */
  fullAmount: number;
}

/**
 * `POST /api/v1/payments/quote/`: a payment's body plus an optional `promoCode`; answers what `POST /api/v1/payments/`
 * with the same body would charge, without creating anything. A refused code is a 400 under `promoCode`.
 */
export interface PaymentQuote {
  amount: number;
  currency: Currency;
  discount: AppliedDiscount | null;
}

// ---- The rules

const toCents = (amount: number) => Math.round(amount * 100);

/** The amount `terms` take off in `currency`, or null when they do not apply to it. */
export function amountOff(terms: DiscountTerms, currency: Currency): number | null {
  if (terms.percent !== undefined) return null;
  return terms.amounts?.find((item) => item.currency === currency)?.amount ?? null;
}

/** Whether the terms change prices in `currency`. */
export function appliesTo(terms: DiscountTerms, currency: Currency): boolean {
  return terms.percent !== undefined || amountOff(terms, currency) !== null;
}

/** One price figure with the terms: a percent rounded down to the kopeck, an amount never below zero; 0 stays 0. */
function discountedFigure(figure: number, terms: DiscountTerms, currency: Currency): number {
  const cents = toCents(figure);
  if (cents <= 0) return 0;
  if (terms.percent !== undefined) return Math.floor((cents * (100 - terms.percent)) / 100) / 100;
  const off = amountOff(terms, currency);
  if (off === null) return cents / 100;
  return Math.max(0, cents - toCents(off)) / 100;
}

/** The price with the discount taken off each of its figures. */
export function discountedPrice(price: Price, terms: DiscountTerms): Price {
  return {
    ...price,
    coursePrice: discountedFigure(price.coursePrice, terms, price.currency),
    lessonPrice: discountedFigure(price.lessonPrice, terms, price.currency),
    lessonWholesalePrice: discountedFigure(price.lessonWholesalePrice, terms, price.currency),
  };
}

/** The terms as the wire carries them: only the field that is set (an amount discount only for its currencies). */
export function termsOf(terms: DiscountTerms): DiscountTerms {
  return terms.percent !== undefined ? { percent: terms.percent } : { amounts: terms.amounts ?? [] };
}

/** «20 %», «500 ₽», «500 ₽ или 6 €»: what a discount takes off, in words. */
export function discountText(terms: DiscountTerms): string {
  if (terms.percent !== undefined) return `${terms.percent} %`;
  const symbols: Record<Currency, string> = { CURRENCY_CHOICE_RUB: '₽', CURRENCY_CHOICE_EURO: '€', CURRENCY_CHOICE_USD: '$' };
  const number = (amount: number) => new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(amount);
  return (terms.amounts ?? []).map((item) => `${number(item.amount)} ${symbols[item.currency]}`).join(' или ');
}

// ---- Codes

/** The most characters of a promo code. */
export const PROMO_CODE_MAX_LENGTH = 32;

/** A code as it is stored and compared: trimmed, upper-case (codes are case-insensitive). */
export const normalizePromoCode = (code: string) => code.trim().toLocaleUpperCase('ru-RU');

const PROMO_CODE_PATTERN = /^[\p{L}\p{N}]+$/u;

// ---- The area's requests

export const discountMessages = {
  invalidBody: 'Ожидается объект JSON с полями скидки.',
  emailInvalid: 'Введите правильный адрес электронной почты.',
  percentInvalid: 'Скидка в процентах — целое число от 1 до 100.',
  amountInvalid: 'Сумма скидки должна быть больше нуля, не больше двух знаков после запятой.',
  amountsInvalid: 'Укажите сумму скидки хотя бы в одной валюте, каждую валюту один раз.',
  currencyInvalid: 'Выберите валюту.',
  termsRequired: 'Укажите скидку: процент или сумму.',
  termsBoth: 'Укажите что-то одно: процент или сумму.',
  dateInvalid: 'Укажите дату в виде ГГГГ-ММ-ДД или дату и время ISO 8601.',
  expiryInPast: 'Дата окончания уже прошла.',
  untilBeforeFrom: 'Конец действия должен быть позже начала.',
  noteTooLong: 'Не больше 500 символов.',
  codeRequired: 'Введите промокод.',
  codeInvalid: `Промокод — только буквы и цифры, без пробелов, не больше ${PROMO_CODE_MAX_LENGTH} символов.`,
  codeTaken: 'Такой промокод уже есть.',
  courseInvalid: 'Укажите номер курса целым положительным числом или null для всех ваших курсов.',
  courseUnknown: 'Такого курса среди ваших нет.',
  maxUsesInvalid: 'Число использований — целое число от 1 до 1 000 000.',
  /** `{price}` is «1 700 ₽». */
  amountAbovePrice: 'Скидка больше цены: самая низкая цена курса в этой валюте — {price}.',
  noPriceInCurrency: 'У курса нет цены в этой валюте.',
  discountNotFound: 'Скидка не найдена.',
  promoCodeNotFound: 'Промокод не найден.',
  // A code refused at the checkout (under `promoCode`).
  promoUnknown: 'Такого промокода нет.',
  promoNotYet: 'Этот промокод ещё не действует.',
  promoExpired: 'Срок действия промокода истёк.',
  promoUsedUp: 'Промокод уже использован максимальное число раз.',
  promoOtherCourse: 'Этот промокод не действует для этого курса.',
  promoOtherCurrency: 'Этот промокод не даёт скидки в этой валюте.',
} as const;

const dm = discountMessages;

/**
 * A date «ГГГГ-ММ-ДД» (to the end of that day, Moscow time, as the area's date fields send it) or an ISO 8601 moment
 * with its offset; answers the ISO moment.
 */
export function parseDiscountDate(value: string, endOfDay: boolean): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) {
    const time = endOfDay ? 'T23:59:59.999+03:00' : 'T00:00:00.000+03:00';
    const parsed = Date.parse(`${value}${time}`);
    if (Number.isNaN(parsed) || new Date(parsed + 3 * 3_600_000).toISOString().slice(0, 10) !== value) return null;
    return new Date(parsed).toISOString();
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}

const dateField = (endOfDay: boolean) =>
  textField({ notText: dm.dateInvalid })
    .trim()
    .transform((value, context) => {
      const parsed = parseDiscountDate(value, endOfDay);
      if (parsed === null) context.addIssue({ code: 'custom', message: dm.dateInvalid });
      return parsed ?? '';
    })
    .nullish();

const amountValue = z
  .number({ error: dm.amountInvalid })
  .refine((value) => Number.isFinite(value) && value > 0 && value <= 10_000_000 && Math.abs(Math.round(value * 100) - value * 100) < 1e-6, dm.amountInvalid);

const termsFields = {
  percent: z.number({ error: dm.percentInvalid }).int(dm.percentInvalid).min(1, dm.percentInvalid).max(100, dm.percentInvalid).nullish(),
  amounts: z
    .array(z.object({ currency: z.enum(CURRENCIES, { error: dm.currencyInvalid }), amount: amountValue }, { error: dm.amountsInvalid }), { error: dm.amountsInvalid })
    .min(1, dm.amountsInvalid)
    .max(CURRENCIES.length, dm.amountsInvalid)
    .refine((items) => new Set(items.map((item) => item.currency)).size === items.length, dm.amountsInvalid)
    .nullish(),
};

/** Exactly one of percent and amounts; the message goes under `percent`. */
function checkTerms(value: { percent?: number | null; amounts?: DiscountAmount[] | null }, context: z.RefinementCtx) {
  const hasPercent = value.percent !== undefined && value.percent !== null;
  const hasAmounts = value.amounts !== undefined && value.amounts !== null;
  if (!hasPercent && !hasAmounts) context.addIssue({ code: 'custom', path: ['percent'], message: dm.termsRequired });
  if (hasPercent && hasAmounts) context.addIssue({ code: 'custom', path: ['percent'], message: dm.termsBoth });
}

const inPast = (iso: string | null | undefined) => Boolean(iso) && Date.parse(iso!) <= Date.now();

/**
 * `POST /api/v1/mutabo/courses/{id}/discounts/` (201 with a MutaboDiscount): `{"email", "percent"}` or
 * `{"email", "amounts": [{"currency", "amount"}]}`, optional `expiresAt` and `note`. The person may have no account
 * yet: the discount applies once they sign up with that address. A new discount for the same person and course
 * replaces the old one. An amount above the course's lowest price in its currency is refused.
 */
export const personalDiscountSchema = z
  .object(
    {
      email: textField({ required: dm.emailInvalid, notText: dm.emailInvalid })
        .trim()
        .toLowerCase()
        .refine((value) => isEmail(value), dm.emailInvalid),
      ...termsFields,
      expiresAt: dateField(true),
      note: textField({ multiline: true }).trim().max(500, dm.noteTooLong).optional(),
    },
    { error: dm.invalidBody },
  )
  .superRefine((value, context) => {
    checkTerms(value, context);
    if (inPast(value.expiresAt)) context.addIssue({ code: 'custom', path: ['expiresAt'], message: dm.expiryInPast });
  });
export type PersonalDiscountPayload = z.input<typeof personalDiscountSchema>;

/**
 * `POST /api/v1/mutabo/promo-codes/` (201 with a MutaboPromoCode): `{"code", "course" (an id of a course the caller
 * leads, or null for every course they lead), "percent" or "amounts", "validFrom", "validUntil", "maxUses"}`; the
 * dates and maxUses may be null (no limit). Codes are letters and digits, compared without case.
 */
export const promoCodeSchema = z
  .object(
    {
      code: textField({ required: dm.codeRequired, notText: dm.codeInvalid })
        .trim()
        .min(1, { error: dm.codeRequired, abort: true })
        .refine((value) => PROMO_CODE_PATTERN.test(value) && Array.from(value).length <= PROMO_CODE_MAX_LENGTH, dm.codeInvalid)
        .transform(normalizePromoCode),
      course: z.number({ error: dm.courseInvalid }).int(dm.courseInvalid).min(1, dm.courseInvalid).max(2_147_483_647, dm.courseInvalid).nullable(),
      ...termsFields,
      validFrom: dateField(false),
      validUntil: dateField(true),
      maxUses: z.number({ error: dm.maxUsesInvalid }).int(dm.maxUsesInvalid).min(1, dm.maxUsesInvalid).max(1_000_000, dm.maxUsesInvalid).nullish(),
    },
    { error: dm.invalidBody },
  )
  .superRefine((value, context) => {
    checkTerms(value, context);
    if (inPast(value.validUntil)) context.addIssue({ code: 'custom', path: ['validUntil'], message: dm.expiryInPast });
    else if (value.validFrom && value.validUntil && Date.parse(value.validUntil) <= Date.parse(value.validFrom)) {
      context.addIssue({ code: 'custom', path: ['validUntil'], message: dm.untilBeforeFrom });
    }
  });
export type PromoCodePayload = z.input<typeof promoCodeSchema>;

/** The `promoCode` of a payment or a quote: empty or missing is none. */
export const promoCodeField = textField({ notText: dm.promoUnknown })
  .trim()
  .max(200, dm.promoUnknown)
  .transform((value) => (value === '' ? undefined : normalizePromoCode(value)))
  .nullish();

// ---- The area's answers

/** A personal discount as the area lists it (`GET /api/v1/mutabo/courses/{id}/discounts/`, active ones, newest first). */
export interface MutaboDiscount extends DiscountTerms {
  id: number;
  course: CourseRef;
  email: string;
  /** The account with that address, when there is one. */
  person: { id: number; firstName: string; lastName: string } | null;
  expiresAt: string | null;
  /** Past its expiry: kept in the list until revoked, no longer applied. */
  expired: boolean;
  note: string;
  createdAt: string;
  /** Completed payments it was applied to. */
  used: number;
}

/** A promo code as the area lists it (`GET /api/v1/mutabo/promo-codes/`, newest first, revoked ones too). */
export interface MutaboPromoCode extends DiscountTerms {
  id: number;
  code: string;
  /** Null: every course of the author who made it. */
  course: CourseRef | null;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  /** Uses taken by payments completed or in progress (a cancelled or expired payment gives its use back). */
  uses: number;
  createdAt: string;
  /** When it was revoked (`DELETE /api/v1/mutabo/promo-codes/{id}/`); null while it works. */
  revokedAt: string | null;
}

/** What discounts cost one course in one currency: completed payments with a discount, full price minus paid. */
export interface DiscountCost {
  courseId: number;
  courseTitle: string;
  currency: Currency;
  payments: number;
  cost: number;
}
