// The area's tables (participants, payments, revenue): columns on a wide screen; on a narrow one each row becomes a
// block whose cells are labelled by their column (the `data-label` of each cell), so nothing scrolls sideways. The
// explicit roles keep the table's meaning for screen readers when the narrow layout changes how it is displayed.
import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

/** Below this breakpoint the rows are stacked; `never` keeps the columns (a table that scrolls inside its own box). */
type Stack = 'tablet' | 'desktop' | 'never';

export const DataTable = styled.table.attrs({ role: 'table' })<{ $stackBelow?: Stack }>`
  width: 100%;
  margin-bottom: ${({ theme }) => theme.space(4)};
  border-collapse: collapse;
  overflow-wrap: anywhere;

  caption {
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-weight: 600;
    text-align: left;
  }

  th,
  td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)} ${theme.space(2)} 0`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }

  thead th {
    overflow-wrap: normal;
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fonts.sizes.small};
    font-weight: 600;
  }

  ${({ theme, $stackBelow = 'tablet' }) =>
    $stackBelow !== 'never' &&
    css`
    @media (max-width: ${theme.breakpoints[$stackBelow] - 0.02}px) {
      thead {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip: rect(0 0 0 0);
      }

      tbody,
      tr {
        display: block;
      }

      tr {
        padding: ${theme.space(2)} 0;
        border-bottom: 1px solid ${theme.colors.border};
      }

      td {
        display: grid;
        grid-template-columns: minmax(6.5rem, 35%) minmax(0, 1fr);
        gap: ${theme.space(3)};
        padding: ${theme.space(1)} 0;
        border: 0;
      }

      td[data-label]::before {
        content: attr(data-label);
        color: ${theme.colors.muted};
        font-size: ${theme.fonts.sizes.small};
        font-weight: 600;
      }

      td:not([data-label]) {
        display: block;
      }
    }
  `}
`;

export const Tr = styled.tr.attrs({ role: 'row' })``;
export const Th = styled.th.attrs({ role: 'columnheader', scope: 'col' })``;
const Cell = styled.td.attrs({ role: 'cell' })``;

/** A cell; its content is one block, so that on a phone it sits beside its column's label as a whole. */
export function Td({ label, children }: { label?: string; children?: ReactNode }) {
  return (
    <Cell data-label={label}>
      <div>{children}</div>
    </Cell>
  );
}

/** A short muted line under a cell's main text. */
export const CellNote = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

/** A marked word in a cell: a state that needs the author's eye. */
export const Badge = styled.span<{ $tone?: 'attention' | 'done' | 'plain' }>`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid
    ${({ theme, $tone = 'plain' }) => ($tone === 'attention' ? theme.colors.accent : $tone === 'done' ? theme.colors.success : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme, $tone = 'plain' }) => ($tone === 'attention' ? theme.colors.accent : $tone === 'done' ? theme.colors.success : theme.colors.text)};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
  font-weight: 600;
  white-space: nowrap;
`;
