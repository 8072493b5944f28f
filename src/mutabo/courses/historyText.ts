// One entry of a course's history as the editor writes it: when, who, and what happened, in words (states, refunds,
// payments, receipts and authorship through common/historyWords.ts, never a stored code), with the people and
// lessons the server names for the record's ids (HistoryEntry.about).
import { formatMoney, WHOLESALE_THRESHOLD } from '../../../common/coursePrices.ts';
import { historyWord, type HistoryWordKind } from '../../../common/historyWords.ts';
import type { HistoryAbout, HistoryEntry } from '../../../common/mutabo/history.ts';
import { minutesCount, placesCount, pluralize } from '../../../common/plural.ts';
import { timeZonePlace } from '../../../common/timeZones.ts';
import type { Currency } from '../../../common/wireTypes.ts';
import { CURRENCIES } from '../../../common/enums.ts';
import { COURSE_FORMAT_LABELS, type CourseFormat } from '../../../common/recordings.ts';
import { DAY_FORMS } from '../people/recordingAccessText.ts';
import { formatFullDate } from '../../lib/dates.ts';
import { lessonsText } from '../participants/participantText.ts';
import { personName } from '../payments/paymentText.ts';

const dateTime = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short' });

const FIELD_LABELS: Record<string, string> = {
  title: 'название',
  subtitle: 'подзаголовок',
  description: 'описание',
  authors: 'авторы',
  start: 'начало',
  end: 'окончание',
  disciplesAge: 'возраст участников',
  image: 'картинка',
  thumbnail: 'миниатюра',
  state: 'состояние',
  participantsLimit: 'количество мест',
  fullYear: 'весь учебный год',
  lessonsBlockSize: 'занятий в блоке',
  prices: 'цены',
  number: 'номер',
  content: 'содержание',
  duration: 'продолжительность',
  startsAt: 'время занятия',
  roomUrl: 'ссылка на комнату',
  recordingUrl: 'ссылка на запись',
  heldAt: 'проведено',
  timeZone: 'часовой пояс',
  format: 'формат',
  recordingDays: 'запись доступна',
};

/** Fields short enough to show as «было → стало». */
const SHOWN_VALUES = new Set([
  'title',
  'state',
  'start',
  'end',
  'disciplesAge',
  'participantsLimit',
  'fullYear',
  'lessonsBlockSize',
  'number',
  'duration',
  'startsAt',
  'heldAt',
  'timeZone',
  'format',
  'recordingDays',
]);

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const isTime = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));
const asNumber = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN);
const isCurrency = (value: unknown): value is Currency => (CURRENCIES as readonly unknown[]).includes(value);
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A stored value in words: states, the age group and yes/no by their words, times and dates as people write them. */
function shownValue(entity: HistoryEntry['entity'], field: string, value: unknown): string {
  // The recordings' window: null is «always», a number its days after the lesson.
  if (field === 'recordingDays') return Number.isFinite(asNumber(value)) && value !== null ? `${pluralize(asNumber(value), DAY_FORMS)} после занятия` : 'всегда';
  if (field === 'format' && typeof value === 'string' && value in COURSE_FORMAT_LABELS) return COURSE_FORMAT_LABELS[value as CourseFormat].toLowerCase();
  if (value === null || value === undefined || value === '') return '—';
  const words: Partial<Record<string, HistoryWordKind>> = {
    state: entity === 'lesson' ? 'lessonState' : 'courseState',
    disciplesAge: 'ageGroup',
    fullYear: 'boolean',
  };
  const kind = words[field];
  if (kind) return historyWord(kind, value);
  // A lesson's time in the reader's own zone (the history is read in the area, where the form names the course's).
  if ((field === 'startsAt' || field === 'heldAt') && isTime(value)) return dateTime.format(new Date(value));
  if ((field === 'start' || field === 'end') && typeof value === 'string') return formatFullDate(value) || '—';
  if (field === 'timeZone' && typeof value === 'string') return timeZonePlace(value);
  if (field === 'duration' && Number.isFinite(asNumber(value))) return minutesCount(asNumber(value));
  if (field === 'participantsLimit' && Number.isFinite(asNumber(value))) return placesCount(asNumber(value));
  if (typeof value === 'object') return '—';
  return String(value);
}

function changes(entry: HistoryEntry): string {
  const before = record(entry.before);
  const after = record(entry.after);
  const fields = Object.keys(after).filter(
    (field) => field !== 'version' && field in FIELD_LABELS && JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  return fields
    .map((field) =>
      SHOWN_VALUES.has(field)
        ? `${FIELD_LABELS[field]}: ${shownValue(entry.entity, field, before[field])} → ${shownValue(entry.entity, field, after[field])}`
        : FIELD_LABELS[field]!,
    )
    .join('; ');
}

function lessonName(entry: HistoryEntry): string {
  const title = record(entry.after).title ?? record(entry.before).title;
  if (typeof title !== 'string' || !title) return 'занятие';
  // A title that is itself a quotation («Ионыч») is not quoted twice.
  return title.startsWith('«') && title.endsWith('»') ? `занятие ${title}` : `занятие «${title}»`;
}

/** The authors of one side of an `authors` record: [{id, name}]. */
function authorList(value: unknown): { id: unknown; name: string }[] {
  const list = record(value).authors;
  if (!Array.isArray(list)) return [];
  return list.map((item) => record(item)).map((item) => ({ id: item.id, name: typeof item.name === 'string' && item.name ? item.name : `автор № ${String(item.id)}` }));
}

/** «Добавлен автор …; удалён автор …», from the names before and after. */
function authorsChange(entry: HistoryEntry): string {
  const before = authorList(entry.before);
  const after = authorList(entry.after);
  const added = after.filter((author) => !before.some((other) => other.id === author.id)).map((author) => author.name);
  const removed = before.filter((author) => !after.some((other) => other.id === author.id)).map((author) => author.name);
  const parts = [
    added.length === 0 ? '' : added.length === 1 ? `добавлен автор ${added[0]}` : `добавлены авторы ${added.join(', ')}`,
    removed.length === 0 ? '' : removed.length === 1 ? `удалён автор ${removed[0]}` : `удалены авторы ${removed.join(', ')}`,
  ].filter(Boolean);
  return capitalized(parts.length > 0 ? parts.join('; ') : 'изменён порядок авторов');
}

// ---- Prices

interface PriceSet {
  currency: Currency;
  coursePrice: number;
  lessonPrice: number;
  lessonWholesalePrice: number;
}

function priceList(value: unknown): PriceSet[] {
  const list = record(value).prices;
  if (!Array.isArray(list)) return [];
  return list
    .map((item) => record(item))
    .filter((item) => isCurrency(item.currency))
    .map((item) => ({
      currency: item.currency as Currency,
      coursePrice: asNumber(item.coursePrice),
      lessonPrice: asNumber(item.lessonPrice),
      lessonWholesalePrice: asNumber(item.lessonWholesalePrice),
    }));
}

const PRICE_PARTS = [
  ['coursePrice', 'курс'],
  ['lessonPrice', 'занятие'],
  ['lessonWholesalePrice', `от ${WHOLESALE_THRESHOLD} занятий`],
] as const;

const money = (amount: number, currency: Currency) => (Number.isFinite(amount) ? formatMoney(amount, currency) : '—');

/** «рубли: курс 5 000 ₽, занятие 1 200 ₽, от 5 занятий 1 000 ₽». */
const priceSetText = (price: PriceSet) => `${historyWord('currency', price.currency)}: ${PRICE_PARTS.map(([field, name]) => `${name} ${money(price[field], price.currency)}`).join(', ')}`;

function pricesChange(entry: HistoryEntry): string {
  const before = priceList(entry.before);
  const after = priceList(entry.after);
  if (entry.action === 'create') return after.length > 0 ? `Цены: ${after.map(priceSetText).join('; ')}` : 'Цены не заданы: курс бесплатный';
  if (after.length === 0) return 'Цены убраны: курс бесплатный';
  const parts = CURRENCIES.flatMap((currency) => {
    const was = before.find((price) => price.currency === currency);
    const now = after.find((price) => price.currency === currency);
    if (!was && !now) return [];
    if (!was) return [`добавлены — ${priceSetText(now!)}`];
    if (!now) return [`убраны цены в валюте «${historyWord('currency', currency)}»`];
    const changed = PRICE_PARTS.filter(([field]) => was[field] !== now[field]).map(
      ([field, name]) => `${name} ${money(was[field], currency)} → ${money(now[field], currency)}`,
    );
    return changed.length > 0 ? [`${historyWord('currency', currency)}: ${changed.join(', ')}`] : [];
  });
  return parts.length > 0 ? `Изменены цены: ${parts.join('; ')}` : 'Изменены цены';
}

// ---- People, payments and refunds

const who = (about: HistoryAbout | undefined) => (about?.person ? personName(about.person) : 'участник');
const lessonsOf = (about: HistoryAbout | undefined) => (about?.lessons?.length ? lessonsText(about.lessons) : 'занятие');

function participantChange(entry: HistoryEntry): string {
  const before = record(entry.before);
  const after = record(entry.after);
  const subject = `${who(entry.about)}, ${lessonsOf(entry.about)}`;
  const payment = typeof before.payment === 'number' ? before.payment : null;
  switch (entry.action) {
    case 'approve': {
      const queue = before.state === 'waiting_list' ? ' (вне очереди)' : '';
      const ended = payment !== null && after.payment === null ? `; незавершённый платёж № ${payment} отменён` : '';
      return `Подтверждено участие: ${subject}${queue}${ended}`;
    }
    case 'promote': {
      const from = asNumber(before.position);
      const to = asNumber(after.position);
      const places = Number.isFinite(from) && Number.isFinite(to) ? `: ${from}-е место → ${to}-е место` : '';
      return `Перемещение в очереди: ${subject}${places}`;
    }
    case 'reject':
      if (before.state === 'waiting_list') return `Убран(а) из очереди: ${subject}`;
      if (before.state === 'approved') return `Отменено участие: ${subject}`;
      return `Отклонена запись: ${subject}${payment !== null ? `; незавершённый платёж № ${payment} отменён` : ''}`;
    default: {
      const state = before.state !== after.state ? `: ${historyWord('participantState', before.state)} → ${historyWord('participantState', after.state)}` : '';
      return `Участие изменено: ${subject}${state}`;
    }
  }
}

const payerOf = (about: HistoryAbout | undefined) => (about?.person ? ` (${personName(about.person)})` : '');

function paymentChange(entry: HistoryEntry): string {
  const before = record(entry.before);
  const after = record(entry.after);
  const payment = `платёж № ${entry.entityId}${payerOf(entry.about)}`;
  if (entry.action === 'refund') {
    const lessonsNamed = entry.about?.lessons?.length ? `: ${lessonsText(entry.about.lessons)}` : '';
    if (after.released === true) return `Освобождены места по платежу № ${entry.entityId}${payerOf(entry.about)} на 0 ₽, без возврата денег${lessonsNamed}`;
    const amount = asNumber(after.amount);
    const sum = isCurrency(after.currency) && Number.isFinite(amount) ? `: ${formatMoney(amount, after.currency)}` : '';
    const lessons = entry.about?.lessons?.length ? `, ${lessonsText(entry.about.lessons)}` : '';
    // The site's own refund of money that arrived for an ended payment names why (docs/PAYMENTS.md).
    const why = typeof after.failureReason === 'string' ? `; деньги пришли за закрытый платёж: ${historyWord('failureReason', after.failureReason)}` : '';
    return `Запрошен возврат денег за ${payment}${sum}${lessons}${why}`;
  }
  if ('receipt' in after) {
    const again = before.state === 'failed' && after.state === 'pending' ? ' отправлен снова' : '';
    const reason = typeof before.reason === 'string' && before.reason ? ` (причина отказа: ${before.reason})` : '';
    return `Чек по платежу № ${entry.entityId}${again}: ${historyWord('receiptState', before.state)} → ${historyWord('receiptState', after.state)}${reason}`;
  }
  if ('state' in after) return `${capitalized(payment)}: ${historyWord('paymentState', before.state)} → ${historyWord('paymentState', after.state)}`;
  return `${capitalized(payment)}: ${historyWord('action', entry.action)}`;
}

function refundChange(entry: HistoryEntry): string {
  const before = record(entry.before);
  const after = record(entry.after);
  const payment = entry.about?.paymentId ? ` за платёж № ${entry.about.paymentId}` : '';
  const lessons = entry.about?.lessons?.length ? `, ${lessonsText(entry.about.lessons)}` : '';
  if ('state' in after) {
    return `Возврат денег${payment}${payerOf(entry.about)}${lessons}: ${historyWord('refundState', before.state)} → ${historyWord('refundState', after.state)}`;
  }
  return `Возврат денег${payment}${payerOf(entry.about)}: ${historyWord('action', entry.action)}`;
}

// ---- Courses and lessons

/** A lesson's uploaded recording made ready, replaced or deleted: `recording` is its file's name, null for none. */
function recordingChange(entry: HistoryEntry): string {
  const before = record(entry.before).recording;
  const after = record(entry.after).recording;
  const of = lessonName(entry).replace(/^занятие/, 'занятия');
  const file = (value: unknown) => (typeof value === 'string' && value ? ` (${value})` : '');
  if (typeof after !== 'string') return `Удалена запись ${of}${file(before)}`;
  if (typeof before === 'string') return `Заменена запись ${of}: ${before || '—'} → ${after || '—'}`;
  return `Загружена запись ${of}${file(after)}`;
}

function lessonChange(entry: HistoryEntry): string {
  const name = lessonName(entry);
  if (entry.action === 'create') return `Добавлено ${name}`;
  if (entry.action === 'delete') return `Удалено ${name}`;
  if (entry.action === 'reorder') return 'Изменён порядок занятий';
  if ('recording' in record(entry.after)) return recordingChange(entry);
  const changed = changes(entry);
  return changed ? `Изменено ${name}: ${changed}` : `Изменено ${name}`;
}

function courseChange(entry: HistoryEntry): string {
  if (entry.action === 'create') {
    const source = record(record(entry.after).copiedFrom);
    return typeof source.title === 'string' && source.title ? `Курс создан копией курса «${source.title}»` : 'Курс создан';
  }
  if (entry.action === 'delete') return 'Курс удалён';
  if (entry.action === 'reorder') return 'Изменён порядок занятий';
  const changed = changes(entry);
  return changed ? `Изменено: ${changed}` : 'Курс изменён';
}

function what(entry: HistoryEntry): string {
  switch (entry.entity) {
    case 'course':
      return courseChange(entry);
    case 'prices':
      return pricesChange(entry);
    case 'authors':
      return authorsChange(entry);
    case 'lesson':
      return lessonChange(entry);
    case 'participant':
      return participantChange(entry);
    case 'payment':
      return paymentChange(entry);
    case 'refund':
      return refundChange(entry);
    case 'upload':
      return 'Загружен файл';
    default:
      return `${capitalized(historyWord('entity', entry.entity))}: ${historyWord('action', entry.action)}`;
  }
}

export function describeHistoryEntry(entry: HistoryEntry): { when: string; who: string; what: string } {
  const at = new Date(entry.at);
  return {
    when: Number.isNaN(at.getTime()) ? entry.at : dateTime.format(at),
    // A refund confirmed by the provider's notification has no author, nor one the site asks for by itself.
    who: entry.user?.name ?? (entry.entity === 'refund' ? 'платёжная система' : entry.entity === 'payment' && entry.action === 'refund' ? 'сайт (автоматически)' : 'неизвестно кто'),
    what: what(entry),
  };
}
