// Revoking a row of the discount pages (a personal discount, a promo code): the row's button, a confirmation, busy
// until the server answers, the outcome as a notice or an error above the list (focused: the row's button may be
// gone), and the list read again whatever happened.
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormErrorBlock } from '../../components/form/fields.tsx';
import { Notice } from '../shell/areaParts.ts';
import { useConfirmedAction } from '../shell/useConfirmedAction.ts';
import { RowButton } from './discountParts.ts';

interface Revocation<T> {
  reload: () => Promise<unknown>;
  /** The row's button and the dialog's confirmation: «Отменить скидку». */
  label: string;
  /** The dialog's title and what it says about the item. */
  title: (item: T) => string;
  message: (item: T) => ReactNode;
  /** Revokes the item on the server; answers the notice. */
  revoke: (item: T) => Promise<string>;
}

export function useRevocation<T>({ reload, label, title, message, revoke }: Revocation<T>) {
  const action = useConfirmedAction<T>(reload);
  const { asking, busy, notice, error, outcome } = action;

  const confirm = () => {
    if (asking === null) return;
    void action.run(() => revoke(asking));
  };

  return {
    outcome: (
      <div ref={outcome} tabIndex={-1}>
        {notice ? <Notice>{notice}</Notice> : null}
        {error ? <FormErrorBlock>{error}</FormErrorBlock> : null}
      </div>
    ),
    /** The row's button; `name` tells the rows apart to a screen reader. */
    button: (item: T, name: string) => (
      <RowButton $variant="secondary" disabled={busy} aria-label={name} onClick={() => action.ask(item)}>
        {label}
      </RowButton>
    ),
    dialog: (
      <ConfirmDialog
        open={asking !== null}
        title={asking === null ? '' : title(asking)}
        message={asking === null ? undefined : message(asking)}
        confirmLabel={busy ? 'Отменяем…' : label}
        cancelLabel="Не отменять"
        busy={busy}
        onConfirm={confirm}
        onClose={action.cancel}
      />
    ),
  };
}
