// Russian plural forms for counts: «1 занятие», «2 занятия», «5 занятий», «1,5 занятия».

/** The three forms of a noun: for 1 (one), for 2–4 (few), for 5–20 and 0 (many). */
export type PluralForms = readonly [one: string, few: string, many: string];

export const LESSON_FORMS: PluralForms = ['занятие', 'занятия', 'занятий'];
export const MINUTE_FORMS: PluralForms = ['минута', 'минуты', 'минут'];
const MATERIAL_FORMS: PluralForms = ['материал', 'материала', 'материалов'];
const YEAR_FORMS: PluralForms = ['год', 'года', 'лет'];
const PERSON_FORMS: PluralForms = ['человек', 'человека', 'человек'];
const PLACE_FORMS: PluralForms = ['место', 'места', 'мест'];
const PAYMENT_FORMS: PluralForms = ['платёж', 'платежа', 'платежей'];
const LETTER_FORMS: PluralForms = ['письмо', 'письма', 'писем'];

/** The form of the noun that goes with `n`; a fractional count always takes the few-form. */
export function pluralForm(n: number, forms: PluralForms): string {
  const [one, few, many] = forms;
  const abs = Math.abs(n);
  if (!Number.isInteger(abs)) return few;
  const lastTwo = abs % 100;
  const last = abs % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}

/** A count written in Russian style with its noun: `pluralize(1.5, LESSON_FORMS)` is «1,5 занятия». */
export function pluralize(n: number, forms: PluralForms): string {
  return `${formatCount(n)} ${pluralForm(n, forms)}`;
}

function formatCount(n: number): string {
  return String(n).replace('.', ',');
}

export const lessonsCount = (n: number) => pluralize(n, LESSON_FORMS);
export const minutesCount = (n: number) => pluralize(n, MINUTE_FORMS);
export const materialsCount = (n: number) => pluralize(n, MATERIAL_FORMS);
export const yearsCount = (n: number) => pluralize(n, YEAR_FORMS);
export const peopleCount = (n: number) => pluralize(n, PERSON_FORMS);
export const placesCount = (n: number) => pluralize(n, PLACE_FORMS);
export const paymentsCount = (n: number) => pluralize(n, PAYMENT_FORMS);
export const lettersCount = (n: number) => pluralize(n, LETTER_FORMS);
