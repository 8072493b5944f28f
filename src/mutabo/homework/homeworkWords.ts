// The words of the area's «Задания»: the queue's state filter, the median time to a decision, a file's size.
import type { HomeworkAnswerState } from '../../../common/homework.ts';
import { pluralize, type PluralForms } from '../../../common/plural.ts';

/** The queue's filter by state: the value in the address and the API's `state`, with its label. */
export const QUEUE_FILTERS = [
  { value: 'submitted', label: 'Ждут проверки' },
  { value: 'accepted', label: 'Принятые' },
  { value: 'returned', label: 'На доработке' },
  { value: 'all', label: 'Все' },
] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number]['value'];

export function queueFilterOf(text: string | null): QueueFilter {
  return QUEUE_FILTERS.some((filter) => filter.value === text) ? (text as QueueFilter) : 'submitted';
}

export const queueState = (filter: QueueFilter): HomeworkAnswerState | undefined => (filter === 'all' ? undefined : filter);

const HOURS: PluralForms = ['час', 'часа', 'часов'];
const DAYS: PluralForms = ['день', 'дня', 'дней'];

/** «меньше часа», «5 часов», «2 дня»; «—» without any decision. */
export function medianText(seconds: number | null): string {
  if (seconds === null) return '—';
  const hours = Math.round(seconds / 3600);
  if (hours < 1) return 'меньше часа';
  if (hours < 48) return pluralize(hours, HOURS);
  const days = Math.round(hours / 24);
  return pluralize(days, DAYS);
}

