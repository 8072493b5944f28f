// «Добавить серию занятий»: how many, the first date and time in the course's zone, every N days (weekly unless
// changed), the length, the titles (numbered, or typed one per line), published or drafts; a preview of the lessons
// it will create, then one save (POST /courses/{id}/lessons/series/). The times are those the server will make
// (common/mutabo/season.ts): the same wall time in the course's zone, across a summer-time change too.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { isRequestError } from '../../api/requestError.ts';
import { Button } from '../../components/Button.ts';
import { CheckboxField, FieldError, FormErrorBlock, TextAreaField, TextField } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { formatLessonDateTime, MOSCOW_TIME_ZONE, timeZonePhrase } from '../../../common/lessonTimeText.ts';
import type { MutaboCourse } from '../../../common/mutabo/courses.ts';
import type { MutaboLesson } from '../../../common/mutabo/lessons.ts';
import {
  DEFAULT_SERIES_STEP_DAYS,
  lessonSeriesSchema,
  MAX_SERIES_COUNT,
  MAX_SERIES_STEP_DAYS,
  numberedLessonTitle,
  seriesStarts,
  type LessonSeriesPayload,
} from '../../../common/mutabo/season.ts';
import { lessonsCount, pluralForm } from '../../../common/plural.ts';
import { timeZoneLabel } from '../../../common/timeZones.ts';
import { parseWallTime, zonedToUtc } from '../../../common/zonedTime.ts';
import { createLessonSeries } from '../api.ts';
import { saveFailure } from '../forms/saveFailure.ts';
import { issueMessages, wholeNumber } from './courseForm.ts';
import { CourseRoomField } from './CourseRoomField.tsx';

interface SeriesFormValues {
  count: string;
  /** `YYYY-MM-DD` and `HH:MM` of the first lesson in the course's zone. */
  date: string;
  time: string;
  everyDays: string;
  duration: string;
  /** One title per line; a blank line (or none) is «Занятие N». */
  titles: string;
  publish: boolean;
  /** The course's room link (filled with the one it has): saved as the course's with the series. */
  roomUrl: string;
}

const SERIES_FIELDS = ['count', 'firstStartsAt', 'everyDays', 'duration', 'titles', 'state', 'roomUrl'] as const;

const seriesFormMessages = {
  dateAndTime: 'Укажите дату и время первого занятия.',
  badDateTime: 'Дата ДД.ММ.ГГГГ и время ЧЧ:ММ.',
  titleLine: (line: number, message: string) => `Строка ${line}: ${message}`,
};

/** A new form: eight weekly lessons of an hour, published, from the course's start date when it has one, in its room. */
const emptySeriesValues = (course: Pick<MutaboCourse, 'start' | 'roomUrl'>): SeriesFormValues => ({
  count: '8',
  date: course.start ?? '',
  time: '',
  everyDays: String(DEFAULT_SERIES_STEP_DAYS),
  duration: '60',
  titles: '',
  publish: true,
  roomUrl: course.roomUrl,
});

/** The typed titles: one per line, surrounding spaces and the blank lines at the end dropped. */
function titleLines(text: string): string[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The body of the save and the starts it makes, or the messages by field. */
function seriesWrite(values: SeriesFormValues, timeZone: string): { body: LessonSeriesPayload } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  let firstStartsAt = '';
  if (values.date.trim() === '' || values.time.trim() === '') errors.firstStartsAt = seriesFormMessages.dateAndTime;
  else {
    const wall = parseWallTime(values.date, values.time);
    if (wall) firstStartsAt = zonedToUtc(wall, timeZone).toISOString();
    else errors.firstStartsAt = seriesFormMessages.badDateTime;
  }
  const body: LessonSeriesPayload = {
    count: wholeNumber(values.count),
    firstStartsAt,
    everyDays: wholeNumber(values.everyDays),
    duration: wholeNumber(values.duration),
    titles: titleLines(values.titles),
    state: values.publish ? 'published' : 'draft',
    roomUrl: values.roomUrl.trim(),
  };
  const checked = lessonSeriesSchema.safeParse(body);
  if (!checked.success) {
    for (const [key, message] of Object.entries(issueMessages(checked.error.issues))) {
      const line = /^titles\.(\d+)$/.exec(key);
      if (line) errors.titles ??= seriesFormMessages.titleLine(Number(line[1]) + 1, message);
      else errors[key] ??= message;
    }
  }
  if (Object.keys(errors).length > 0 || !checked.success) return { errors };
  return { body };
}

/** The starts the typed date, time, count and step make (whatever the other fields say), or null. */
function previewStarts(values: SeriesFormValues, timeZone: string): Date[] | null {
  const wall = parseWallTime(values.date, values.time);
  const count = wholeNumber(values.count);
  const everyDays = wholeNumber(values.everyDays);
  if (!wall || !(count >= 1 && count <= MAX_SERIES_COUNT) || !(everyDays >= 1 && everyDays <= MAX_SERIES_STEP_DAYS)) return null;
  return seriesStarts(zonedToUtc(wall, timeZone), count, everyDays, timeZone);
}

/** The preview's lines: number, title and time in the zone (long series: the first ten, then the last). */
function previewLines(values: SeriesFormValues, starts: Date[], firstNumber: number, timeZone: string): ({ number: number; text: string } | null)[] {
  const titles = titleLines(values.titles);
  const line = (start: Date, index: number) => ({
    number: firstNumber + index,
    text: `${titles[index] || numberedLessonTitle(firstNumber + index)} — ${formatLessonDateTime(start, timeZone)}`,
  });
  const all = starts.map(line);
  return all.length <= 12 ? all : [...all.slice(0, 10), null, all[all.length - 1]!];
}

const Box = styled.form`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.paper};

  h3 {
    margin-top: 0;
  }
`;

const Grid = styled.div`
  display: grid;
  gap: 0 ${({ theme }) => theme.space(3)};
  align-items: end;

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Fieldset = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space(2)};
    padding: 0;
    font-weight: 600;
  }
`;

/** The date and the time side by side from a tablet's width; one under the other on a phone (a date needs the room). */
const Pair = styled.div`
  max-width: 32rem;
  display: grid;
  gap: 0 ${({ theme }) => theme.space(3)};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Hint = styled.p`
  margin: -${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  color: ${({ theme }) => theme.colors.muted};
`;

const Preview = styled.ol`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fonts.sizes.small};

  li {
    padding: ${({ theme }) => theme.space(1)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

interface SeriesFormProps {
  course: MutaboCourse;
  onCancel: () => void;
  /** After the save: the lessons made, in number order. */
  onCreated: (lessons: MutaboLesson[]) => void;
}

export function SeriesForm({ course, onCancel, onCreated }: SeriesFormProps) {
  const [values, setValues] = useState(() => emptySeriesValues(course));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [block, setBlock] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const headingId = useId();
  const box = useRef<HTMLFormElement>(null);
  // Opened by its button: the first field takes the focus (and the screen scrolls to it on a phone).
  useEffect(() => {
    box.current?.querySelector('input')?.focus();
  }, []);
  const previewId = useId();
  const zone = course.timeZone === MOSCOW_TIME_ZONE ? timeZonePhrase(course.timeZone) : `по времени курса: ${timeZoneLabel(course.timeZone)}`;
  const firstNumber = Math.max(0, ...course.lessons.map((lesson) => lesson.number)) + 1;
  const starts = previewStarts(values, course.timeZone);
  const lines = starts ? previewLines(values, starts, firstNumber, course.timeZone) : [];

  const change = (patch: Partial<SeriesFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key === 'date' || key === 'time' ? 'firstStartsAt' : key === 'publish' ? 'state' : key];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = seriesWrite(values, course.timeZone);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    setErrors({});
    setBlock(undefined);
    try {
      onCreated(await createLessonSeries(course.id, checked.body));
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      const failure = saveFailure(caught, SERIES_FIELDS);
      const titles = Object.entries(failure.fields).find(([key]) => key.startsWith('titles.'));
      setErrors({ ...failure.fields, ...(titles ? { titles: seriesFormMessages.titleLine(Number(titles[0].slice(7)) + 1, titles[1]) } : {}) });
      setBlock(failure.stale ?? failure.block);
      setSaving(false);
    }
  };

  const count = starts ? starts.length : null;
  return (
    <Box ref={box} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>Серия занятий</h3>
      {block ? <FormErrorBlock>{block}</FormErrorBlock> : null}
      <Fieldset aria-describedby={errors.firstStartsAt ? `${headingId}-start-error` : undefined}>
        <legend>Первое занятие {zone}</legend>
        <Pair>
          <TextField label="Дата" name="date" type="date" value={values.date} aria-invalid={errors.firstStartsAt ? true : undefined} onChange={(e) => change({ date: e.target.value })} />
          <TextField label="Время" name="time" type="time" value={values.time} aria-invalid={errors.firstStartsAt ? true : undefined} onChange={(e) => change({ time: e.target.value })} />
        </Pair>
        {errors.firstStartsAt ? <FieldError id={`${headingId}-start-error`}>{errors.firstStartsAt}</FieldError> : null}
      </Fieldset>
      <Grid>
        <TextField label="Сколько занятий" name="count" inputMode="numeric" value={values.count} error={errors.count} onChange={(e) => change({ count: e.target.value })} />
        <TextField
          label="Через сколько дней повторять"
          name="everyDays"
          inputMode="numeric"
          value={values.everyDays}
          error={errors.everyDays}
          {...(errors.everyDays ? {} : { 'aria-describedby': `${headingId}-step` })}
          onChange={(e) => change({ everyDays: e.target.value })}
        />
        <TextField
          label="Длительность, минут"
          name="duration"
          inputMode="numeric"
          value={values.duration}
          error={errors.duration}
          onChange={(e) => change({ duration: e.target.value })}
        />
      </Grid>
      <Hint id={`${headingId}-step`}>7 дней — раз в неделю, 14 — раз в две недели. Время занятий не сдвинется и при переходе на летнее или зимнее время.</Hint>
      <TextAreaField
        label="Названия — по одному в строке (необязательно)"
        name="titles"
        rows={3}
        value={values.titles}
        error={errors.titles}
        placeholder={`${numberedLessonTitle(firstNumber)}\n${numberedLessonTitle(firstNumber + 1)}`}
        onChange={(e) => change({ titles: e.target.value })}
      />
      <Hint>Занятие без названия получит номер: «{numberedLessonTitle(firstNumber)}». Текст и запись можно добавить потом в каждом занятии.</Hint>
      <CourseRoomField value={values.roomUrl} error={errors.roomUrl} onChange={(roomUrl) => change({ roomUrl })} />
      <Hint>Ссылка станет ссылкой курса: её получат эти занятия и все занятия курса без своей ссылки.</Hint>
      <CheckboxField
        label="Сразу опубликовать занятия (посетители увидят их, когда курс будет в анонсе или с открытой записью)"
        checked={values.publish}
        error={errors.state}
        onChange={(e) => change({ publish: e.target.checked })}
      />
      {count !== null ? (
        <section aria-labelledby={previewId}>
          <h4 id={previewId}>
            {pluralForm(count, ['Будет добавлено', 'Будут добавлены', 'Будет добавлено'])} {lessonsCount(count)}:
          </h4>
          <Preview>
            {lines.map((line) =>
              line ? (
                <li key={line.number}>
                  {line.number}. {line.text}
                </li>
              ) : (
                <li key="gap" aria-hidden="true">
                  …
                </li>
              ),
            )}
          </Preview>
        </section>
      ) : (
        <Hint>Укажите дату и время первого занятия — здесь появится список занятий с датами.</Hint>
      )}
      <Actions>
        <LoadingButton loading={saving}>{count !== null ? `Добавить ${lessonsCount(count)}` : 'Добавить занятия'}</LoadingButton>
        <Button $variant="secondary" onClick={onCancel} disabled={saving}>
          Отмена
        </Button>
      </Actions>
    </Box>
  );
}

/** The status line after a series is made: «Добавлены 4 занятия: 5–8.» */
export function seriesNotice(lessons: MutaboLesson[]): string {
  if (lessons.length === 0) return '';
  const numbers = lessons.map((lesson) => lesson.number);
  const range = numbers.length === 1 ? `${numbers[0]}` : `${numbers[0]}–${numbers[numbers.length - 1]}`;
  return `${pluralForm(lessons.length, ['Добавлено', 'Добавлены', 'Добавлено'])} ${lessonsCount(lessons.length)}: ${range}.`;
}
