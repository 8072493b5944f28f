// The request schemas of discounts with their Russian field messages (common/discounts.ts has the rules and the
// wire types): the area's forms and the server validate with them. Apart from discounts.ts so that the site's course
// page, which shows discounts, does not load zod.
import { z } from 'zod';
import { dateRangeMessage, writtenDateInRange } from './dateRange.ts';
import { CURRENCIES } from './enums.ts';
import { isEmail } from './emailAddress.ts';
import { textField } from './textFields.ts';
import { formatMoney, WHOLESALE_THRESHOLD } from './coursePrices.ts';
import { normalizePromoCode, PROMO_CODE_MAX_LENGTH, smallestPayment, type DiscountAmount, type SmallestPayment } from './discounts.ts';
import type { Price } from './wireTypes.ts';

const PROMO_CODE_PATTERN = /^[\p{L}\p{N}]+$/u;

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
  /** `{wait}` is «через 20 минут». */
  lettersTooMany: 'Вы уже отправили много писем о скидках за последний час. Попробуйте снова {wait}.',
  /** `{wait}` is «через 20 минут». */
  addressLettersTooMany: 'На этот адрес уже несколько раз приходили письма о скидках за последние сутки. Попробуйте снова {wait}.',
  codeRequired: 'Введите промокод.',
  codeInvalid: `Промокод — только буквы и цифры, без пробелов, не больше ${PROMO_CODE_MAX_LENGTH} символов.`,
  codeTaken: 'Такой промокод уже есть.',
  courseInvalid: 'Укажите номер курса целым положительным числом или null для всех ваших курсов.',
  courseUnknown: 'Такого курса среди ваших нет.',
  maxUsesInvalid: 'Число использований — целое число от 1 до 1 000 000.',
  /** `{price}` is «1 700 ₽», `{what}` «одно занятие курса «Акварель»» (paymentWords). */
  amountAbovePayment: 'Скидка не может быть больше {price}: столько стоит {what}.',
  noPriceInCurrency: 'У курса нет цены в этой валюте.',
  noCoursePriceInCurrency: 'Ни у одного из ваших курсов нет цены в этой валюте.',
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

/** What the smallest payment of a course buys, as `amountAbovePayment` says it. */
const paymentWords: Record<SmallestPayment['what'], (course: string) => string> = {
  lesson: (course) => `одно занятие курса «${course}»`,
  wholesale: (course) => `${WHOLESALE_THRESHOLD} занятий курса «${course}» по оптовой цене`,
  course: (course) => `курс «${course}» целиком`,
};

/** A course a discount applies to, as the amount check reads it. */
interface PricedCourse {
  title: string;
  prices: Price[];
}

/**
 * The messages of amounts a discount may not give on `courses`, every course it applies to (one for a personal
 * discount, all the author leads for a promo code of every course), by field (`amounts.0.amount`): a currency none of
 * them has a price in, or an amount above the smallest payment one of them can have there (common/discounts.ts), named
 * with that course. Empty when the amounts may be given.
 */
export function amountLimitErrors(amounts: readonly DiscountAmount[] | null | undefined, courses: readonly PricedCourse[], several: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [index, item] of (amounts ?? []).entries()) {
    let least: { payment: SmallestPayment; title: string } | null = null;
    let priced = false;
    for (const course of courses) {
      const price = course.prices.find((candidate) => candidate.currency === item.currency);
      if (!price) continue;
      priced = true;
      const payment = smallestPayment(price);
      if (payment && (least === null || payment.amount < least.payment.amount)) least = { payment, title: course.title };
    }
    if (!priced) errors[`amounts.${index}.currency`] = several ? dm.noCoursePriceInCurrency : dm.noPriceInCurrency;
    else if (least && item.amount > least.payment.amount) {
      errors[`amounts.${index}.amount`] = dm.amountAbovePayment
        .replace('{price}', () => formatMoney(least.payment.amount, item.currency))
        .replace('{what}', () => paymentWords[least.payment.what](least.title));
    }
  }
  return errors;
}

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
      else if (!writtenDateInRange(value)) context.addIssue({ code: 'custom', message: dateRangeMessage });
      else return parsed;
      return '';
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
 * `{"email", "amounts": [{"currency", "amount"}]}`, optional `expiresAt`, `note` (the author's own: never shown to the
 * person) and `message` (to the person, in the letter; not kept). The person may have no account
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
      message: textField({ multiline: true }).trim().max(500, dm.noteTooLong).optional(),
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

