// The seller's details in a few lines (common/seller.ts sellerLines): nothing while none is filled in.
import styled from 'styled-components';
import { sellerLines } from '../../../common/seller.ts';
import type { Seller } from '../../../common/wireTypes.ts';

const Lines = styled.div`
  p {
    margin: 0;
  }
`;

export function SellerDetails({ seller }: { seller: Seller | undefined }) {
  const lines = seller ? sellerLines(seller) : [];
  if (lines.length === 0) return null;
  return (
    <Lines>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </Lines>
  );
}
