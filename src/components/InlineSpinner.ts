// A text-sized spinner in the current text colour, for buttons whose request is under way.
import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

export const InlineSpinner = styled.span.attrs({ 'aria-hidden': true })`
  width: 1em;
  height: 1em;
  margin-right: ${({ theme }) => theme.space(2)};
  border-radius: 50%;
  border: 2px solid currentColor;
  border-right-color: transparent;
  animation: ${spin} 0.8s linear infinite;
  flex: none;

  ${({ theme }) => theme.media.reducedMotion} {
    animation: none;
    border-right-color: currentColor;
    opacity: 0.6;
  }
`;
