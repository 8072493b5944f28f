// The period of «Статистика»: presets, the two days (told under the field when the start is after the end, in the
// server's words), weeks or months, and the course. Every valid choice goes to the address at once, so a reload or a
// shared link shows the same; days that cannot be asked for stay in the fields with their error until corrected.
import { useState } from 'react';
import styled from 'styled-components';
import { periodErrors, type StatsGrouping } from '../../../common/stats.ts';
import { idFromText } from '../../../common/ids.ts';
import { Button } from '../../components/Button.ts';
import { SelectField, TextField } from '../../components/form/fields.tsx';
import { CourseSelect } from '../content/CourseSelect.tsx';
import { FramedFieldset } from '../shell/areaParts.ts';
import { PRESETS, presetOf, presetPeriod, type StatsView } from './statsPeriod.ts';

const Presets = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};

  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0 ${({ theme }) => theme.space(3)};

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }

  /* The course's title may be long: its own row on a phone. */
  & > :last-child {
    grid-column: 1 / -1;

    ${({ theme }) => theme.media.desktop} {
      grid-column: auto;
    }
  }
`;

interface PeriodPickerProps {
  view: StatsView;
  today: string;
  onChange: (view: StatsView) => void;
}

export function PeriodPicker({ view, today, onChange }: PeriodPickerProps) {
  // What is typed, until it is a period that can be asked for; the address wins whenever it changes.
  const [typed, setTyped] = useState({ from: view.from, to: view.to, seen: `${view.from}/${view.to}` });
  if (typed.seen !== `${view.from}/${view.to}`) setTyped({ from: view.from, to: view.to, seen: `${view.from}/${view.to}` });
  const errors = periodErrors(typed.from, typed.to);
  const current = presetOf(view, today);

  const type = (field: 'from' | 'to', value: string) => {
    const next = { ...typed, [field]: value };
    setTyped(next);
    const nextErrors = periodErrors(next.from, next.to);
    if (!nextErrors.from && !nextErrors.to) onChange({ ...view, from: next.from, to: next.to });
  };

  return (
    <FramedFieldset>
      <legend>Период и курс</legend>
      <Presets role="group" aria-label="Быстрый выбор периода">
        {PRESETS.map((preset) => (
          <Button
            key={preset.value}
            type="button"
            $variant="secondary"
            aria-pressed={current === preset.value}
            onClick={() => onChange({ ...view, ...presetPeriod(preset.value, today) })}
          >
            {preset.label}
          </Button>
        ))}
      </Presets>
      <Fields>
        <TextField label="С" type="date" name="from" value={typed.from} max={typed.to || undefined} error={errors.from} onChange={(event) => type('from', event.target.value)} />
        <TextField label="По" type="date" name="to" value={typed.to} min={typed.from || undefined} error={errors.to} onChange={(event) => type('to', event.target.value)} />
        <SelectField label="Группировка" name="by" value={view.by} onChange={(event) => onChange({ ...view, by: event.target.value as StatsGrouping })}>
          <option value="week">По неделям</option>
          <option value="month">По месяцам</option>
        </SelectField>
        <CourseSelect
          label="Курс"
          value={view.course ? String(view.course) : ''}
          current={null}
          none="Все курсы"
          onChange={(value) => onChange({ ...view, course: idFromText(value) })}
        />
      </Fields>
    </FramedFieldset>
  );
}
