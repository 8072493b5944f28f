// The year-of-birth select of the sign-up form and the profile editor (spec section 5); its options are
// common/yearOptions.ts's, which the server checks too.
import { SelectField } from './fields.tsx';
import { EARLIER_YEAR, type YearOption } from '../../../common/yearOptions.ts';

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
