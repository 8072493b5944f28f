// How the area names a payment's state, its provider and a currency, and writes a person's name.
import type { Currency, PaymentState } from '../../../common/wireTypes.ts';
import type { MutaboPayment } from '../../../common/mutabo/payments.ts';
import { DELETED_PERSON_NAME, isDeletedPerson } from '../../../common/accountDeletion.ts';

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  STATE_IN_PROGRESS: 'Ожидает оплаты',
  STATE_COMPLETED: 'Оплачен',
  STATE_FAILURE: 'Не прошёл',
};

export const PROVIDER_LABELS: Record<MutaboPayment['provider'], string> = {
  yookassa: 'ЮKassa',
  paypal: 'PayPal',
  sandbox: 'Тестовая оплата',
};

export const CURRENCY_NAMES: Record<Currency, string> = {
  CURRENCY_CHOICE_RUB: 'Рубли',
  CURRENCY_CHOICE_EURO: 'Евро',
  CURRENCY_CHOICE_USD: 'Доллары',
};

/** «Фамилия Имя», or the e-mail for a person without a name; «удалённый участник» for a deleted account. */
export function personName(person: { firstName: string; lastName: string; email: string }): string {
  if (isDeletedPerson(person)) return DELETED_PERSON_NAME;
  return [person.lastName, person.firstName].filter(Boolean).join(' ') || person.email;
}
