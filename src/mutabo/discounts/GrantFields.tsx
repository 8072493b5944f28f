// What the two forms that grant a personal discount share (a course's «Скидки» tab, whose address is typed, and a
// person's card, whose course is chosen): the terms, the day it ends, the message that goes in the letter to the person
// and the note the author keeps for themselves (never sent), «Дать скидку», the body sent
// (POST /api/v1/mutabo/courses/{id}/discounts/) and what leaving the form would lose.
import type { DiscountPriceCourse, DiscountTerms } from '../../../common/discounts.ts';
import type { PersonalDiscountPayload } from '../../../common/discountSchemas.ts';
import type { Currency } from '../../../common/wireTypes.ts';
import { FormActions } from '../../components/form/FormLayout.ts';
import { TextAreaField, TextField } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { Muted } from '../shell/areaParts.ts';
import { todayInput } from './discountParts.ts';
import { emptyTerms, TermsFields, type TermsErrors, type TermsValues } from './TermsFields.tsx';
import type { BoundField } from './useDiscountForm.ts';

/** What an amount does, said under «сумма» on every discount form. */
export const AMOUNT_HINT = 'Сумма вычитается из каждой оплаты один раз, сколько бы занятий в ней ни было, и не больше самой оплаты.';
export const CURRENCIES_HINT = 'Укажите сумму в тех валютах, в которых скидка нужна: цены в валюте без суммы не меняются.';

export interface GrantValues {
  terms: TermsValues;
  expiresAt: string;
  /** To the person, in the letter. */
  message: string;
  /** The author's own: shown in the area only. */
  note: string;
}

export const emptyGrantValues: GrantValues = { terms: emptyTerms, expiresAt: '', message: '', note: '' };

/** Whether a message or a note was typed (the terms the form guards itself). */
export const noteTyped = (values: GrantValues) => values.note.trim() !== '' || values.message.trim() !== '';

/** The discount for the address on these terms; the end, the message and the note only when given. */
export const grantBody = (email: string, values: GrantValues, terms: DiscountTerms): PersonalDiscountPayload => ({
  email,
  ...terms,
  ...(values.expiresAt ? { expiresAt: values.expiresAt } : {}),
  ...(values.message.trim() ? { message: values.message } : {}),
  ...(values.note.trim() ? { note: values.note } : {}),
});

interface GrantFieldsProps {
  terms: TermsValues;
  /** The course's price currencies: an amount is given in those. */
  currencies: readonly Currency[];
  /** Whether the course's prices are known yet: without any a discount is a percent. */
  prices: 'known' | 'loading' | 'unknown';
  /** The course, for what a buyer will pay with the discount; undefined while it loads. */
  preview: readonly DiscountPriceCourse[] | undefined;
  termsErrors: TermsErrors;
  onTerms: (terms: TermsValues) => void;
  field: (name: 'expiresAt' | 'message' | 'note') => BoundField;
  saving: boolean;
}

export function GrantFields({ terms, currencies, prices, preview, termsErrors, onTerms, field, saving }: GrantFieldsProps) {
  return (
    <>
      <TermsFields
        values={terms}
        currencies={currencies}
        errors={termsErrors}
        onChange={onTerms}
        amountHint={AMOUNT_HINT + (currencies.length > 1 ? ` ${CURRENCIES_HINT}` : '')}
        preview={preview}
      />
      {prices === 'loading' ? <Muted>Загружаем цены курса…</Muted> : null}
      {prices === 'known' && currencies.length === 0 ? <Muted>У курса нет цен: скидку можно дать только в процентах.</Muted> : null}
      <TextField label="Действует до (включительно, необязательно)" type="date" min={todayInput()} {...field('expiresAt')} />
      <TextAreaField label="Сообщение участнику в письме о скидке (необязательно)" rows={3} maxLength={500} {...field('message')} />
      <TextAreaField label="Заметка для себя (необязательно, участник её не увидит)" rows={2} maxLength={500} {...field('note')} />
      <FormActions>
        <LoadingButton loading={saving}>Дать скидку</LoadingButton>
      </FormActions>
    </>
  );
}
