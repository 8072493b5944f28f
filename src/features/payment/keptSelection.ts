// A visitor's choice on the payment panel, kept while they sign up or log in (issue 32, item 11): it goes into the
// course page's address (`?lessons=…&currency=…&promo=…`), which rides through the sign-up, the confirmation letter's
// link and the login as the page to come back to (common/landing.ts). So they land on the same lessons, currency and
// promo code whether they come back in this tab, in the letter's tab or on another device.
import { CURRENCIES } from '../../../common/enums.ts';
import { normalizePromoCode, PROMO_CODE_MAX_LENGTH } from '../../../common/discounts.ts';
import { MAX_RETURN_PATH } from '../../../common/landing.ts';
import type { Currency } from '../../../common/wireTypes.ts';

interface KeptSelection {
  /** The lessons ticked (none when the whole course was to be paid). */
  lessons: number[];
  currency: Currency | null;
  /** The promo code typed, normalised; '' for none. */
  promoCode: string;
}

const MAX_KEPT_LESSONS = 60;

/** The course page's address with the choice in its query; the lessons are left out if they would make it too long. */
export function selectionPath(pathname: string, kept: KeptSelection): string {
  const query = (lessons: number[]) => {
    const params = new URLSearchParams();
    if (lessons.length > 0) params.set('lessons', lessons.join(','));
    if (kept.currency) params.set('currency', kept.currency);
    if (kept.promoCode) params.set('promo', kept.promoCode);
    const text = params.toString();
    return text ? `${pathname}?${text}` : pathname;
  };
  const full = query(kept.lessons.slice(0, MAX_KEPT_LESSONS));
  return full.length <= MAX_RETURN_PATH ? full : query([]);
}

/** The choice kept in an address's query; what is not a choice the panel could make is left out. */
export function readSelection(search: string): KeptSelection {
  const params = new URLSearchParams(search);
  const lessons = (params.get('lessons') ?? '')
    .split(',')
    .filter((part) => /^[1-9]\d{0,9}$/.test(part))
    .map(Number)
    .slice(0, MAX_KEPT_LESSONS);
  const currencyParam = params.get('currency');
  const currency = CURRENCIES.find((candidate) => candidate === currencyParam) ?? null;
  const promo = normalizePromoCode(params.get('promo') ?? '');
  return { lessons, currency, promoCode: promo.length <= PROMO_CODE_MAX_LENGTH ? promo : '' };
}
