// The green notice of something done (a save, an approval): announced as a status, and brought into the window when
// it appears out of sight (on a phone the notice sits at the form's top, far above the button that was pressed).
import { useEffect, useRef, type HTMLAttributes } from 'react';
import styled from 'styled-components';
import { revealMessage } from '../forms/revealMessage.ts';

const NoticeBox = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border: 1px solid ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.colors.success};
  background: #eef6ef;
`;

/** `quiet`: a notice the page opens with (a course just created), which leaves the page at its top. */
export function Notice({ children, quiet = false, ...rest }: HTMLAttributes<HTMLDivElement> & { quiet?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  // A new text in the same notice is a new message: it is shown again. An empty one (a status line waiting for its
  // text) is no message: revealing it scrolled the course editor to its lessons as it opened.
  const text = typeof children === 'string' ? children : null;
  useEffect(() => {
    if (!quiet && box.current?.textContent) revealMessage(box.current);
  }, [text, quiet]);
  return (
    <NoticeBox ref={box} role="status" {...rest}>
      {children}
    </NoticeBox>
  );
}
