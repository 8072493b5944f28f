// A lesson without a time is held when its author says so: «Занятие проведено», after a confirmation (the paid
// participants' settlement receipts are sent then, and the mark cannot be taken back); a held lesson says when.
import { Button } from '../../components/Button.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import type { MutaboLesson } from '../../../common/mutabo/lessons.ts';
import { markLessonHeld } from '../api.ts';
import { Muted, Notice, Panel } from '../shell/areaParts.ts';
import { formatDateTime } from '../shell/timeText.ts';
import { useConfirmedAction } from '../shell/useConfirmedAction.ts';

const noReload = () => undefined;

/** Shown for a lesson already held, or a published one without a time; `lesson` is the one the server answered. */
export function HeldPanel({ lesson, onHeld }: { lesson: MutaboLesson; onHeld: (lesson: MutaboLesson) => void }) {
  const action = useConfirmedAction<true>(noReload);
  const { asking, busy, notice, error, outcome } = action;
  if (!lesson.heldAt && (lesson.state !== 'published' || lesson.startsAt !== null)) return null;

  const markHeld = () =>
    action.run(async () => {
      onHeld(await markLessonHeld(lesson.id));
      return 'Занятие отмечено проведённым: чеки зачёта предоплаты отправляются участникам, оплатившим его.';
    });

  return (
    <Panel aria-labelledby="lesson-held-title">
      <h2 id="lesson-held-title">Проведение занятия</h2>
      <div ref={outcome} tabIndex={-1}>
        {notice ? <Notice>{notice}</Notice> : null}
        {error ? <FormErrorBlock>{error}</FormErrorBlock> : null}
      </div>
      {lesson.heldAt ? (
        <p>
          <strong>Проведено {formatDateTime(lesson.heldAt)}</strong>
        </p>
      ) : (
        <>
          <Muted>
            У занятия нет времени: отметьте его проведённым, когда оно пройдёт. Тогда участникам, оплатившим его, уйдут чеки
            зачёта предоплаты.
          </Muted>
          <Button $variant="secondary" disabled={busy} onClick={() => action.ask(true)}>
            Занятие проведено
          </Button>
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        title="Отметить занятие проведённым?"
        message={
          <>
            <p>
              Участникам, оплатившим занятие «{lesson.title || 'Без названия'}», будут отправлены чеки зачёта предоплаты через
              ЮKassa.
            </p>
            <p>Отменить отметку нельзя.</p>
          </>
        }
        confirmLabel="Отметить проведённым"
        cancelLabel="Отмена"
        busy={busy}
        onConfirm={() => void markHeld()}
        onClose={action.cancel}
      />
    </Panel>
  );
}
