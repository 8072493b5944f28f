// Waiting for the bot to confirm a binding: the status is read again every few seconds while the page is visible (and
// at once when it becomes visible again: the person comes back from Telegram), for as long as the link works.
import { useEffect } from 'react';
import { TELEGRAM_CODE_MINUTES } from '../../../common/telegram.ts';

/** How often the status is read while waiting. */
export const BINDING_POLL_MS = 3000;
/** How long a link works, and so how long the page waits for it to be used. */
export const BINDING_WAIT_MS = TELEGRAM_CODE_MINUTES * 60 * 1000;

interface BindingWait {
  /** When the page stops waiting (ms since the epoch), or null when it does not wait. */
  until: number | null;
  /** Reads the status again (the binding, once the bot confirms it, ends the wait: `until` becomes null). */
  check: () => Promise<unknown>;
  /** The link is no longer worth waiting for. */
  onExpired: () => void;
}

export function useBindingWait({ until, check, onExpired }: BindingWait): void {
  useEffect(() => {
    if (until === null) return;
    let stopped = false;
    let timer: number | undefined;

    const schedule = () => {
      window.clearTimeout(timer);
      timer = undefined;
      if (stopped) return;
      const left = until - Date.now();
      if (left <= 0) {
        stopped = true;
        onExpired();
        return;
      }
      // A hidden page does not ask; it asks at once when shown again.
      if (document.visibilityState === 'hidden') return;
      timer = window.setTimeout(() => void tick(), Math.min(BINDING_POLL_MS, left));
    };
    const tick = async () => {
      if (stopped) return;
      await check();
      schedule();
    };
    const visibilityChanged = () => {
      if (document.visibilityState === 'hidden') {
        window.clearTimeout(timer);
        timer = undefined;
      } else if (timer === undefined) {
        void tick();
      }
    };

    schedule();
    document.addEventListener('visibilitychange', visibilityChanged);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', visibilityChanged);
    };
  }, [until, check, onExpired]);
}
