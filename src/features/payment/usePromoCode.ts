// A promo code on the payment panel (issue 23): the field's text, the code applied with its quote
// (`POST /api/v1/payments/quote/` for the lessons about to be paid), and what refused it. The quote follows the
// buyer's choice: a change of lessons or currency quotes the applied code again.
import { useRef, useState } from 'react';
import { normalizePromoCode, type PaymentQuote } from '../../../common/discounts.ts';
import type { PaymentCreatePayload } from '../../../common/wireTypes.ts';
import { quotePayment } from '../../api/endpoints.ts';
import { isRequestError, type RequestError } from '../../api/requestError.ts';

/** What a quote is asked for: a payment's body without the code. */
export type QuoteTarget = Omit<PaymentCreatePayload, 'promoCode'>;

const NOTHING_TO_QUOTE = 'Выберите занятия, к которым применить промокод.';

/** The lessons and currency a quote was made for. */
export const targetKey = (target: QuoteTarget) => `${target.currency}:${[...target.lessons].sort((a, b) => a - b).join(',')}`;

interface Applied {
  code: string;
  /** The target of `quote`; null while nothing is chosen to quote. */
  key: string | null;
  quote: PaymentQuote | null;
}

export interface PromoCodeState {
  input: string;
  edit: (value: string) => void;
  /** Applies the field's code to `target`; an empty field takes the code off. */
  apply: (target: QuoteTarget | null) => void;
  /** The buyer's choice changed: the applied code is quoted again for it. */
  follow: (target: QuoteTarget | null) => void;
  quoting: boolean;
  /** The code the payment carries (applied and not refused). */
  code: string | undefined;
  /** The quote of the applied code for `target`, when it is the current one. */
  quoteFor: (target: QuoteTarget | null) => PaymentQuote | null;
  /** A refused code: shown under the field. */
  fieldError: string | null;
  /** Any other failure of the quote. */
  requestError: RequestError | null;
}

/** `initial`: the code a visitor typed before signing up (keptSelection.ts), in the field until applied. */
export function usePromoCode(initial = ''): PromoCodeState {
  const [input, setInput] = useState(initial);
  const [applied, setApplied] = useState<Applied | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [requestError, setRequestError] = useState<RequestError | null>(null);
  // The latest request: an answer to an earlier one (the choice changed meanwhile) is dropped.
  const latest = useRef(0);
  const inFlight = useRef(false);
  // The code applied or being applied, for a change of choice that comes before the answer.
  const current = useRef<string | null>(null);

  const send = async (code: string, target: QuoteTarget) => {
    const id = ++latest.current;
    inFlight.current = true;
    current.current = code;
    setQuoting(true);
    setFieldError(null);
    setRequestError(null);
    try {
      const quote = await quotePayment({ ...target, promoCode: code });
      if (id !== latest.current) return;
      setApplied({ code, key: targetKey(target), quote });
    } catch (caught) {
      if (!isRequestError(caught)) throw caught;
      if (id !== latest.current) return;
      // A refused code, or a choice that cannot be paid: either way no code applies.
      current.current = null;
      setApplied(null);
      if (caught.byFields.promoCode !== undefined) setFieldError(caught.byFields.promoCode);
      else setRequestError(caught);
    } finally {
      if (id === latest.current) {
        inFlight.current = false;
        setQuoting(false);
      }
    }
  };

  const apply = (target: QuoteTarget | null) => {
    if (inFlight.current) return;
    const code = normalizePromoCode(input);
    setRequestError(null);
    if (!code) {
      current.current = null;
      setApplied(null);
      setFieldError(null);
      return;
    }
    if (!target) {
      setFieldError(NOTHING_TO_QUOTE);
      return;
    }
    void send(code, target);
  };

  const follow = (target: QuoteTarget | null) => {
    const code = current.current;
    if (!code) return;
    if (!target) {
      // Nothing to quote now: the code stays and is quoted again once something is chosen.
      latest.current++;
      inFlight.current = false;
      setQuoting(false);
      setApplied({ code, key: null, quote: null });
      return;
    }
    if (applied?.key === targetKey(target) && !inFlight.current) return;
    void send(code, target);
  };

  const edit = (value: string) => {
    setInput(value);
    setFieldError(null);
    // What the panel shows is what the payment carries: another text in the field is no longer the applied code.
    if (current.current && normalizePromoCode(value) !== current.current) {
      latest.current++;
      inFlight.current = false;
      current.current = null;
      setQuoting(false);
      setApplied(null);
    }
  };

  return {
    input,
    edit,
    apply,
    follow,
    quoting,
    code: applied?.code,
    quoteFor: (target) => (applied && target && applied.key === targetKey(target) ? applied.quote : null),
    fieldError,
    requestError,
  };
}
