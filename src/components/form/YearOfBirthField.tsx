// The year-of-birth select of the sign-up form and the profile editor (spec section 5).
import { SelectField } from './fields.tsx';
import { EARLIER_YEAR, yearOfBirthOptions, type YearOption } from '../../../common/yearOptions.ts';

/**
 * The options of spec section 5; a stored year outside them (an adult who signed up long ago) is kept
 * as one more option, so that opening the editor never changes it silently.
 */
export function yearSelectOptions(currentYear: number, storedYear?: number | null): YearOption[] {
  const options = yearOfBirthOptions(currentYear);
  if (!storedYear || options.some((option) => option.value === storedYear)) return options;
  const years = [...options.filter((option) => option.value !== EARLIER_YEAR), { value: storedYear, label: String(storedYear) }];
  years.sort((a, b) => b.value - a.value);
  return [...years, ...options.filter((option) => option.value === EARLIER_YEAR)];
}

/** The select's value for a stored year: null and 0 are both the «earlier» option. */
export function yearToSelectValue(year: number | null | undefined): string {
  return String(year ?? EARLIER_YEAR);
}

/** What the forms send: the «earlier» option goes as null. */
export function selectValueToYear(value: string): number | null {
  const year = Number(value);
  return year === EARLIER_YEAR || Number.isNaN(year) ? null : year;
}

interface YearOfBirthFieldProps {
  value: string;
  onChange: (value: string) => void;
  options: YearOption[];
  error?: string;
  /** A first, empty choice, for a form where the year is not chosen yet. */
  placeholder?: string;
}

export function YearOfBirthField({ value, onChange, options, error, placeholder }: YearOfBirthFieldProps) {
  return (
    <SelectField
      label="Год рождения"
      name="yearOfBirth"
      autoComplete="bday-year"
      required
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    >
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options.map((option) => (
        <option key={option.value} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
