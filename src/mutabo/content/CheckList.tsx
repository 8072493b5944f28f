// A set of ids chosen with checkboxes (the categories of a library item, its courses), with the message of the set.
// While the choices load it says so, and when they cannot be loaded it says why: never «there are none» then.
import styled from 'styled-components';
import { CheckboxField, FieldError } from '../../components/form/fields.tsx';
import { InlineSpinner } from '../../components/InlineSpinner.ts';

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

const Loading = styled.p`
  display: flex;
  align-items: center;
`;

interface CheckListProps {
  legend: string;
  /** The choices; undefined while they load or when they could not be loaded. */
  options: { id: number; label: string }[] | undefined;
  /** Why the choices could not be loaded. */
  loadError?: string;
  /** The name of a chosen id the choices do not hold (a course another author leads, a list that did not load). */
  unknownLabel: (id: number) => string;
  chosen: number[];
  empty: string;
  error?: string;
  onChange: (chosen: number[]) => void;
}

export function CheckList({ legend, options, loadError, unknownLabel, chosen, empty, error, onChange }: CheckListProps) {
  const loading = options === undefined && !loadError;
  // What is chosen stays shown, so it can be unchosen and is visibly kept by a save.
  const shown = loading ? [] : [...(options ?? [])];
  for (const id of chosen) if (!loading && !shown.some((option) => option.id === id)) shown.push({ id, label: unknownLabel(id) });
  return (
    <Fieldset>
      <legend>{legend}</legend>
      {loading ? (
        <Loading role="status">
          <InlineSpinner />
          Загружаем список…
        </Loading>
      ) : null}
      {loadError ? <FieldError>Не удалось загрузить список: {loadError}</FieldError> : null}
      {options !== undefined && shown.length === 0 ? <p>{empty}</p> : null}
      {shown.map((option) => (
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
