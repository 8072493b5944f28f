// A person's first and last name, as the sign-up form and the profile editor ask for them.
import type { RequestError } from '../../api/requestError.ts';
import { TextField } from './fields.tsx';
import { fieldError } from './formErrors.ts';
import { FIRST_NAME_LABEL, LAST_NAME_LABEL } from './formTexts.ts';

type NameField = 'firstName' | 'lastName';

interface NameFieldsProps {
  firstName: string;
  lastName: string;
  onChange: (field: NameField, value: string) => void;
  /** The request error whose field messages show under the two inputs. */
  error: RequestError | null;
}

export function NameFields({ firstName, lastName, onChange, error }: NameFieldsProps) {
  const fields: { name: NameField; label: string; autoComplete: string; value: string }[] = [
    { name: 'firstName', label: FIRST_NAME_LABEL, autoComplete: 'given-name', value: firstName },
    { name: 'lastName', label: LAST_NAME_LABEL, autoComplete: 'family-name', value: lastName },
  ];
  return (
    <>
      {fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          name={field.name}
          autoComplete={field.autoComplete}
          required
          value={field.value}
          onChange={(event) => onChange(field.name, event.target.value)}
          error={fieldError(error, field.name)}
        />
      ))}
    </>
  );
}
