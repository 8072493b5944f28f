// «Скопировать курс» for the next season: the new first date and whether the copy's lessons are published at once,
// then POST /courses/{id}/copy/ and the new draft course opens in the editor. The new first lesson is previewed as the
// server will place it (the same time of day in the course's zone; the others keep their spacing).
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { isRequestError } from '../../api/requestError.ts';
import { Button } from '../../components/Button.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { CheckboxField, FormErrorBlock, TextField } from '../../components/form/fields.tsx';
import { useRunMutation } from '../../data/mutation.ts';
import { formatLessonTime } from '../../../common/lessonTimeText.ts';
import type { MutaboCourse } from '../../../common/mutabo/courses.ts';
import { addDays, courseCopySchema, daysBetween } from '../../../common/mutabo/season.ts';
import { dateInputValue, wallTimeAt, zonedToUtc } from '../../../common/zonedTime.ts';
import { copyCourse } from '../api.ts';
import { areaPaths } from '../areaPaths.ts';
import { saveFailure } from '../forms/saveFailure.ts';
import { issueMessages } from './courseForm.ts';

/** What the editor says when it opens the copy (the navigation's state carries the old course's title). */
export const copiedNotice = (title: string) =>
  `Это копия курса «${title}» — новый черновик. Проверьте даты занятий и цены, затем откройте запись.`;

/** The course's first timed lesson start, or null. */
function firstStart(course: MutaboCourse): Date | null {
  const starts = course.lessons.flatMap((lesson) => (lesson.startsAt ? [new Date(lesson.startsAt)] : []));
  return starts.length === 0 ? null : new Date(Math.min(...starts.map((start) => start.getTime())));
}

/** The date the copy is moved from: the first timed lesson's in the zone, else the course's start. */
function fromDate(course: MutaboCourse): string | null {
  const first = firstStart(course);
  return first ? dateInputValue(wallTimeAt(first, course.timeZone)) : course.start;
}

/** A year later on the same weekday (52 weeks), the season's usual rhythm. */
function nextSeason(date: string | null): string {
  if (!date) return '';
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return dateInputValue(addDays({ year, month, day, hour: 0, minute: 0 }, 364));
}

const Small = styled.p`
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  color: ${({ theme }) => theme.colors.muted};
`;

export function CopyCourse({ course }: { course: MutaboCourse }) {
  const mutate = useRunMutation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState(() => nextSeason(fromDate(course)));
  const [publishLessons, setPublishLessons] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [block, setBlock] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const first = firstStart(course);
  const from = fromDate(course);
  const validStart = courseCopySchema.safeParse({ start }).success;
  const movedFirst = first && validStart ? zonedToUtc(addDays(wallTimeAt(first, course.timeZone), daysBetween(from!, start)), course.timeZone) : null;

  const submit = async () => {
    if (busy) return;
    const checked = courseCopySchema.safeParse({ start, publishLessons });
    if (!checked.success) {
      setError(issueMessages(checked.error.issues).start);
      return;
    }
    setBusy(true);
    setError(undefined);
    setBlock(undefined);
    try {
      const copy = await mutate(() => copyCourse(course.id, { start, publishLessons }), { invalidates: ['courses'] });
      setOpen(false);
      void navigate(areaPaths.course(copy.id), { state: { copiedFrom: course.title } });
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      const failure = saveFailure(caught, ['start', 'publishLessons']);
      setError(failure.fields.start ?? failure.fields.publishLessons);
      setBlock(failure.stale ?? failure.block);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button $variant="secondary" onClick={() => setOpen(true)}>
        Скопировать курс
      </Button>
      <ConfirmDialog
        open={open}
        title="Скопировать курс для нового набора?"
        message={
          <>
            <p>
              Будет создан новый курс-черновик с теми же текстами, картинкой, ценами, авторами и занятиями. Участники, платежи, рассылки и история
              изменений не копируются.
            </p>
            {block ? <FormErrorBlock>{block}</FormErrorBlock> : null}
            <TextField
              label="Дата первого занятия нового курса"
              name="copyStart"
              type="date"
              value={start}
              error={error}
              onChange={(event) => {
                setStart(event.target.value);
                setError(undefined);
              }}
            />
            {first ? (
              <Small>
                Сейчас первое занятие — {formatLessonTime(first, course.timeZone)}.{' '}
                {movedFirst ? `В копии: ${formatLessonTime(movedFirst, course.timeZone)}. ` : ''}
                Остальные занятия сдвинутся на столько же дней, время начала сохранится; занятия без времени останутся без времени.
              </Small>
            ) : (
              <Small>
                {course.start ? 'У занятий нет времени: на столько же дней сдвинутся даты курса.' : 'У занятий нет времени: новый курс начнётся в этот день.'}
              </Small>
            )}
            <CheckboxField
              label="Сразу опубликовать занятия копии (иначе они будут черновиками)"
              checked={publishLessons}
              onChange={(event) => setPublishLessons(event.target.checked)}
            />
          </>
        }
        confirmLabel="Скопировать"
        cancelLabel="Отмена"
        busy={busy}
        onConfirm={() => void submit()}
        onClose={() => {
          if (!busy) setOpen(false);
        }}
      />
    </>
  );
}
