// Deleting a course, after a confirmation; the server refuses (409) while anyone holds or paid for a place.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isRequestError } from '../../api/requestError.ts';
import { Button } from '../../components/Button.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { useRunMutation } from '../../data/mutation.ts';
import { deleteCourse } from '../api.ts';
import { areaPaths } from '../areaPaths.ts';
import { Panel } from '../shell/areaParts.ts';
import type { MutaboCourse } from '../../../common/mutabo/courses.ts';

export function DeleteCourse({ course, onDeleted }: { course: MutaboCourse; onDeleted: () => void }) {
  const mutate = useRunMutation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await mutate(() => deleteCourse(course.id), { invalidates: ['courses'] });
      onDeleted();
      void navigate(areaPaths.courses);
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setError(caught.message);
      setAsking(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel aria-labelledby="course-delete-title">
      <h2 id="course-delete-title">Удаление курса</h2>
      <p>Удалить можно курс, в котором никто не занял и не оплатил место.</p>
      {error ? <FormErrorBlock>{error}</FormErrorBlock> : null}
      <Button $variant="secondary" onClick={() => setAsking(true)}>
        Удалить курс
      </Button>
      <ConfirmDialog
        open={asking}
        title="Удалить курс?"
        message={<p>Курс «{course.title}» и все его занятия будут удалены без возможности восстановления.</p>}
        confirmLabel="Удалить"
        cancelLabel="Отмена"
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setAsking(false)}
      />
    </Panel>
  );
}
