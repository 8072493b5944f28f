// A course's state, changed by one explicit action whose confirmation says what visitors will see (and, for a draft,
// that the people already in the course lose its page too). Opening enrollment on a course without prices asks first
// whether it is free, and says how the course page will show it; a title the catalogue hides is said beside the state.
import { useState } from 'react';
import styled from 'styled-components';
import type { CourseState } from '../../../common/wireTypes.ts';
import { isRequestError } from '../../api/requestError.ts';
import { Button } from '../../components/Button.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { updateCourse } from '../api.ts';
import { Muted, Panel } from '../shell/areaParts.ts';
import type { MutaboCourse } from '../../../common/mutabo/courses.ts';
import { COURSE_STATES } from '../../../common/enums.ts';
import { COURSE_STATE_LABELS, COURSE_STATE_VISIBILITY } from '../../../common/mutabo/courses.ts';
import { peopleCount } from '../../../common/plural.ts';
import { isTestCourse } from '../../../common/catalogue.ts';
import { NO_COURSE_PRICE } from '../../lib/coursePanelRules.ts';
import { PARTICIPATE_LABEL } from '../../features/enrollment/ParticipationControl.tsx';
import { TEST_TITLE_WARNING, TestTitleWarning } from './TestTitleWarning.tsx';

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

const FREE_OPENING_TITLE = 'Открыть запись на бесплатный курс?';
const FREE_OPENING_CONFIRM = 'Открыть бесплатно';
const FREE_OPENING_CANCEL = 'Сначала задать цены';

/** What opening enrollment without prices means, in the words the course page will use (CourseSidePanel). */
function FreeOpeningText() {
  return (
    <>
      <p>У курса нет цен, поэтому запись на него будет бесплатной.</p>
      <p>
        На странице курса вместо цен будет написано «{NO_COURSE_PRICE}» и кнопка «{PARTICIPATE_LABEL}». Записавшийся займёт
        место на каждом опубликованном занятии, а подтверждаете участие вы: такие люди появятся на «Сводке» и в «Участниках»
        курса.
      </p>
      <p>Если курс платный, нажмите «{FREE_OPENING_CANCEL}»: отметьте валюту в ценах курса ниже и сохраните курс.</p>
    </>
  );
}

/** The first currency checkbox of the course form's prices («Продавать за рубли»), brought into view and focused. */
function focusPrices() {
  const legends = Array.from(document.querySelectorAll<HTMLLegendElement>('form[aria-label="Курс"] legend'));
  const box = legends.find((legend) => legend.textContent?.startsWith('Цены'))?.parentElement?.querySelector<HTMLInputElement>('input[type="checkbox"]');
  if (!box) return;
  box.scrollIntoView?.({ block: 'center' });
  box.focus({ preventScroll: true });
}

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
  // Opening without prices makes the course free: the dialog asks that question instead.
  const free = target === 'can_be_subscribed' && course.prices.length === 0;
  const hidden = isTestCourse(course.title);

  const close = () => {
    setTarget(null);
    // The dialog gives focus back to its opener when it closes; the prices take it after that.
    if (free) window.setTimeout(focusPrices, 0);
  };

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
      {course.state !== 'draft' ? <TestTitleWarning title={course.title} /> : null}
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
        title={free ? FREE_OPENING_TITLE : target ? `${ACTION_LABELS[target]}?` : ''}
        message={
          target ? (
            <>
              {free ? (
                <FreeOpeningText />
              ) : (
                <p>
                  Состояние станет «{COURSE_STATE_LABELS[target]}». {COURSE_STATE_VISIBILITY[target]}
                </p>
              )}
              {target !== 'draft' && hidden ? (
                <p>
                  <strong>{TEST_TITLE_WARNING}</strong> Его страница откроется только по прямой ссылке.
                </p>
              ) : null}
              {target === 'draft' && course.peopleCount > 0 ? (
                <p>
                  <strong>В курсе есть участники: {peopleCount(course.peopleCount)}.</strong> Страница курса скроется и от
                  них; их места, занятия в «Моих курсах» и напоминания останутся.
                </p>
              ) : null}
            </>
          ) : null
        }
        confirmLabel={free ? FREE_OPENING_CONFIRM : target ? ACTION_LABELS[target] : undefined}
        cancelLabel={free ? FREE_OPENING_CANCEL : 'Отмена'}
        busy={busy}
        onConfirm={() => void change()}
        onClose={close}
      />
    </Panel>
  );
}
