// The state every editor of the area keeps: the values read and typed, whether they differ (and leaving asks),
// the save under way, its failure (fields, block, stale copy) and the notice of a save that went through. A failure's
// message is brought into the window (the notice does that itself), so on a phone the author sees what happened.
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { isRequestError } from '../../api/requestError.ts';
import { failureMessageIn, revealMessage } from './revealMessage.ts';
import { saveFailure, type SaveFailure } from './saveFailure.ts';
import { useLeaveGuard } from './useLeaveGuard.tsx';

/** The fields of V that hold text: an input or a text area edits them as typed. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export function useEditForm<V>(start: V, fields: readonly string[]) {
  const [initial, setInitial] = useState<V>(start);
  const [values, setValues] = useState<V>(start);
  // A rich-text editor reads its text once: a new key opens it again with values replaced from outside.
  const [editorKey, setEditorKey] = useState(0);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const leave = useLeaveGuard(dirty);
  const errors = failure?.fields ?? {};
  // The part of the page the save was started from (the pressed button's form and its frame), and each failure shown.
  const origin = useRef<Element | null>(null);
  const [failed, setFailed] = useState(0);
  useEffect(() => {
    if (failed === 0) return;
    const form = origin.current;
    const scope = form?.closest('section') ?? form?.parentElement ?? (form ? null : document);
    if (scope) revealMessage(failureMessageIn(scope));
  }, [failed]);
  const started = () => {
    const active = document.activeElement;
    origin.current = active?.closest('form') ?? null;
  };
  const change = (patch: Partial<V>) => {
    setValues((current) => ({ ...current, ...patch }));
    setNotice(null);
  };

  return {
    values,
    dirty,
    editorKey,
    saving,
    failure,
    errors,
    notice,
    leave,
    change,
    /** A text field's props: its name, what is typed, the message under it, and the change typing makes. */
    text: (name: TextKey<V>) => ({
      name,
      value: values[name] as string,
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change({ [name]: event.target.value } as Partial<V>),
    }),
    /** Shows these values as read (after loading the current version): nothing typed is left. */
    replace: (next: V) => {
      setInitial(next);
      setValues(next);
      setEditorKey((key) => key + 1);
      setFailure(null);
    },
    /** Field messages found before sending. */
    refuse: (errors: Record<string, string>) => {
      started();
      setNotice(null);
      setFailure({ fields: errors });
      setFailed((count) => count + 1);
    },
    /**
     * Runs a save: on success the values typed are the saved state and the notice (if any) shows; on failure what
     * was typed stays and the messages go under their fields.
     */
    save: async (run: () => Promise<string | null>) => {
      started();
      setNotice(null);
      setSaving(true);
      setFailure(null);
      const saved = values;
      try {
        const message = await run();
        setInitial(saved);
        setNotice(message);
      } catch (error) {
        if (!isRequestError(error)) throw error;
        setFailure(saveFailure(error, fields));
        setFailed((count) => count + 1);
      } finally {
        setSaving(false);
      }
    },
  };
}
