// The authors' API for the seller's details and the public offer (issue 19): `GET`, `PATCH
// /api/v1/mutabo/seller/` and `GET`, `PATCH /api/v1/mutabo/pages-content/offer/`, with the same rules as the rest of
// the shared content (the `version` read, 409 when stale, Russian messages under the fields, every save in the
// history under `seller` and `offer`). The public reads are `GET /api/v1/seller/` and
// `GET /api/v2/user/pages-content/offer/`.
import { z } from 'zod';
import { isEmail } from '../emailAddress.ts';
import { mutaboMessages as m, versionField, type Versioned } from './fields.ts';
import { timetablePatchSchema } from './timetable.ts';
import { isValidInn, isValidOgrn } from '../sellerNumbers.ts';
import { textField } from '../textFields.ts';
import type { Offer, Seller } from '../wireTypes.ts';

const MAX_SELLER_NAME_LENGTH = 300;
const MAX_SELLER_ADDRESS_LENGTH = 500;
const MAX_SELLER_EMAIL_LENGTH = 254;

/** `seller/`: the seller's details with the `version` read. Before the first save: every field '' and `version` 0. */
export interface MutaboSeller extends Seller, Versioned {}

/** `pages-content/offer/`: the offer page. Before the first save: the default name, no text and `version` 0. */
export interface MutaboOffer extends Offer, Versioned {}

export const DEFAULT_OFFER_NAME = 'Договор-оферта';

/** `POST /api/v1/payments/` through a real provider while the seller's details are incomplete: 503 `{detail}`. */
export const SELLER_REFUSAL = 'Оплата сейчас недоступна: продавец ещё не указал свои реквизиты. Пожалуйста, напишите автору курса — мы сообщим, когда оплата заработает.';

export const sellerMessages = {
  nameTooLong: `Не длиннее ${MAX_SELLER_NAME_LENGTH} символов.`,
  innFormat: 'ИНН — это 10 цифр у организации или 12 цифр у индивидуального предпринимателя.',
  innChecksum: 'В ИНН ошибка: контрольные цифры не сходятся. Проверьте номер по свидетельству или выписке из ЕГРЮЛ/ЕГРИП.',
  ogrnFormat: 'ОГРН — это 13 цифр у организации, ОГРНИП — 15 цифр у индивидуального предпринимателя.',
  ogrnChecksum: 'В ОГРН ошибка: контрольная цифра не сходится. Проверьте номер по выписке из ЕГРЮЛ/ЕГРИП.',
  innOgrnMismatch: 'ОГРН не подходит к ИНН: у организации ИНН из 10 цифр и ОГРН из 13, у индивидуального предпринимателя ИНН из 12 цифр и ОГРНИП из 15.',
  addressTooLong: `Адрес не длиннее ${MAX_SELLER_ADDRESS_LENGTH} символов.`,
  emailInvalid: 'Введите адрес электронной почты, например shop@example.ru (или оставьте поле пустым).',
  phoneInvalid: 'Телефон: от 10 до 15 цифр, можно с «+», пробелами, скобками и дефисами, например +7 495 123-45-67.',
  stale: 'Пока вы редактировали реквизиты продавца, их уже изменили (другой автор или вы в другой вкладке): обновите страницу, чтобы увидеть новую версию, и внесите свои изменения снова.',
  staleOffer: 'Пока вы редактировали договор-оферту, его уже изменили (другой автор или вы в другой вкладке): обновите страницу, чтобы увидеть новую версию, и внесите свои изменения снова.',
} as const;

const s = sellerMessages;

const text = () => textField({ required: m.required, notText: m.notText });

/** Digits as typed (spaces allowed between them); '' for none; else the format, then the check digits. */
const registrationNumber = (format: RegExp, formatMessage: string, valid: (value: string) => boolean, checksumMessage: string) =>
  text()
    .transform((value) => value.replace(/\s+/g, ''))
    .refine((value) => value === '' || format.test(value), { error: formatMessage, abort: true })
    .refine((value) => value === '' || valid(value), checksumMessage);

/** '' or an address by the accounts' rule (common/emailAddress.ts): it becomes the Reply-To of the letters about money. */
const isEmailLike = (value: string) => value === '' || (value.length <= MAX_SELLER_EMAIL_LENGTH && isEmail(value));

const isPhoneLike = (value: string) => {
  if (value === '') return true;
  if (!/^\+?[\d\s()-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 15;
};

const sellerFields = {
  name: text().trim().max(MAX_SELLER_NAME_LENGTH, s.nameTooLong),
  inn: registrationNumber(/^(\d{10}|\d{12})$/, s.innFormat, isValidInn, s.innChecksum),
  ogrn: registrationNumber(/^(\d{13}|\d{15})$/, s.ogrnFormat, isValidOgrn, s.ogrnChecksum),
  address: text().trim().max(MAX_SELLER_ADDRESS_LENGTH, s.addressTooLong),
  email: text().trim().refine(isEmailLike, s.emailInvalid),
  phone: text().trim().refine(isPhoneLike, s.phoneInvalid),
};

/**
 * `PATCH /api/v1/mutabo/seller/`: any subset of the fields plus the `version` read; '' empties a field. ИНН and ОГРН
 * are written without spaces; the server also checks that they agree with each other (one sent against the other
 * stored: 400 under `ogrn`).
 */
export const sellerPatchSchema = z.object(
  {
    name: sellerFields.name.optional(),
    inn: sellerFields.inn.optional(),
    ogrn: sellerFields.ogrn.optional(),
    address: sellerFields.address.optional(),
    email: sellerFields.email.optional(),
    phone: sellerFields.phone.optional(),
    version: versionField,
  },
  { error: m.invalidBody },
);

/** `PATCH /api/v1/mutabo/pages-content/offer/`: `name` and `text` (draft-js raw, '' for none) plus the `version` read. */
/** The offer is a page of heading and text like the timetable: the same fields, the same rules. */
export const offerPatchSchema = timetablePatchSchema;

export type SellerPatchPayload = z.input<typeof sellerPatchSchema>;
export type SellerPatch = z.output<typeof sellerPatchSchema>;
export type OfferPatchPayload = z.input<typeof offerPatchSchema>;
export type OfferPatch = z.output<typeof offerPatchSchema>;
