// The pieces of a deletion that cannot be undone (a person's own account in the profile, a person's data deleted by an
// author): the red button that asks, and the dialog's list of what will happen.
import styled from 'styled-components';
import { Button } from './Button.ts';

export const DangerButton = styled(Button)`
  border-color: ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.danger};

  &:hover {
    border-color: #8c1d17;
    background: #8c1d17;
  }
`;

/** What the deletion does, one consequence a line; `$after` is the space below it (the theme's steps). */
export const Consequences = styled.ul<{ $after?: number }>`
  margin: 0 0 ${({ theme, $after = 3 }) => theme.space($after)};
  padding-left: ${({ theme }) => theme.space(5)};

  li + li {
    margin-top: ${({ theme }) => theme.space(2)};
  }

  a {
    overflow-wrap: anywhere;
  }
`;
