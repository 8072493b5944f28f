// Unsaved changes are never lost by accident: leaving a form that has them asks first, inside the site
// (the site router's blocker, src/app/SiteRouter.tsx) and when the tab is closed or reloaded (`beforeunload`).
import { useEffect, useRef, type ReactNode } from 'react';
import { useLeaveBlocker } from '../../app/SiteRouter.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

const LEAVE_TITLE = 'Уйти без сохранения?';
const LEAVE_MESSAGE = 'Изменения на этой странице не сохранены и пропадут.';
const LEAVE_CONFIRM = 'Уйти';
const LEAVE_CANCEL = 'Остаться';

interface LeaveGuard {
  /** Lets the next navigation through without asking (after a save that moves to the saved object). */
  allowNextLeave: () => void;
  dialog: ReactNode;
}

export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const allowed = useRef(false);
  const blocker = useLeaveBlocker(({ currentLocation, nextLocation }) => {
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    return dirty && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    allowNextLeave: () => {
      allowed.current = true;
    },
    dialog: (
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={LEAVE_TITLE}
        message={LEAVE_MESSAGE}
        confirmLabel={LEAVE_CONFIRM}
        cancelLabel={LEAVE_CANCEL}
        onConfirm={() => blocker.proceed()}
        onClose={() => blocker.reset()}
      />
    ),
  };
}
