// «Формат» and «Запись доступна» of the course form (issue 34): a course of webinars or one in recordings, and how long
// a lesson's recording stays open to its participants (always, or N days after the lesson). The server's messages
// show under each.
import { useId } from 'react';
import styled from 'styled-components';
import { COURSE_FORMAT_LABELS, COURSE_FORMATS, MAX_RECORDING_DAYS } from '../../../common/recordings.ts';
import { FieldError } from '../../components/form/fields.tsx';
import { pluralForm } from '../../../common/plural.ts';
import { DAY_FORMS } from '../people/recordingAccessText.ts';
import { FramedFieldset } from '../shell/areaParts.ts';
import type { CourseFormValues } from './courseForm.ts';

const Choice = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(2)};

  input[type='radio'] {
    width: 1.25rem;
    height: 1.25rem;
    margin: 0;
    flex: none;
  }
`;

const Days = styled.input<{ $invalid: boolean }>`
  flex: none;
  width: 6rem;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  font: inherit;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
`;

const Hint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

const FORMAT_HINTS = {
  live: 'Занятия проходят в назначенное время; запись, если она есть, участники смотрят после занятия.',
  recorded: 'У занятий нет времени: каждое — запись, которую участник смотрит сразу после оплаты.',
} as const;

interface CourseFormatFieldsProps {
  values: Pick<CourseFormValues, 'format' | 'recordingAlways' | 'recordingDays'>;
  errors: Record<string, string>;
  onChange: (patch: Partial<CourseFormValues>) => void;
}

export function CourseFormatFields({ values, errors, onChange }: CourseFormatFieldsProps) {
  const id = useId();
  const formatError = `${id}-format-error`;
  const daysError = `${id}-days-error`;
  const daysInput = `${id}-days`;
  const typed = Number(values.recordingDays);
  const daysWord = pluralForm(Number.isInteger(typed) ? typed : 5, DAY_FORMS);
  return (
    <>
      <FramedFieldset aria-describedby={errors.format ? formatError : undefined}>
        <legend>Формат</legend>
        {COURSE_FORMATS.map((format) => (
          <Choice key={format}>
            <input type="radio" name="format" value={format} checked={values.format === format} onChange={() => onChange({ format })} />
            {COURSE_FORMAT_LABELS[format]}
          </Choice>
        ))}
        <Hint>{FORMAT_HINTS[values.format]}</Hint>
        {errors.format ? <FieldError id={formatError}>{errors.format}</FieldError> : null}
      </FramedFieldset>
      <FramedFieldset aria-describedby={errors.recordingDays ? daysError : undefined}>
        <legend>Запись доступна</legend>
        <Choice>
          <input type="radio" name="recordingAccess" checked={values.recordingAlways} onChange={() => onChange({ recordingAlways: true })} />
          всегда
        </Choice>
        <Choice>
          <input
            type="radio"
            name="recordingAccess"
            aria-label={`${values.recordingDays.trim() || 'N'} ${daysWord} после занятия`}
            checked={!values.recordingAlways}
            onChange={() => onChange({ recordingAlways: false })}
          />
          <Days
            id={daysInput}
            type="number"
            name="recordingDays"
            inputMode="numeric"
            min={1}
            max={MAX_RECORDING_DAYS}
            aria-label="Сколько дней после занятия доступна запись"
            aria-invalid={errors.recordingDays ? true : undefined}
            aria-describedby={errors.recordingDays ? daysError : undefined}
            $invalid={Boolean(errors.recordingDays)}
            value={values.recordingDays}
            onFocus={() => onChange({ recordingAlways: false })}
            onChange={(event) => onChange({ recordingAlways: false, recordingDays: event.target.value })}
          />
          <span aria-hidden="true">{daysWord} после занятия</span>
        </Choice>
        <Hint>После этого срока участник видит, до какого дня запись была доступна. Продлить срок одному человеку можно в его карточке.</Hint>
        {errors.recordingDays ? <FieldError id={daysError}>{errors.recordingDays}</FieldError> : null}
      </FramedFieldset>
    </>
  );
}
