// Year-of-birth choices of the signup and profile forms, and the adult threshold (spec sections 5 and 9).

export const ADULT_AGE = 18;
/** The youngest option is this many years before the current year. */
export const YOUNGEST_AGE = 8;
/** How many single years the list offers before the «earlier» option. */
export const YEAR_OPTION_COUNT = 11;
/** The value of the «earlier» option; the forms send it as null. */
export const EARLIER_YEAR = 0;

export interface YearOption {
  value: number;
  label: string;
}

/** Latest year first: current − 8, then 10 years back, then `раньше {oldest year}` with value 0. */
export function yearOfBirthOptions(currentYear: number): YearOption[] {
  const latest = currentYear - YOUNGEST_AGE;
  const years = Array.from({ length: YEAR_OPTION_COUNT }, (_, index) => latest - index);
  const oldest = years[years.length - 1] ?? latest;
  return [...years.map((year) => ({ value: year, label: String(year) })), { value: EARLIER_YEAR, label: `раньше ${oldest}` }];
}

/** A minor is someone whose year of birth is known and who is under 18 this year; 0 or null means adult. */
export function isMinor(yearOfBirth: number | null | undefined, currentYear: number): boolean {
  if (!yearOfBirth) return false;
  return currentYear - yearOfBirth < ADULT_AGE;
}
