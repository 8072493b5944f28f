// What the profile's two Telegram blocks share: the block's frame (as «Мои данные» and «Удалить аккаунт») and its
// status line.
import styled from 'styled-components';

export const Block = styled.section`
  margin-top: ${({ theme }) => theme.space(8)};
  padding-top: ${({ theme }) => theme.space(6)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  margin-top: ${({ theme }) => theme.space(3)};
`;

export const Note = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

/** A polite live region: what just happened (saved, waiting, connected). Empty keeps its place for the next. */
export const StatusLine = styled.p.attrs({ role: 'status', 'aria-live': 'polite' })`
  min-height: 1.5em;
  margin: ${({ theme }) => theme.space(3)} 0 0;
`;
