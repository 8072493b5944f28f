// Small pieces of the discount pages: a row's button that keeps its label on one line in a table's columns, and today
// as a date field's value.
import styled from 'styled-components';
import { Button } from '../../components/Button.ts';

export const RowButton = styled(Button)`
  white-space: nowrap;

  /* In the stacked rows of a phone its cell is narrower than «Отменить промокод» on one line. */
  @media (max-width: ${({ theme }) => theme.breakpoints.desktop - 0.02}px) {
    max-width: 100%;
    white-space: normal;
  }
`;

/** Today in the reader's calendar, as `<input type="date">` holds it: the earliest day an end may be. */
export function todayInput(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
