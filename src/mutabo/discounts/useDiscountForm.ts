// The state the discount forms keep (a personal discount on a course's tab and on a person's card, a promo code):
// what was typed, the messages under the fields and in the red block, the save under way (a second click or Enter
// meanwhile does nothing, so a double click creates one), the notice of what was saved, the first message brought into
// view and focused after a refusal (on a phone it may be far above the button), and unsaved typing guarded on leaving.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import type { DiscountTerms } from '../../../common/discounts.ts';
import type { Currency } from '../../../common/wireTypes.ts';
import { isRequestError } from '../../api/requestError.ts';
import { checkWith } from '../content/checkWith.ts';
import { failureMessageIn, revealMessage } from '../forms/revealMessage.ts';
import { saveFailure } from '../forms/saveFailure.ts';
import { useLeaveGuard } from '../forms/useLeaveGuard.tsx';
import { termsBody, termsErrors, type TermsKind, type TermsValues } from './TermsFields.tsx';

/** What a text field of the form takes: its name, value, message and change. */
export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
}

/** Whether a percent or an amount has been typed. */
const termsTyped = (terms: TermsValues) => terms.percent !== '' || Object.values(terms.amounts).some(Boolean);

/**
 * `empty`: the form's values at the start and after a save; `fields`: the server's messages shown under fields (the
 * rest go to the red block); `typed`: whether the author typed something besides the terms that leaving would lose.
 */
export function useDiscountForm<V extends { terms: TermsValues }>(empty: V, fields: readonly string[], typed: (values: V) => boolean) {
  const [values, setValues] = useState<V>(empty);
  // The currencies of the amounts last sent, in their order: the server's `amounts.0.amount` is the first.
  const [sent, setSent] = useState<Currency[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [block, setBlock] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const running = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(0);
  const leave = useLeaveGuard(typed(values) || termsTyped(values.terms));

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

  /** A change the author made; the notice of the last save goes once they type again. */
  const change = (patch: Partial<V>) => {
    setValues((current) => ({ ...current, ...patch }));
    setNotice(null);
  };

  return {
    form,
    values,
    change,
    errors,
    block,
    notice,
    saving,
    leave,
    /** A text field's name, value, message and change. */
    field: (name: keyof V & string): BoundField => ({
      name,
      value: String(values[name]),
      error: errors[name],
      onChange: (event) => change({ [name]: event.target.value } as Partial<V>),
    }),
    /** The messages of the terms, under their fields. */
    termsErrors: (kind: TermsKind) => termsErrors(errors, sent, kind),
    /** The form's submit: nothing while a save is under way. */
    onSubmit: (send: () => void) => (event: FormEvent) => {
      event.preventDefault();
      if (!saving) send();
    },
    /**
     * The body with the terms in it, checked with the server's schema first: the body, or null once the messages found
     * (and `more`, the form's own) are shown under their fields.
     */
    check: <B>(schema: z.ZodType, terms: TermsValues, currencies: readonly Currency[], build: (terms: DiscountTerms) => B, more: Record<string, string> = {}) => {
      const made = termsBody(terms, currencies);
      setSent(made.sent);
      const body = build(made.terms);
      const checked = checkWith<B>(schema, body);
      const found = { ...('errors' in checked ? checked.errors : {}), ...more };
      if (Object.keys(found).length === 0) return body;
      refuse(found);
      return null;
    },
    /** Sends once at a time; `run` answers the notice, and the form is empty for the next one. A refusal keeps what was typed. */
    save: async (run: () => Promise<string>) => {
      if (running.current) return;
      running.current = true;
      setSaving(true);
      setNotice(null);
      setBlock(null);
      try {
        const message = await run();
        setValues(empty);
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
