// Small pieces of the area's pages: the title row with its action, a muted line, a notice, a row's buttons.
import styled from 'styled-components';

export const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};

  h1,
  h2 {
    margin: 0;
  }

  /* A link beside the title (a preview) is an action: as tall as a button. */
  a {
    display: inline-flex;
    align-items: center;
    gap: 0.25em;
    min-height: 44px;
  }
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

/** The notice of something done: announced, and scrolled into view when it appears out of sight. */
export { Notice } from './AreaNotice.tsx';

export const Panel = styled.section`
  margin-bottom: ${({ theme }) => theme.space(8)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};

  ${({ theme }) => theme.media.tablet} {
    padding: ${({ theme }) => theme.space(6)};
  }

  & > h2 {
    font-size: ${({ theme }) => theme.fonts.sizes.h3};
  }
`;

/** The buttons of a row of a list (a lesson, a participant): wrapped on a phone, a little narrower than a form's. */
export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};

  button {
    padding-inline: ${({ theme }) => theme.space(3)};
  }
`;

/** A framed group of fields with its legend (the lesson's start, the course's format and recordings' window). */
export const FramedFieldset = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};

  legend {
    padding: 0 ${({ theme }) => theme.space(1)};
    font-weight: 600;
  }
`;
