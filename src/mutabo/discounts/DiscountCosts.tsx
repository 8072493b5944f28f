// «Скидки обошлись»: what personal discounts and promo codes cost each course in each currency (the full price minus
// what was paid, over completed payments), beside the revenue on the payments page and the start page.
import styled from 'styled-components';
import type { DiscountCost } from '../../../common/discounts.ts';
import { discountCostText } from './discountWords.ts';

const Costs = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};

  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.fonts.sizes.body};
  }

  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space(5)};
    overflow-wrap: anywhere;
  }
`;

/** Nothing when no payment had a discount (or an answer from before discounts says nothing about them). */
export function DiscountCosts({ costs, id }: { costs: DiscountCost[] | undefined; id: string }) {
  if (!costs || costs.length === 0) return null;
  return (
    <Costs>
      <h3 id={id}>Скидки обошлись</h3>
      <ul aria-labelledby={id}>
        {costs.map((cost) => (
          <li key={`${cost.courseId}-${cost.currency}`}>{discountCostText(cost)}</li>
        ))}
      </ul>
    </Costs>
  );
}
