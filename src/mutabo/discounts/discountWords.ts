// How the area writes discounts and promo codes: a discount's end, a code's period, uses and state, what a payment's
// discount was, and what discounts cost. The dates the author enters are days in Moscow time (common/discountSchemas.ts
// parseDiscountDate), so they are shown as those days.
import { formatMoney } from '../../../common/coursePrices.ts';
import { discountText, type AppliedDiscount, type DiscountCost, type MutaboPromoCode } from '../../../common/discounts.ts';
import { pluralForm, pluralize, type PluralForms } from '../../../common/plural.ts';
import type { Currency } from '../../../common/wireTypes.ts';

const TIMES_FORMS: PluralForms = ['раз', 'раза', 'раз'];
/** «в 1 платеже», «в 2 платежах». */
const IN_PAYMENTS_FORMS: PluralForms = ['платеже', 'платежах', 'платежах'];

const moscowDay = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeZone: 'Europe/Moscow' });

/** «31.03.2026»: the day of a discount's date as the author entered it. */
export function discountDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : moscowDay.format(date);
}

/** «использована 3 раза», «ещё не использована». */
export const usedText = (used: number) => (used === 0 ? 'ещё не использована' : `использована ${pluralize(used, TIMES_FORMS)}`);

/** «с 01.03.2026 по 31.03.2026», «с 01.03.2026», «по 31.03.2026», «без срока». */
export function periodText(from: string | null, until: string | null): string {
  if (!from && !until) return 'без срока';
  return [from ? `с ${discountDay(from)}` : '', until ? `по ${discountDay(until)}` : ''].filter(Boolean).join(' ');
}

/** «3 из 5», «3 из ∞». */
export const usesText = (code: Pick<MutaboPromoCode, 'uses' | 'maxUses'>) => `${code.uses} из ${code.maxUses ?? '∞'}`;

export type PromoCodeState = 'active' | 'notYet' | 'expired' | 'usedUp' | 'revoked';

export const PROMO_CODE_STATE_LABELS: Record<PromoCodeState, string> = {
  active: 'действует',
  notYet: 'ещё не начал действовать',
  expired: 'истёк',
  usedUp: 'исчерпан',
  revoked: 'отменён',
};

export function promoCodeState(code: MutaboPromoCode, now = Date.now()): PromoCodeState {
  if (code.revokedAt) return 'revoked';
  if (code.validUntil && Date.parse(code.validUntil) <= now) return 'expired';
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'usedUp';
  if (code.validFrom && Date.parse(code.validFrom) > now) return 'notYet';
  return 'active';
}

/** «Скидка 20 % · полная цена 2 000 ₽», «Промокод SPRING · полная цена 2 000 ₽». */
export function appliedDiscountText(discount: AppliedDiscount, currency: Currency): string {
  const what = discount.kind === 'promoCode' ? `Промокод ${discount.code ?? ''}`.trim() : `Скидка ${discountText(discount)}`;
  return `${what} · полная цена ${formatMoney(discount.fullAmount, currency)}`;
}

/** «Медленное чтение — 1 000 ₽ в 2 платежах». */
export const discountCostText = (cost: DiscountCost) =>
  `${cost.courseTitle || 'Курс без названия'} — ${formatMoney(cost.cost, cost.currency)} в ${cost.payments} ${pluralForm(cost.payments, IN_PAYMENTS_FORMS)}`;
