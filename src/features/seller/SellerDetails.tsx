// The seller's details in a few lines (common/seller.ts sellerLines): nothing while none is filled in. A number with
// its label («ОГРНИП 319…») and a phone never break inside on a narrow screen; the lines break between them.
import styled from 'styled-components';
import { sellerLines } from '../../../common/seller.ts';
import type { Seller } from '../../../common/wireTypes.ts';

const Lines = styled.div`
  p {
    margin: 0;
  }
`;

/** The parts of a line of numbers or contacts, each kept on one line (no-break spaces inside). */
const unbroken = (line: string) =>
  line
    .split(', ')
    .map((part) => part.replace(/ /g, '\u00a0'))
    .join(', ');

export function SellerDetails({ seller }: { seller: Seller | undefined }) {
  const lines = seller ? sellerLines(seller) : [];
  if (lines.length === 0) return null;
  return (
    <Lines>
      {lines.map((line) => (
        <p key={line}>{line === seller!.name || line.startsWith('Адрес: ') ? line : unbroken(line)}</p>
      ))}
    </Lines>
  );
}
