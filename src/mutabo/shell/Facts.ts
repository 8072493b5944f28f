// A card's facts (a person's, a mailing's): name and value one under the other on a phone, side by side from a
// tablet's width; a long address or subject wraps instead of widening the page. `$after`: the space below (theme steps).
import styled from 'styled-components';

export const Facts = styled.dl<{ $after?: number }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme, $after = 4 }) => theme.space($after)};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: max-content minmax(0, 1fr);
  }

  dt {
    color: ${({ theme }) => theme.colors.muted};
  }

  dd {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    overflow-wrap: anywhere;

    ${({ theme }) => theme.media.tablet} {
      margin: 0;
    }
  }
`;
