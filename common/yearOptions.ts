// Year-of-birth choices of the signup and profile forms, and the adult threshold (spec sections 5 and 9).

export const ADULT_AGE = 18;
/** The youngest option is this many years before the current year. */
const YOUNGEST_AGE = 8;
/** How many single years the list offers before the «earlier» option. */
const YEAR_OPTION_COUNT = 11;
/** The value of the «earlier» option; the forms send it as null. */
export const EARLIER_YEAR = 0;

export interface YearOption {
  value: number;
  label: string;
}

/**
 * Latest year first: current − 8, then 10 years back, then `раньше {oldest year}` with value 0. The sign-up form offers
 * these; the profile editor offers them plus the year the user already has (an adult who signed up long ago), so that
 * opening the editor never changes it silently.
 */
export function yearOfBirthOptions(currentYear: number, storedYear?: number | null): YearOption[] {
  const latest = currentYear - YOUNGEST_AGE;
  const years = Array.from({ length: YEAR_OPTION_COUNT }, (_, index) => latest - index);
  const oldest = years[years.length - 1] ?? latest;
  if (storedYear && !years.includes(storedYear)) years.push(storedYear);
  years.sort((a, b) => b - a);
  return [...years.map((year) => ({ value: year, label: String(year) })), { value: EARLIER_YEAR, label: `раньше ${oldest}` }];
}

/** Whether a form may send this year: one of the options (null is the «earlier» option, as the forms send it). */
export function isYearOfBirthOption(year: number | null, currentYear: number, storedYear?: number | null): boolean {
  if (year === null || year === EARLIER_YEAR) return true;
  return yearOfBirthOptions(currentYear, storedYear).some((option) => option.value === year);
}

/** A minor is someone whose year of birth is known and who is under 18 this year; 0 or null means adult. */
export function isMinor(yearOfBirth: number | null | undefined, currentYear: number): boolean {
  if (!yearOfBirth) return false;
  return currentYear - yearOfBirth < ADULT_AGE;
}
