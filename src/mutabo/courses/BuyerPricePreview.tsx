// The course editor's preview of one currency's prices as a buyer will read them on the course page (issue 32): the
// payment panel's own price list (src/features/payment/PriceSummary.tsx), with the block and its price when the
// course is sold by blocks. Shown while the typed figures make a price.
import styled from 'styled-components';
import { WHOLESALE_THRESHOLD } from '../../../common/coursePrices.ts';
import type { Price } from '../../../common/wireTypes.ts';
import { PriceSummary } from '../../features/payment/PriceSummary.tsx';
import type { PriceRow } from './courseForm.ts';

const Preview = styled.section`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};

  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.fonts.sizes.small};
    font-weight: 600;
  }
`;

/** A typed amount («1 500», «1500,50»), or null when it is not one. */
function amount(text: string): number | null {
  const normalised = text.replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Number(normalised);
}

export function BuyerPricePreview({ row, blockSize }: { row: PriceRow; blockSize: string }) {
  const coursePrice = amount(row.coursePrice);
  const lessonPrice = amount(row.lessonPrice);
  const lessonWholesalePrice = amount(row.lessonWholesalePrice) ?? 0;
  const size = /^\s*\d+\s*$/.test(blockSize) ? Math.max(1, Number(blockSize)) : 1;
  if (coursePrice === null || lessonPrice === null || (coursePrice <= 0 && lessonPrice <= 0)) return null;
  const price: Price = { currency: row.currency, coursePrice, lessonPrice, lessonWholesalePrice };
  return (
    <Preview aria-label="Так цены увидит покупатель">
      <h3>Так цены увидит покупатель</h3>
      <PriceSummary
        price={price}
        full={price}
        blockSize={size}
        whole={coursePrice > 0 ? { amount: coursePrice, full: coursePrice } : null}
        choosable={WHOLESALE_THRESHOLD}
      />
    </Preview>
  );
}
