// A list of checkboxes or radios in a dialog (the lessons a decision or a refund takes): a legend, one choice a line,
// each at least 44 px tall for a finger.
import styled, { css } from 'styled-components';

export const ChoiceList = styled.fieldset<{ $legendGap?: number }>`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme, $legendGap = 2 }) => theme.space($legendGap)};
    padding: 0;
    font-weight: 600;
  }

  label {
    display: flex;
    align-items: flex-start;
    gap: ${({ theme }) => theme.space(2)};
    min-height: 44px;
    padding-top: ${({ theme }) => theme.space(2)};
  }

  input {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    margin: 0.1rem 0 0;
  }
`;

/** The ids ticked after one box is ticked (`on`) or unticked. */
export const toggled = (current: number[], id: number, on: boolean) => (on ? [...current, id] : current.filter((item) => item !== id));

/** Radios side by side (the participants' view, a discount's kind): each label at least 44 px tall for a finger. */
export const inlineChoices = css`
  display: flex;
  flex-wrap: wrap;

  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    min-height: 44px;
  }

  input {
    width: 1.25rem;
    height: 1.25rem;
  }
`;
