// The lessons of a course in the editor: add, edit, move up and down, publish or hide, delete. Hiding a lesson that
// people hold or wait for asks first, saying how many and who gets the letter that it is cancelled; publishing and
// hiding say what happened in a status line above the list.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { isRequestError } from '../../api/requestError.ts';
import { Button, ButtonLink } from '../../components/Button.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { LessonTime } from '../../features/schedule/LessonTime.tsx';
import { deleteLesson, orderLessons, updateLesson } from '../api.ts';
import { areaPaths } from '../areaPaths.ts';
import { Muted, Notice, Panel, RowActions, TitleRow } from '../shell/areaParts.ts';
import { useConfirmedAction } from '../shell/useConfirmedAction.ts';
import type { MutaboCourse } from '../../../common/mutabo/courses.ts';
import type { MutaboLesson } from '../../../common/mutabo/lessons.ts';
import { LESSON_STATE_LABELS } from '../../../common/mutabo/lessons.ts';
import { DraftWarning } from '../lessons/DraftWarning.tsx';
import { SeriesForm, seriesNotice } from './SeriesForm.tsx';

const List = styled.ol`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
  }
`;

const Facts = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

/** The status line: always there (a live region must exist before its text changes), taking no room while empty. */
const Status = styled(Notice)`
  &:empty {
    margin: 0;
    padding: 0;
    border: 0;
  }
`;

type Move = 'up' | 'down';

/** A lesson's title in quotes, unless it is in quotes of its own («Нос» stays «Нос»). */
interface LessonsPanelProps {
  course: MutaboCourse;
  /** After a change of the lessons: the course is read again. */
  onChanged: () => void;
}

export function LessonsPanel({ course, onChanged }: LessonsPanelProps) {
  const lessons = [...course.lessons].sort((a, b) => a.number - b.number);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<MutaboLesson | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusAfter, setFocusAfter] = useState<{ id: number; move: Move } | null>(null);
  // Publishing and hiding: the confirmation (when people are in the lesson) and the status line.
  const stateChange = useConfirmedAction<MutaboLesson>(onChanged);
  const { asking, notice, outcome } = stateChange;
  const working = busy || stateChange.busy;
  const failure = error ?? stateChange.error;
  // «Добавить серию занятий» opens its form here, above the list; after the save the status line says what was added.
  const [addingSeries, setAddingSeries] = useState(false);
  const seriesButton = useRef<HTMLButtonElement>(null);

  // A moved lesson keeps keyboard focus on its button (or the other one when it reached an end of the list).
  useEffect(() => {
    if (!focusAfter) return;
    const same = buttons.current.get(`${focusAfter.id}:${focusAfter.move}`);
    const other = buttons.current.get(`${focusAfter.id}:${focusAfter.move === 'up' ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [focusAfter, course]);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      onChanged();
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setError(caught.message);
    } finally {
      setBusy(false);
    }
  };

  const move = (index: number, direction: Move) => {
    const order = lessons.map((lesson) => lesson.id);
    const other = direction === 'up' ? index - 1 : index + 1;
    [order[index], order[other]] = [order[other]!, order[index]!];
    setFocusAfter({ id: lessons[index]!.id, move: direction });
    void run(() => orderLessons(course.id, order));
  };

  const publish = (lesson: MutaboLesson) =>
    stateChange.run(async () => {
      await updateLesson(lesson.id, { state: 'published', version: lesson.version });
      return `Занятие ${lesson.number} опубликовано.`;
    });

  const toDraft = (lesson: MutaboLesson) =>
    stateChange.run(async () => {
      await updateLesson(lesson.id, { state: 'draft', version: lesson.version });
      return lesson.people.toldIfDrafted > 0
        ? `Занятие ${lesson.number} снято с публикации; участникам отправлено письмо об отмене.`
        : `Занятие ${lesson.number} снято с публикации.`;
    });

  const toggleState = (lesson: MutaboLesson) => {
    setError(null);
    if (lesson.state !== 'published') void publish(lesson);
    else if (lesson.people.holding + lesson.people.waiting > 0) stateChange.ask(lesson);
    else void toDraft(lesson);
  };

  const setButton = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  return (
    <Panel aria-labelledby="course-lessons-title">
      <TitleRow>
        <h2 id="course-lessons-title">Занятия</h2>
        <RowActions>
          <Button ref={seriesButton} aria-expanded={addingSeries} onClick={() => setAddingSeries((open) => !open)}>
            Добавить серию занятий
          </Button>
          <ButtonLink $variant="secondary" to={areaPaths.newLesson(course.id)}>Добавить занятие</ButtonLink>
        </RowActions>
      </TitleRow>
      {addingSeries ? (
        <SeriesForm
          course={course}
          onCancel={() => {
            setAddingSeries(false);
            seriesButton.current?.focus();
          }}
          onCreated={(created) => {
            setAddingSeries(false);
            void stateChange.run(() => Promise.resolve(seriesNotice(created)));
          }}
        />
      ) : null}
      <div ref={outcome} tabIndex={-1}>
        <Status>{notice}</Status>
        {failure ? <FormErrorBlock>{failure}</FormErrorBlock> : null}
      </div>
      {lessons.length === 0 ? (
        <Muted>Занятий пока нет. Для записи на курс нужно хотя бы одно опубликованное занятие.</Muted>
      ) : (
        <List aria-busy={working || undefined}>
          {lessons.map((lesson, index) => (
            <Item key={lesson.id}>
              <div>
                <Link to={areaPaths.lesson(course.id, lesson.id)}>
                  {lesson.number}. {lesson.title || 'Без названия'}
                </Link>
                <Facts>
                  {LESSON_STATE_LABELS[lesson.state]} · {lesson.duration} мин. ·{' '}
                  {lesson.startsAt ? <LessonTime startsAt={lesson.startsAt} timeZone={course.timeZone} /> : 'время не назначено'}
                </Facts>
              </div>
              <RowActions>
                <Button
                  ref={setButton(`${lesson.id}:up`)}
                  $variant="secondary"
                  disabled={working || index === 0}
                  aria-label={`Занятие «${lesson.title}»: выше`}
                  onClick={() => move(index, 'up')}
                >
                  ↑ Выше
                </Button>
                <Button
                  ref={setButton(`${lesson.id}:down`)}
                  $variant="secondary"
                  disabled={working || index === lessons.length - 1}
                  aria-label={`Занятие «${lesson.title}»: ниже`}
                  onClick={() => move(index, 'down')}
                >
                  ↓ Ниже
                </Button>
                <Button
                  $variant="secondary"
                  disabled={working}
                  aria-label={`Занятие «${lesson.title}»: ${lesson.state === 'published' ? 'скрыть в черновики' : 'опубликовать'}`}
                  onClick={() => toggleState(lesson)}
                >
                  {lesson.state === 'published' ? 'В черновики' : 'Опубликовать'}
                </Button>
                <Button
                  $variant="secondary"
                  disabled={working}
                  aria-label={`Занятие «${lesson.title}»: удалить`}
                  onClick={() => setDeleting(lesson)}
                >
                  Удалить
                </Button>
              </RowActions>
            </Item>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Удалить занятие?"
        message={deleting ? <p>Занятие «{deleting.title}» будет удалено без возможности восстановления.</p> : null}
        confirmLabel="Удалить"
        cancelLabel="Отмена"
        busy={busy}
        onConfirm={() => {
          const lesson = deleting!;
          setDeleting(null);
          void run(() => deleteLesson(lesson.id));
        }}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={asking !== null}
        title="Вернуть занятие в черновики?"
        message={asking ? <DraftWarning lesson={asking} /> : null}
        confirmLabel="Вернуть в черновики"
        cancelLabel="Отмена"
        busy={working}
        onConfirm={() => void toDraft(asking!)}
        onClose={stateChange.cancel}
      />
    </Panel>
  );
}
