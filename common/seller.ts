// The seller's details as people read them: the field names, what is still missing (a real payment provider takes
// no payment until nothing is), and the lines the site's footer, the offer and policy pages and the letters show.
// Plain functions without zod: the site's first bundle (the footer) uses them.
import type { Seller } from './wireTypes.ts';

export const SELLER_FIELDS = ['name', 'inn', 'ogrn', 'address', 'email', 'phone'] as const;
export type SellerField = (typeof SELLER_FIELDS)[number];

export const SELLER_FIELD_LABELS: Record<SellerField, string> = {
  name: 'Название организации или ФИО индивидуального предпринимателя',
  inn: 'ИНН',
  ogrn: 'ОГРН или ОГРНИП',
  address: 'Адрес',
  email: 'Электронная почта',
  phone: 'Телефон',
};

export const EMPTY_SELLER: Seller = { name: '', inn: '', ogrn: '', address: '', email: '', phone: '' };

/** The fields not filled in yet, in the form's order. */
export function missingSellerFields(seller: Seller): SellerField[] {
  return SELLER_FIELDS.filter((field) => seller[field].trim() === '');
}

/** «ОГРНИП» for 15 digits, «ОГРН» otherwise. */
export const ogrnLabel = (ogrn: string) => (ogrn.length === 15 ? 'ОГРНИП' : 'ОГРН');

/**
 * The seller in a few lines, leaving out what is not filled in: the name; ИНН and ОГРН(ИП); the address; the e-mail
 * and the phone. Empty when nothing is filled in.
 */
export function sellerLines(seller: Seller): string[] {
  const numbers = [seller.inn && `ИНН ${seller.inn}`, seller.ogrn && `${ogrnLabel(seller.ogrn)} ${seller.ogrn}`].filter(Boolean).join(', ');
  const contacts = [seller.email && `эл. почта ${seller.email}`, seller.phone && `тел. ${seller.phone}`].filter(Boolean).join(', ');
  return [seller.name, numbers, seller.address && `Адрес: ${seller.address}`, contacts && contacts[0]!.toUpperCase() + contacts.slice(1)].filter((line): line is string => Boolean(line));
}

/**
 * The seller's details and payments, in the area's summary (`GET /api/v1/mutabo/dashboard/` `seller`): the fields not
 * filled in yet, and whether that stops payments now (a real provider, YooKassa or PayPal, is configured; the test
 * checkout is never held back).
 */
export interface SellerReadiness {
  missing: SellerField[];
  paymentsRefused: boolean;
}
