// Deleting one thing of the shared content, after a confirmation; the server's refusal (409) is shown as it says it.
import { useState } from 'react';
import { isRequestError } from '../../api/requestError.ts';
import { Button } from '../../components/Button.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { Panel } from '../shell/areaParts.ts';

interface DeletePanelProps {
  /** «Удалить цитату». */
  action: string;
  /** The dialog's text: what goes and that it cannot be undone. */
  message: string;
  remove: () => Promise<unknown>;
  onDeleted: () => void;
}

export function DeletePanel({ action, message, remove, onDeleted }: DeletePanelProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = `delete-${action.replace(/\s+/g, '-')}`;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await remove();
      onDeleted();
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setError(caught.message);
      setAsking(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel aria-labelledby={titleId}>
      <h2 id={titleId}>Удаление</h2>
      {error ? <FormErrorBlock>{error}</FormErrorBlock> : null}
      <Button $variant="secondary" onClick={() => setAsking(true)}>
        {action}
      </Button>
      <ConfirmDialog
        open={asking}
        title={`${action}?`}
        message={<p>{message}</p>}
        confirmLabel="Удалить"
        cancelLabel="Отмена"
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </Panel>
  );
}
