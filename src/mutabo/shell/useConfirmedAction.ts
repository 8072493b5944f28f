// An action on a row that the author confirms in a dialog (approve, reject, refund): what is being asked, busy until
// the server answers (a second click meanwhile does nothing), the outcome as a notice or an error, focus moved to
// that outcome (the row's button may be gone), and the list read again whatever happened.
import { useEffect, useRef, useState } from 'react';
import { isRequestError } from '../../api/requestError.ts';

export function useConfirmedAction<T>(reload: () => unknown) {
  const [asking, setAsking] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (answered > 0) outcome.current?.focus();
  }, [answered]);

  const ask = (item: T) => {
    setNotice(null);
    setError(null);
    setAsking(item);
  };

  /** Runs the confirmed action (or one that needs no confirmation); `act` answers the notice to show. */
  const run = async (act: () => Promise<string>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setNotice(null);
    setError(null);
    try {
      setNotice(await act());
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      setError(caught.message);
    } finally {
      running.current = false;
      setBusy(false);
      setAsking(null);
      setAnswered((count) => count + 1);
      void reload();
    }
  };

  /** Closing the dialog while the action runs leaves it open: its outcome is still to come. */
  const cancel = () => {
    if (!running.current) setAsking(null);
  };

  return { asking, ask, cancel, run, busy, notice, error, setError, outcome };
}
