// The profile's labels and display values (spec sections 2, 3 and 5), spelled once for the view and the editor.
import type { Dictionaries, MainLanguage } from '../../../common/wireTypes.ts';
import { EMAIL_LABEL, FIRST_NAME_LABEL, LAST_NAME_LABEL } from '../../components/form/formTexts.ts';
import { timeZoneLabel } from '../../../common/timeZones.ts';
import { ADULT_AGE } from '../../../common/yearOptions.ts';

export const PROFILE_TITLE = 'Личный кабинет участника';

export const profileLabels = {
  firstName: FIRST_NAME_LABEL,
  lastName: LAST_NAME_LABEL,
  email: EMAIL_LABEL,
  yearOfBirth: 'Год рождения',
  country: 'Страна',
  mainLanguage: 'Основной язык',
  timezone: 'Часовой пояс',
  visitSchool: 'Посещает школу',
  readWriteProblems: 'Проблемы с чтением и письмом',
  otherInfo: 'Дополнительная информация',
} as const;

export const mainLanguageLabels: Record<MainLanguage, string> = {
  Russian: 'Русский',
  English: 'Английский',
  Other: 'Другой',
};

export const MAIN_LANGUAGES = Object.keys(mainLanguageLabels) as MainLanguage[];

/** What the view says of a question not answered: never a «Нет» or «отсутствуют» the person did not say. */
const NOT_GIVEN = 'не указано';

export const yesNo = (value: boolean | null) => (value === null ? NOT_GIVEN : value ? 'Да' : 'Нет');

/** The answer as written, else «не указано». */
export const answerText = (text: string | null | undefined) => text?.trim() || NOT_GIVEN;

/** Year 0 or null is shown as «раньше {current year − 18}» (spec section 2, profile view). */
export function yearOfBirthText(year: number | null | undefined, currentYear: number): string {
  return year ? String(year) : `раньше ${currentYear - ADULT_AGE}`;
}

/** A country by its name in the dictionary, else the raw code. */
export function countryName(code: string, dictionaries: Dictionaries | undefined): string {
  return dictionaries?.countries.find(([countryCode]) => countryCode === code)?.[1] ?? code;
}

/** A time zone by its name in the dictionary, else named by the same rule («(UTC+03:00) Москва»). */
export function timezoneName(code: string, dictionaries: Dictionaries | undefined): string {
  return dictionaries?.timezones.find(([zoneCode]) => zoneCode === code)?.[1] ?? (code ? timeZoneLabel(code) : code);
}

export function mainLanguageText(language: string): string {
  return mainLanguageLabels[language as MainLanguage] ?? language;
}

/** Countries for a select: sorted by their Russian names. */
export function countriesByName(dictionaries: Dictionaries): [string, string][] {
  return [...dictionaries.countries].sort(([, a], [, b]) => a.localeCompare(b, 'ru'));
}
