// The calls of the authors' API for personal discounts and promo codes, typed with the shared contract
// (common/discounts.ts).
import { request } from '../../api/client.ts';
import type { DiscountPriceCourse, MutaboDiscount, MutaboPromoCode } from '../../../common/discounts.ts';
import type { PersonalDiscountPayload, PromoCodePayload } from '../../../common/discountSchemas.ts';

const base = '/api/v1/mutabo';

/** The course's active discounts, newest first. */
export const listDiscounts = (courseId: number) => request<MutaboDiscount[]>(`${base}/courses/${courseId}/discounts/`);
/** A new discount for the address; it replaces the person's earlier one on the course. */
export const createDiscount = (courseId: number, body: PersonalDiscountPayload) =>
  request<MutaboDiscount>(`${base}/courses/${courseId}/discounts/`, { method: 'POST', body });
export const revokeDiscount = (id: number) => request<Record<string, never>>(`${base}/discounts/${id}/`, { method: 'DELETE' });

/** The author's promo codes, newest first, revoked ones too. */
export const listPromoCodes = () => request<MutaboPromoCode[]>(`${base}/promo-codes/`);
export const createPromoCode = (body: PromoCodePayload) => request<MutaboPromoCode>(`${base}/promo-codes/`, { method: 'POST', body });
export const revokePromoCode = (id: number) => request<Record<string, never>>(`${base}/promo-codes/${id}/`, { method: 'DELETE' });

/** Every course the author leads with its prices and published lessons: what the forms show a buyer will pay by. */
export const listDiscountPrices = () => request<DiscountPriceCourse[]>(`${base}/discount-prices/`);
