// The prices a buyer reads on the payment panel (spec sections 5 and 9, issue 32): the whole course, one lesson or one
// block, the wholesale price, and on a course sold by blocks what a tick takes and costs. The course editor's preview
// of the prices shows the same.
import styled from 'styled-components';
import type { Price } from '../../../common/wireTypes.ts';
import { allowsLessonSelection, blockTotal, formatMoney, WHOLESALE_THRESHOLD, wholesaleCanApply } from '../../../common/coursePrices.ts';
import { usesBlocks } from '../../../common/lessonBlocks.ts';
import { blockRowLabel, blockSaleText } from '../../lib/coursePanelRules.ts';
import { DiscountedMoney } from './discountParts.tsx';

const PriceList = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0;
  font-size: ${({ theme }) => theme.fonts.sizes.small};

  dt {
    color: ${({ theme }) => theme.colors.muted};
  }

  dd {
    margin: 0;
    font-weight: 600;
    text-align: right;
    white-space: nowrap;
  }
`;

const BlockNote = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-left: 3px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.paper};
`;

interface PriceSummaryProps {
  /** The price the buyer pays (with a personal discount, lower than `full`). */
  price: Price;
  /** The course's own price: which figures apply is decided by it. */
  full: Price;
  blockSize: number;
  /** The whole course, when it is sold whole now: what it costs and what it would without the discount. */
  whole: { amount: number; full: number } | null;
  /** How many lessons can be chosen now: the wholesale price is shown only when that many reach it. */
  choosable: number;
}

export function PriceSummary({ price, full, blockSize, whole, choosable }: PriceSummaryProps) {
  const byLesson = allowsLessonSelection(full);
  const blocks = usesBlocks(blockSize);
  const block = blocks ? { amount: blockTotal(full, blockSize, price), full: blockTotal(full, blockSize) } : null;
  return (
    <div>
      <PriceList>
        {whole ? (
          <>
            <dt>Весь курс</dt>
            <dd>
              <DiscountedMoney amount={whole.amount} full={whole.full} currency={price.currency} />
            </dd>
          </>
        ) : null}
        {byLesson && block ? (
          <>
            <dt>{blockRowLabel(blockSize)}</dt>
            <dd>
              <DiscountedMoney amount={block.amount} full={block.full} currency={price.currency} />
            </dd>
          </>
        ) : byLesson ? (
          <>
            <dt>Одно занятие</dt>
            <dd>
              <DiscountedMoney amount={price.lessonPrice} full={full.lessonPrice} currency={price.currency} />
            </dd>
          </>
        ) : null}
        {wholesaleCanApply(full, choosable) ? (
          <>
            <dt>От {WHOLESALE_THRESHOLD} занятий, за каждое</dt>
            <dd>
              <DiscountedMoney amount={price.lessonWholesalePrice} full={full.lessonWholesalePrice} currency={price.currency} />
            </dd>
          </>
        ) : null}
      </PriceList>
      {byLesson && block ? (
        <BlockNote>
          {blockSaleText(blockSize, formatMoney(block.amount, price.currency))} Отмеченное занятие выбирает весь свой блок.
        </BlockNote>
      ) : null}
    </div>
  );
}
