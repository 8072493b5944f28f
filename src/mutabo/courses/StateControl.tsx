// A course's state, changed by one explicit action whose confirmation says what visitors will see (and, for a draft,
// that the people already in the course lose its page too).
import { useState } from 'react';
import styled from 'styled-components';
import type { CourseState } from '../../../common/wireTypes.ts';
import { isRequestError } from '../../api/requestError.ts';
import { Button } from '../../components/Button.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { updateCourse } from '../api.ts';
import { Muted, Panel } from '../shell/areaParts.ts';
import type { MutaboCourse } from '../../../common/mutabo.ts';
import { COURSE_STATES } from '../../../common/enums.ts';
import { COURSE_STATE_LABELS, COURSE_STATE_VISIBILITY } from '../../../common/mutabo.ts';
import { peopleCount } from '../../../common/plural.ts';

const ACTION_LABELS: Record<CourseState, string> = {
  draft: 'Вернуть в черновики',
  announced: 'Анонсировать',
  can_be_subscribed: 'Открыть запись',
};

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

const Current = styled.p`
  font-size: ${({ theme }) => theme.fonts.sizes.lead};
`;

interface StateControlProps {
  course: MutaboCourse;
  /** Unsaved edits of the form: the state waits until they are saved, so that neither is lost. */
  dirty: boolean;
  onChanged: (course: MutaboCourse) => void;
}

export function StateControl({ course, dirty, onChanged }: StateControlProps) {
  const [target, setTarget] = useState<CourseState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const change = async () => {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      onChanged(await updateCourse(course.id, { state: target, version: course.version }));
      setTarget(null);
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setError(caught.byFields.state ?? caught.message);
      setTarget(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel aria-labelledby="course-state-title">
      <h2 id="course-state-title">Состояние курса</h2>
      <Current>
        Сейчас: <strong>{COURSE_STATE_LABELS[course.state]}</strong>. {COURSE_STATE_VISIBILITY[course.state]}
      </Current>
      {error ? <FormErrorBlock>{error}</FormErrorBlock> : null}
      {dirty ? <Muted>Чтобы изменить состояние, сначала сохраните изменения курса.</Muted> : null}
      <Actions>
        {COURSE_STATES.filter((state) => state !== course.state).map((state) => (
          <Button key={state} $variant="secondary" disabled={dirty} onClick={() => setTarget(state)}>
            {ACTION_LABELS[state]}
          </Button>
        ))}
      </Actions>
      <ConfirmDialog
        open={target !== null}
        title={target ? `${ACTION_LABELS[target]}?` : ''}
        message={
          target ? (
            <>
              <p>
                Состояние станет «{COURSE_STATE_LABELS[target]}». {COURSE_STATE_VISIBILITY[target]}
              </p>
              {target === 'draft' && course.peopleCount > 0 ? (
                <p>
                  <strong>В курсе есть участники: {peopleCount(course.peopleCount)}.</strong> Страница курса скроется и от
                  них; их места, занятия в «Моих курсах» и напоминания останутся.
                </p>
              ) : null}
            </>
          ) : null
        }
        confirmLabel={target ? ACTION_LABELS[target] : undefined}
        cancelLabel="Отмена"
        busy={busy}
        onConfirm={() => void change()}
        onClose={() => setTarget(null)}
      />
    </Panel>
  );
}
