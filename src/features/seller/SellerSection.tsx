// The seller's details as a section at the foot of a document page (the offer, the policy): a rule, a heading of the
// page's own words, the details; nothing while the seller has no name.
import styled from 'styled-components';
import type { Seller } from '../../../common/wireTypes.ts';
import { SellerDetails } from './SellerDetails.tsx';

const Details = styled.section`
  margin-top: ${({ theme }) => theme.space(8)};
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const DetailsTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.fonts.sizes.h3};
`;

export function SellerSection({ id, title, seller }: { id: string; title: string; seller: Seller | undefined }) {
  if (!seller || !seller.name) return null;
  return (
    <Details aria-labelledby={id}>
      <DetailsTitle id={id}>{title}</DetailsTitle>
      <SellerDetails seller={seller} />
    </Details>
  );
}
