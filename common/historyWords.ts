// The words for every code the authors' history can show (issue 22, item 4): the states of courses, lessons,
// participants, payments, refunds, receipts and mailings, the age group, the currencies, yes and no, the kinds of
// records and of writes. Each list is a Record over its enum, so a new code without a word does not compile; a value
// that is no code of its list reads as «неизвестное значение», never as itself (tests/mutabo/historyWords.test.ts).
import { AUDIT_ACTIONS, AUDIT_ENTITIES, COURSE_STATES, CURRENCIES, DISCIPLES_AGES, LESSON_STATES, PARTICIPATION_STATES, PAYMENT_FAILURE_REASONS, PAYMENT_STATES } from './enums.ts';
import { MAILING_RECIPIENT_STATES, MAILING_STATES } from './mutabo/mailings.ts';
import { REFUND_STATES, type MutaboReceipt } from './mutabo/payments.ts';

const COURSE_STATE_WORDS: Record<(typeof COURSE_STATES)[number], string> = {
  draft: 'черновик',
  announced: 'анонс',
  can_be_subscribed: 'запись открыта',
};

const LESSON_STATE_WORDS: Record<(typeof LESSON_STATES)[number], string> = {
  draft: 'черновик',
  published: 'опубликовано',
};

const PARTICIPANT_STATE_WORDS: Record<(typeof PARTICIPATION_STATES)[number], string> = {
  subscribed: 'подписка на новости',
  reserved: 'бронь',
  waiting_list: 'в очереди',
  approved: 'участие подтверждено',
};

const PAYMENT_STATE_WORDS: Record<(typeof PAYMENT_STATES)[number], string> = {
  STATE_IN_PROGRESS: 'ожидает оплаты',
  STATE_COMPLETED: 'оплачен',
  STATE_FAILURE: 'не прошёл',
};

const REFUND_STATE_WORDS: Record<(typeof REFUND_STATES)[number], string> = {
  pending: 'возврат в обработке',
  succeeded: 'возврат выполнен',
  failed: 'возврат не выполнен',
};

/** The states of a receipt (MutaboReceipt.state). */
export const RECEIPT_STATES = ['sent', 'pending', 'failed'] as const satisfies readonly MutaboReceipt['state'][];
const RECEIPT_STATE_WORDS: Record<(typeof RECEIPT_STATES)[number], string> = {
  sent: 'чек отправлен',
  pending: 'чек ждёт отправки',
  failed: 'чек отклонён',
};

const FAILURE_REASON_WORDS: Record<(typeof PAYMENT_FAILURE_REASONS)[number], string> = {
  canceled: 'покупатель отменил оплату',
  expired: 'время на оплату истекло',
  superseded: 'заменён новым платежом',
  withdrawn: 'участник отказался от занятий',
  provider_error: 'ошибка платёжной системы',
  no_places: 'мест не осталось',
  approved: 'места подтверждены автором без оплаты',
  rejected: 'заявка отклонена автором',
  account_deleted: 'участник удалил аккаунт',
  promo_used_up: 'промокод уже использован максимальное число раз',
};

const MAILING_STATE_WORDS: Record<(typeof MAILING_STATES)[number], string> = {
  sending: 'рассылка отправляется',
  done: 'рассылка отправлена',
};

const LETTER_STATE_WORDS: Record<(typeof MAILING_RECIPIENT_STATES)[number], string> = {
  pending: 'письмо ждёт отправки',
  sent: 'письмо отправлено',
  failed: 'письмо не доставлено',
};

const AGE_GROUP_WORDS: Record<(typeof DISCIPLES_AGES)[number], string> = {
  DISCIPLES_AGE_CHILDREN: 'для детей (подростки 11–17 лет)',
  DISCIPLES_AGE_ADULTS: 'для взрослых',
};

const CURRENCY_WORDS: Record<(typeof CURRENCIES)[number], string> = {
  CURRENCY_CHOICE_RUB: 'рубли',
  CURRENCY_CHOICE_EURO: 'евро',
  CURRENCY_CHOICE_USD: 'доллары',
};

/** What a record is about, as a heading says it. */
const ENTITY_WORDS: Record<(typeof AUDIT_ENTITIES)[number], string> = {
  course: 'курс',
  prices: 'цены',
  authors: 'авторы курса',
  lesson: 'занятие',
  upload: 'загруженный файл',
  quotation: 'цитата',
  feedback: 'отзыв',
  libraryItem: 'материал библиотеки',
  libraryCategory: 'категория библиотеки',
  author: 'страница автора',
  timetable: 'расписание',
  seller: 'реквизиты продавца',
  offer: 'договор-оферта',
  policy: 'политика конфиденциальности',
  participant: 'участие',
  payment: 'платёж',
  refund: 'возврат денег',
  person: 'данные человека',
};

const ACTION_WORDS: Record<(typeof AUDIT_ACTIONS)[number], string> = {
  create: 'создание',
  update: 'изменение',
  delete: 'удаление',
  reorder: 'новый порядок',
  approve: 'подтверждение',
  promote: 'перемещение в очереди',
  reject: 'отклонение',
  refund: 'возврат денег',
  export: 'выгрузка данных',
};

const BOOLEAN_WORDS = { true: 'да', false: 'нет' } as const;

/** Every kind of code the history can show, with its words. */
export const HISTORY_WORDS = {
  courseState: COURSE_STATE_WORDS,
  lessonState: LESSON_STATE_WORDS,
  participantState: PARTICIPANT_STATE_WORDS,
  paymentState: PAYMENT_STATE_WORDS,
  failureReason: FAILURE_REASON_WORDS,
  refundState: REFUND_STATE_WORDS,
  receiptState: RECEIPT_STATE_WORDS,
  mailingState: MAILING_STATE_WORDS,
  letterState: LETTER_STATE_WORDS,
  ageGroup: AGE_GROUP_WORDS,
  currency: CURRENCY_WORDS,
  entity: ENTITY_WORDS,
  action: ACTION_WORDS,
  boolean: BOOLEAN_WORDS,
} as const;

export type HistoryWordKind = keyof typeof HISTORY_WORDS;

/** What a value that is no code of its kind reads as. */
export const UNKNOWN_VALUE = 'неизвестное значение';

/** The words for `code` of this kind; never the code itself. */
export function historyWord(kind: HistoryWordKind, code: unknown): string {
  const words: Record<string, string> = HISTORY_WORDS[kind];
  const key = typeof code === 'boolean' ? String(code) : code;
  return typeof key === 'string' && Object.hasOwn(words, key) ? words[key]! : UNKNOWN_VALUE;
}
