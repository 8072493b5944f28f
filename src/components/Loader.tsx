// The loading indicator: a spinner that screen readers announce as «Загрузка».
import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from './VisuallyHidden.ts';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

// Short loads finish before the spinner fades in, so they do not flash.
const appear = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const Wrap = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(10)} 0;
`;

const Spinner = styled.span`
  width: 40px;
  height: 40px;
  border-radius: 50%;
  border: 4px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  opacity: 0;
  animation:
    ${appear} 0.2s ease 0.3s forwards,
    ${spin} 0.9s linear infinite;

  ${({ theme }) => theme.media.reducedMotion} {
    animation: ${appear} 0.2s ease 0.3s forwards;
  }
`;

export function Loader({ label = 'Загрузка' }: { label?: string }) {
  return (
    <Wrap role="status" aria-label={label}>
      <Spinner aria-hidden="true" />
      <VisuallyHidden>{label}…</VisuallyHidden>
    </Wrap>
  );
}
