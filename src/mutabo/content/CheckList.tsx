// A set of ids chosen with checkboxes (the categories of a library item, its courses), with the message of the set.
import styled from 'styled-components';
import { CheckboxField, FieldError } from '../../components/form/fields.tsx';

const Fieldset = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)} 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};

  legend {
    padding: 0 ${({ theme }) => theme.space(1)};
    font-weight: 600;
  }

  & > p {
    margin-bottom: ${({ theme }) => theme.space(3)};
  }
`;

interface CheckListProps {
  legend: string;
  options: { id: number; label: string }[];
  chosen: number[];
  empty: string;
  error?: string;
  onChange: (chosen: number[]) => void;
}

export function CheckList({ legend, options, chosen, empty, error, onChange }: CheckListProps) {
  return (
    <Fieldset>
      <legend>{legend}</legend>
      {options.length === 0 ? <p>{empty}</p> : null}
      {options.map((option) => (
        <CheckboxField
          key={option.id}
          label={option.label}
          checked={chosen.includes(option.id)}
          onChange={(event) => onChange(event.target.checked ? [...chosen, option.id] : chosen.filter((id) => id !== option.id))}
        />
      ))}
      {error ? <FieldError>{error}</FieldError> : null}
    </Fieldset>
  );
}
