// Pieces of the course cards shared by the catalogue and «Другие курсы»: the 1-2-3 column grid and the title link
// that makes the whole card clickable.
import { Link } from 'react-router-dom';
import styled from 'styled-components';

/** One column on phones, two on tablets, three on desktops; `$gap` in theme spacing steps. */
export const CardGrid = styled.ul<{ $gap: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme, $gap }) => theme.space($gap)};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

/**
 * The card's title link: its overlay makes the whole card (which must be `position: relative`) clickable, while
 * the link alone is what is read and focused.
 */
export const CardTitleLink = styled(Link)`
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: ${({ theme }) => theme.radius};
  }

  &:hover {
    color: ${({ theme }) => theme.colors.primary};
    text-decoration: underline;
  }

  &:focus-visible {
    outline: none;
  }

  &:focus-visible::after {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -3px;
  }
`;
