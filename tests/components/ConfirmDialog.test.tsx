import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../../src/app/theme.ts';
import { ConfirmDialog } from '../../src/components/ConfirmDialog.tsx';

function Unsubscribe({ onConfirm = () => {}, withConfirm = true }: { onConfirm?: () => void; withConfirm?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <ThemeProvider theme={theme}>
      <button type="button" onClick={() => setOpen(true)}>
        Отписаться
      </button>
      <ConfirmDialog
        open={open}
        title="Отписка от новостей"
        message="Вы действительно хотите отписаться от новостей курса «Сказки»?"
        onConfirm={
          withConfirm
            ? () => {
                onConfirm();
                setOpen(false);
              }
            : undefined
        }
        onClose={() => setOpen(false)}
      />
    </ThemeProvider>
  );
}

async function openDialog(props: Parameters<typeof Unsubscribe>[0] = {}) {
  const user = userEvent.setup();
  render(<Unsubscribe {...props} />);
  const opener = screen.getByRole('button', { name: 'Отписаться' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Отписка от новостей' });
  return { user, opener, dialog };
}

describe('ConfirmDialog', () => {
  it('is a labelled modal dialog with the buttons «Да» and «Закрыть»', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Вы действительно хотите отписаться от новостей курса «Сказки»?');
    expect(screen.getByRole('button', { name: 'Да' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Закрыть' })).toHaveFocus();
  });

  it('confirms with «Да» and gives focus back to the opener', async () => {
    const onConfirm = vi.fn();
    const { user, opener } = await openDialog({ onConfirm });
    await user.click(screen.getByRole('button', { name: 'Да' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes with «Закрыть» without confirming', async () => {
    const onConfirm = vi.fn();
    const { user, opener } = await openDialog({ onConfirm });
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on Escape and returns focus', async () => {
    const onConfirm = vi.fn();
    const { user, opener } = await openDialog({ onConfirm });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user } = await openDialog();
    const yes = screen.getByRole('button', { name: 'Да' });
    const close = screen.getByRole('button', { name: 'Закрыть' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(yes).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(yes).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });

  it('makes the page behind it inert while open', async () => {
    const { user, opener } = await openDialog();
    expect(opener.closest('[inert]')).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(opener.closest('[inert]')).toBeNull();
  });

  it('only informs when there is nothing to confirm', async () => {
    const { user } = await openDialog({ withConfirm: false });
    expect(screen.queryByRole('button', { name: 'Да' })).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Закрыть' })).toHaveFocus();
  });

  it('takes other button labels', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider theme={theme}>
        <ConfirmDialog open title="Выход" onConfirm={() => {}} onClose={() => {}} confirmLabel="Выйти" cancelLabel="Остаться" />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Остаться' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Выйти' })).toHaveFocus();
  });
});
