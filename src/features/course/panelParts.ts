// The frame and heading every state of the course page's side panel shares.
import styled from 'styled-components';

export const Panel = styled.aside`
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(5)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};

  ${({ theme }) => theme.media.desktop} {
    position: sticky;
    top: ${({ theme }) => theme.space(4)};
  }

  p:last-child {
    margin-bottom: 0;
  }
`;

export const PanelHeading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.fonts.sizes.h3};

  &:last-child {
    margin-bottom: 0;
  }
`;
