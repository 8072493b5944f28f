// The state both discount forms keep: the messages under their fields and in the red block, the save under way
// (a second click or Enter meanwhile does nothing, so a double click creates one), the notice of what was saved,
// and the first message brought into view and focused after a refusal (on a phone it may be far above the button).
import { useEffect, useRef, useState } from 'react';
import { isRequestError } from '../../api/requestError.ts';
import { failureMessageIn, revealMessage } from '../forms/revealMessage.ts';
import { saveFailure } from '../forms/saveFailure.ts';

export function useDiscountForm(fields: readonly string[]) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [block, setBlock] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const running = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(0);

  useEffect(() => {
    if (refused === 0 || !form.current) return;
    const first = failureMessageIn(form.current);
    revealMessage(first);
    if (first instanceof HTMLElement && first.getAttribute('aria-invalid') === 'true') first.focus();
  }, [refused]);

  const refuse = (next: Record<string, string>, nextBlock: string | null = null) => {
    setErrors(next);
    setBlock(nextBlock);
    setRefused((count) => count + 1);
  };

  return {
    form,
    errors,
    block,
    notice,
    saving,
    /** Field messages found before sending. */
    refuse,
    /** Clears the notice once the author types again. */
    touched: () => setNotice(null),
    /** Sends once at a time; `run` answers the notice. A refusal keeps what was typed. */
    save: async (run: () => Promise<string>) => {
      if (running.current) return;
      running.current = true;
      setSaving(true);
      setNotice(null);
      setBlock(null);
      try {
        const message = await run();
        setErrors({});
        setNotice(message);
      } catch (caught) {
        if (!isRequestError(caught)) throw caught;
        const failure = saveFailure(caught, fields);
        refuse(failure.fields, failure.stale ?? failure.block ?? null);
      } finally {
        running.current = false;
        setSaving(false);
      }
    },
  };
}
