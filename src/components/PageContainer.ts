// The column a page's content sits in: 1000 px by default, 1167 px for the course grid, 570 px for forms.
import styled from 'styled-components';

type PageWidth = 'content' | 'wide' | 'form' | 'text';

export const PageContainer = styled.div<{ $width?: PageWidth }>`
  width: 100%;
  max-width: ${({ theme, $width = 'content' }) => theme.widths[$width]}px;
  margin: 0 auto;
`;
