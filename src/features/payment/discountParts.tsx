// What the payment panel says of a discount (issue 23): the buyer's personal discount with its end date, and a price
// shown with the full one struck through beside it.
import styled from 'styled-components';
import { discountText, type CourseDiscount } from '../../../common/discounts.ts';
import { formatMoney, roundMoney } from '../../../common/coursePrices.ts';
import type { Currency } from '../../../common/wireTypes.ts';
import { VisuallyHidden } from '../../components/VisuallyHidden.ts';

const MOSCOW = 'Europe/Moscow';

function moscowDate(at: Date): { day: string; month: string; year: string } {
  const parts = new Intl.DateTimeFormat('ru-RU', { timeZone: MOSCOW, day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return { day: part('day'), month: part('month'), year: part('year') };
}

/** «31.12» (Moscow time), with the year when it is not this year's: «15.01.2027»; empty for an unreadable date. */
function discountExpiry(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const date = moscowDate(at);
  return date.year === moscowDate(now).year ? `${date.day}.${date.month}` : `${date.day}.${date.month}.${date.year}`;
}

/** «Ваша скидка 20 % до 31.12»; an amount comes off each payment: «Ваша скидка 500 ₽ с суммы оплаты». */
export function personalDiscountText(discount: CourseDiscount, now: Date = new Date()): string {
  const until = discount.expiresAt ? discountExpiry(discount.expiresAt, now) : '';
  const off = discount.percent === undefined ? ' с суммы оплаты' : '';
  return `Ваша скидка ${discountText(discount)}${off}${until ? ` до ${until}` : ''}`;
}

export const DiscountNote = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-left: 3px solid ${({ theme }) => theme.colors.success};
  background: ${({ theme }) => theme.colors.paper};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;

const Full = styled.del`
  font-weight: 400;
  color: ${({ theme }) => theme.colors.muted};

  /* On a button's own colour (white on the primary one) the muted grey would not be readable. */
  button & {
    color: inherit;
  }
`;

const Figure = styled.span`
  white-space: nowrap;
`;

/**
 * `amount` in `currency`; when `full` is more, the full figure struck through before it, read out as «без скидки
 * 2 000 ₽, со скидкой 1 600 ₽». The spaces stand outside the hidden words: a name is read from trimmed parts.
 */
export function DiscountedMoney({ amount, full, currency }: { amount: number; full?: number; currency: Currency }) {
  const shown = formatMoney(amount, currency);
  if (full === undefined || roundMoney(full) <= roundMoney(amount)) return <Figure>{shown}</Figure>;
  return (
    <>
      <Full>
        <VisuallyHidden>без скидки</VisuallyHidden> <Figure>{formatMoney(full, currency)}</Figure>
      </Full>
      <VisuallyHidden>, со скидкой</VisuallyHidden> <Figure>{shown}</Figure>
    </>
  );
}
