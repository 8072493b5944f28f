// How the statistics' pages write a period, a day, an amount and a missing number, and what their charts say to a
// screen reader in one sentence.
import { formatMoney } from '../../../common/coursePrices.ts';
import { FUNNEL_STEPS, conversion, dayInMoscow, type AttendanceRow, type DiscountUseRow, type FunnelStats, type MoneyRow, type MoneyText, type StatsGrouping } from '../../../common/stats.ts';
import type { Currency } from '../../../common/wireTypes.ts';
import { CURRENCY_NAMES } from '../payments/paymentText.ts';

const MONTHS = ['Январь', 'Февраль', 'Март', 'Апрель', 'Май', 'Июнь', 'Июль', 'Август', 'Сентябрь', 'Октябрь', 'Ноябрь', 'Декабрь'];
const SHORT_MONTHS = ['янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];

/** `2026-03-09` → `09.03.2026`. */
export const dayText = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** A period in a table: «Неделя с 09.03.2026», «Март 2026». */
export function periodText(period: string, by: StatsGrouping): string {
  if (by === 'week') return `Неделя с ${dayText(period)}`;
  return `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
}

/** A period under a chart's bar, short: «09.03», «мар 26». */
export function periodTick(period: string, by: StatsGrouping): string {
  if (by === 'week') return `${period.slice(8, 10)}.${period.slice(5, 7)}`;
  return `${SHORT_MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(2, 4)}`;
}

export const money = (amount: MoneyText, currency: Currency) => formatMoney(Number(amount), currency);

/** «Рубли, ₽» as a chart's or a table's name for a currency. */
export const currencyName = (currency: Currency) => CURRENCY_NAMES[currency];

/** A number the product does not record for that lesson (null) is «—». */
export const countText = (value: number | null) => (value === null ? '—' : String(value));

export const percentText = (value: number | null) => (value === null ? '—' : `${value}\u00a0%`);

/** The currencies of the rows in the order they first appear, rubles first. */
export function currenciesOf(rows: { currency: Currency }[]): Currency[] {
  const found = [...new Set(rows.map((row) => row.currency))];
  return found.sort((a, b) => (a === 'CURRENCY_CHOICE_RUB' ? -1 : b === 'CURRENCY_CHOICE_RUB' ? 1 : 0));
}

/** Whether any money moved in the rows (the server answers zeros for the periods without any). */
export const hasMoney = (rows: MoneyRow[]) => rows.some((row) => Number(row.paid) !== 0 || Number(row.refunded) !== 0 || row.payments > 0);

export function moneySummary(rows: MoneyRow[], currency: Currency, by: StatsGrouping): string {
  const own = rows.filter((row) => row.currency === currency);
  const total = own.reduce((sum, row) => sum + Number(row.net), 0);
  const best = own.reduce<MoneyRow | null>((top, row) => (top === null || Number(row.net) > Number(top.net) ? row : top), null);
  const unit = by === 'week' ? 'по неделям' : 'по месяцам';
  const most = best && Number(best.net) > 0 ? `; больше всего ${money(best.net, currency)} — ${periodText(best.period, by).toLowerCase()}` : '';
  return `Итого ${unit}, ${currencyName(currency).toLowerCase()}: за ${own.length} ${by === 'week' ? 'нед.' : 'мес.'} ${formatMoney(Math.round(total * 100) / 100, currency)}${most}.`;
}

export interface FunnelStep {
  key: keyof typeof FUNNEL_STEPS;
  label: string;
  people: number | null;
  /** Share of the previous step, whole percent; null for the first step or when it cannot be said. */
  share: number | null;
}

export function funnelSteps(funnel: FunnelStats): FunnelStep[] {
  const keys = Object.keys(FUNNEL_STEPS) as (keyof typeof FUNNEL_STEPS)[];
  return keys.map((key, index) => {
    const people = funnel[key];
    const previous = index === 0 ? null : funnel[keys[index - 1]!];
    return { key, label: FUNNEL_STEPS[key], people, share: index === 0 ? null : conversion(previous, people) };
  });
}

export const hasFunnel = (funnel: FunnelStats) =>
  funnel.views + funnel.checkouts + funnel.paid + (funnel.attended ?? 0) + funnel.signups + funnel.subscriptions > 0;

export function funnelSummary(funnel: FunnelStats): string {
  const steps = funnelSteps(funnel)
    .filter((step) => step.people !== null)
    .map((step) => `${step.label.toLowerCase()} ${step.people}${step.share !== null ? ` (${step.share}\u00a0% от предыдущего шага)` : ''}`);
  return `Воронка с ${dayText(funnel.from)} по ${dayText(funnel.to)}: ${steps.join(', ')}.`;
}

/** A lesson under a chart's bars: its date when it has one (`12.03`), else its number (`№3`). */
export function lessonTick(row: AttendanceRow, byNumber: boolean): string {
  if (byNumber || !row.lesson.start) return `№${row.lesson.number}`;
  return dayText(lessonDay(row.lesson.start)).slice(0, 5);
}

/** A lesson's day in Moscow, `YYYY-MM-DD`. */
export const lessonDay = (start: string): string => dayInMoscow(new Date(start));

export const lessonName = (row: AttendanceRow) => `${row.lesson.number}. ${row.lesson.title || 'Без названия'}`;

export function attendanceSummary(rows: AttendanceRow[]): string {
  const joined = rows.filter((row) => row.joined !== null);
  const approved = joined.reduce((sum, row) => sum + row.approved, 0);
  const came = joined.reduce((sum, row) => sum + (row.joined ?? 0), 0);
  const share = approved > 0 ? `, в комнате были ${came} из ${approved} одобренных (${Math.round((came / approved) * 100)}\u00a0%)` : '';
  return `Посещаемость ${rows.length} занятий${share}.`;
}

export const discountName = (row: DiscountUseRow) => (row.kind === 'promo' ? `Промокод ${row.code ?? ''}`.trim() : 'Личные скидки');
