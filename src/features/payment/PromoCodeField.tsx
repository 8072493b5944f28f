// «Есть промокод?» on the payment panel (issue 23): the field with «Применить», the total the code gives, and why a
// code was refused under the field. Enter in the field applies the code; it never pays. A visitor can type a code,
// which is kept through the sign-up and applied after it (a quote needs a logged-in caller).
import { useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { Currency, Lesson } from '../../../common/wireTypes.ts';
import { PROMO_CODE_MAX_LENGTH, type PaymentQuote } from '../../../common/discounts.ts';
import { FieldError } from '../../components/form/fields.tsx';
import { LoadingButton } from '../../components/form/LoadingButton.tsx';
import { lessonErrorMessage } from '../../lib/coursePanelRules.ts';
import { EnrollmentErrors } from '../enrollment/index.ts';
import { DiscountedMoney } from './discountParts.tsx';
import type { PromoCodeState, QuoteTarget } from './usePromoCode.ts';

const PROMO_CODE_LABEL = 'Промокод';
const PERSONAL_IS_BETTER = 'Ваша личная скидка выгоднее промокода — действует она.';

// min-width: 0 and the field's width: 100% keep the row as wide as the panel: an input's own width (about twenty
// characters) beside «Применить» would otherwise widen the whole panel past a phone's screen.
const Block = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

const Disclosure = styled.button.attrs({ type: 'button' })`
  justify-self: start;
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline;
  cursor: pointer;
`;

const Label = styled.label`
  font-weight: 600;
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
`;

const Input = styled.input<{ $invalid: boolean }>`
  flex: 1;
  width: 100%;
  min-width: 0;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  font: inherit;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
`;

const Result = styled.p`
  margin: 0;

  strong {
    white-space: nowrap;
  }
`;

function QuoteResult({ quote, currency }: { quote: PaymentQuote; currency: Currency }) {
  if (quote.discount?.kind === 'personal') return <Result>{PERSONAL_IS_BETTER}</Result>;
  if (!quote.discount) return <Result>Промокод не даёт скидки на эти занятия.</Result>;
  return (
    <Result>
      Итого со скидкой по промокоду:{' '}
      <strong>
        <DiscountedMoney amount={quote.amount} full={quote.discount.fullAmount} currency={currency} />
      </strong>
    </Result>
  );
}

interface PromoCodeFieldProps {
  promo: PromoCodeState;
  /** The lessons the code is applied to: those chosen, or the whole course; null when nothing is. */
  target: QuoteTarget | null;
  currency: Currency;
  lessons: Lesson[];
  /** A payment is under way. */
  disabled: boolean;
  /** A visitor: the code is only kept, and applied once they have logged in. */
  guest?: boolean;
}

const GuestHint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  color: ${({ theme }) => theme.colors.muted};
`;

export function PromoCodeField({ promo, target, currency, lessons, disabled, guest = false }: PromoCodeFieldProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;
  const quote = promo.quoteFor(target);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!disabled && !guest) promo.apply(target);
  };

  if (!open && !promo.code && !promo.input) {
    return (
      <Block>
        <Disclosure onClick={() => setOpen(true)}>
          Есть промокод?
        </Disclosure>
      </Block>
    );
  }

  const errors = promo.requestError
    ? [{ error: promo.requestError, text: lessonErrorMessage(promo.requestError, lessons) ?? promo.requestError.message }]
    : [];
  return (
    <Block>
      <Label htmlFor={id}>{PROMO_CODE_LABEL}</Label>
      <Row>
        <Input
          id={id}
          // Opened by the buyer's click on «Есть промокод?»: the typing goes on there (not when it opens with a kept code).
          autoFocus={open}
          name="promoCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="done"
          maxLength={PROMO_CODE_MAX_LENGTH}
          value={promo.input}
          onChange={(event) => promo.edit(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={promo.fieldError ? true : undefined}
          aria-describedby={promo.fieldError ? errorId : undefined}
          $invalid={Boolean(promo.fieldError)}
        />
        {guest ? null : (
          <LoadingButton type="button" $variant="secondary" loading={promo.quoting} disabled={disabled} onClick={() => promo.apply(target)}>
            Применить
          </LoadingButton>
        )}
      </Row>
      {guest ? <GuestHint>Скидку по промокоду посчитаем после входа на сайт.</GuestHint> : null}
      {promo.fieldError ? <FieldError id={errorId}>{promo.fieldError}</FieldError> : null}
      <div role="status">{quote && !promo.quoting ? <QuoteResult quote={quote} currency={currency} /> : null}</div>
      <EnrollmentErrors errors={errors} />
    </Block>
  );
}
