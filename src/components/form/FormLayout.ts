// The frame of the account forms: the form column, the row of buttons under it, the links below.
import styled from 'styled-components';

export const Form = styled.form`
  width: 100%;
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

/** Buttons side by side; on a narrow phone each takes the whole width so that none is cut off. */
export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(6)};

  & > * {
    flex: 1 1 100%;
  }

  ${({ theme }) => theme.media.tablet} {
    & > * {
      flex: 0 0 auto;
    }
  }
`;

export const FormLinks = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(6)};
  margin-top: ${({ theme }) => theme.space(5)};

  a {
    padding: ${({ theme }) => theme.space(1)} 0;
  }
`;

/** The short text of a notice screen (letter sent, password changed). */
export const Notice = styled.div`
  font-size: ${({ theme }) => theme.fonts.sizes.lead};
`;
