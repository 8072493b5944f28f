// A modal dialog that asks to confirm an action (or only informs, when there is nothing to confirm).
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { Button } from './Button.ts';
import { focusableElements, trapTabKey } from './focusTrap.ts';

export const CONFIRM_LABEL = 'Да';
const CLOSE_LABEL = 'Закрыть';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  /** Without `onConfirm` the dialog only informs and shows the close button alone. */
  onConfirm?: () => void;
  onClose: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** While the confirmed action runs, the confirm button is disabled. */
  busy?: boolean;
}

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.overlay};
`;

const Panel = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.widths.text}px;
  max-height: calc(100vh - 2rem);
  overflow-y: auto;
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.25);

  &:focus {
    outline: none;
  }
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fonts.sizes.h3};
`;

const Message = styled.div`
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  justify-content: flex-end;
`;

export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({
  title,
  message,
  onConfirm,
  onClose,
  confirmLabel = CONFIRM_LABEL,
  cancelLabel = CLOSE_LABEL,
  busy = false,
}: ConfirmDialogProps) {
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overlay = overlayRef.current;
    // The rest of the page is inert while the dialog is open, for pointers and screen readers alike.
    const hidden: HTMLElement[] = [];
    for (const element of Array.from(document.body.children)) {
      if (element instanceof HTMLElement && overlay && !element.contains(overlay) && !element.hasAttribute('inert')) {
        element.setAttribute('inert', '');
        hidden.push(element);
      }
    }
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // Focus starts on the harmless choice, without scrolling a long dialog past its title (a phone's screen).
    (cancelRef.current ?? panelRef.current)?.focus({ preventScroll: true });
    return () => {
      for (const element of hidden) element.removeAttribute('inert');
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    // Focus that escapes (a click outside, a script) is brought back.
    const keepFocusInside = (event: FocusEvent) => {
      const panel = panelRef.current;
      if (panel && event.target instanceof Node && !panel.contains(event.target)) {
        (focusableElements(panel)[0] ?? panel).focus();
      }
    };
    document.addEventListener('focusin', keepFocusInside);
    return () => document.removeEventListener('focusin', keepFocusInside);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (panelRef.current) trapTabKey(panelRef.current, event);
  };

  return (
    <Overlay
      ref={overlayRef}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={message ? messageId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <Title id={titleId}>{title}</Title>
        {message ? <Message id={messageId}>{message}</Message> : null}
        <Actions>
          {onConfirm ? (
            <Button onClick={onConfirm} disabled={busy}>
              {confirmLabel}
            </Button>
          ) : null}
          <Button ref={cancelRef} $variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
        </Actions>
      </Panel>
    </Overlay>
  );
}
