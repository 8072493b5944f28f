// What a discount takes off, as a form enters it: «процент» (1–100) or «сумма» per currency, the same on a person's
// discount and on a promo code. The values are text while typed; `termsBody` turns them into the wire's terms, and
// `termsErrors` puts the messages of those terms (the form's check or the server's) under their fields.
import { useId } from 'react';
import styled from 'styled-components';
import { inlineChoices } from '../shell/ChoiceList.ts';
import { CURRENCY_SYMBOLS } from '../../../common/coursePrices.ts';
import type { DiscountAmount, DiscountPriceCourse, DiscountTerms } from '../../../common/discounts.ts';
import { amountLimitErrors } from '../../../common/discountSchemas.ts';
import type { Currency } from '../../../common/wireTypes.ts';
import { FieldError, TextField } from '../../components/form/fields.tsx';
import { Muted } from '../shell/areaParts.ts';
import { DiscountPreview } from './DiscountPreview.tsx';

export type TermsKind = 'percent' | 'amount';

export interface TermsValues {
  kind: TermsKind;
  percent: string;
  amounts: Partial<Record<Currency, string>>;
}

export const emptyTerms: TermsValues = { kind: 'percent', percent: '', amounts: {} };

const AMOUNT_LABELS: Record<Currency, string> = {
  CURRENCY_CHOICE_RUB: 'в рублях',
  CURRENCY_CHOICE_EURO: 'в евро',
  CURRENCY_CHOICE_USD: 'в долларах',
};

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.').replace(/\s/g, '')));

/** The terms to send, and the currencies of the amounts sent in their order (the server's `amounts.0.amount` is the first). */
export function termsBody(values: TermsValues, currencies: readonly Currency[]): { terms: DiscountTerms; sent: Currency[] } {
  if (values.kind === 'percent') return { terms: { percent: number(values.percent) }, sent: [] };
  const sent = currencies.filter((currency) => (values.amounts[currency] ?? '').trim() !== '');
  const amounts: DiscountAmount[] = sent.map((currency) => ({ currency, amount: number(values.amounts[currency]!) }));
  return { terms: { amounts }, sent };
}

/**
 * The server's check of the amounts against every course the discount applies to (`courses`; none while they load),
 * made before sending: its messages by field, as `useDiscountForm`'s `check` takes them.
 */
export function amountErrors(values: TermsValues, currencies: readonly Currency[], courses: readonly DiscountPriceCourse[] | undefined, several: boolean): Record<string, string> {
  if (values.kind !== 'amount' || !courses) return {};
  return amountLimitErrors(termsBody(values, currencies).terms.amounts, courses, several);
}

export interface TermsErrors {
  percent?: string;
  /** About the amounts together (none given, a currency twice), or that no terms were given at all. */
  amounts?: string;
  byCurrency: Partial<Record<Currency, string>>;
}

/** The messages of the terms among a form's messages (keyed as the server and the schema key them). */
export function termsErrors(errors: Record<string, string>, sent: readonly Currency[], kind: TermsKind): TermsErrors {
  const byCurrency: Partial<Record<Currency, string>> = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^amounts\.(\d+)(\.|$)/.exec(key);
    const currency = match ? sent[Number(match[1])] : undefined;
    if (currency) byCurrency[currency] ??= message;
  }
  // «Укажите скидку: процент или сумму» comes under `percent`: with «сумма» chosen it belongs to the amounts.
  const amounts = errors.amounts ?? (kind === 'amount' ? errors.percent : undefined);
  return { percent: kind === 'percent' ? errors.percent : undefined, amounts, byCurrency };
}

const Choice = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  border: 0;
  min-width: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space(1)};
    padding: 0;
    font-weight: 600;
  }
`;

const Kinds = styled.div`
  ${inlineChoices}
  gap: 0 ${({ theme }) => theme.space(6)};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

interface TermsFieldsProps {
  values: TermsValues;
  /** The currencies an amount may be given in. */
  currencies: readonly Currency[];
  errors: TermsErrors;
  onChange: (values: TermsValues) => void;
  /** Said under «сумма» (which currencies, what an amount does). */
  amountHint?: string;
  /** The courses the discount applies to: what a buyer will pay is shown under the terms (undefined while they load). */
  preview: readonly DiscountPriceCourse[] | undefined;
}

export function TermsFields({ values, currencies, errors, onChange, amountHint, preview }: TermsFieldsProps) {
  const id = useId();
  const groupErrorId = `${id}-amounts-error`;
  const kinds: { kind: TermsKind; label: string }[] = [
    { kind: 'percent', label: 'процент' },
    { kind: 'amount', label: 'сумма' },
  ];
  return (
    <>
      <Choice aria-describedby={values.kind === 'amount' && errors.amounts ? groupErrorId : undefined}>
        <legend>Скидка</legend>
        <Kinds>
          {kinds.map((item) => (
            <label key={item.kind}>
              <input
                type="radio"
                name={`${id}-kind`}
                value={item.kind}
                checked={values.kind === item.kind}
                disabled={item.kind === 'amount' && currencies.length === 0}
                onChange={() => onChange({ ...values, kind: item.kind })}
              />
              {item.label}
            </label>
          ))}
        </Kinds>
        {values.kind === 'percent' ? (
          <TextField
            label="Процент скидки"
            name="percent"
            inputMode="numeric"
            autoComplete="off"
            value={values.percent}
            error={errors.percent}
            onChange={(event) => onChange({ ...values, percent: event.target.value })}
          />
        ) : (
          <>
            {amountHint ? <Muted>{amountHint}</Muted> : null}
            {currencies.map((currency) => (
              <TextField
                key={currency}
                label={`Сумма скидки ${AMOUNT_LABELS[currency]}, ${CURRENCY_SYMBOLS[currency]}`}
                name={`amount-${currency}`}
                inputMode="decimal"
                autoComplete="off"
                value={values.amounts[currency] ?? ''}
                error={errors.byCurrency[currency]}
                onChange={(event) => onChange({ ...values, amounts: { ...values.amounts, [currency]: event.target.value } })}
              />
            ))}
            {errors.amounts ? <FieldError id={groupErrorId}>{errors.amounts}</FieldError> : null}
          </>
        )}
      </Choice>
      <DiscountPreview courses={preview} terms={termsBody(values, currencies).terms} />
    </>
  );
}
