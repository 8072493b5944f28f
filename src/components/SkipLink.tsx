// «Перейти к содержанию»: the first stop of the Tab key, hidden until focused.
import type { MouseEvent } from 'react';
import styled from 'styled-components';

export const MAIN_CONTENT_ID = 'main-content';

const Anchor = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space(2)};
  top: ${({ theme }) => theme.space(2)};
  z-index: 50;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  transform: translateY(-200%);

  &:focus {
    transform: none;
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

// Handled here rather than by the browser, so that the router does not see a #hash navigation.
function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView?.();
}

export function SkipLink() {
  return (
    <Anchor href={`#${MAIN_CONTENT_ID}`} onClick={focusMain}>
      Перейти к содержанию
    </Anchor>
  );
}
