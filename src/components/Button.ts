// The site's buttons, and a router link that looks like one.
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

type ButtonVariant = 'primary' | 'secondary';

export interface ButtonLookProps {
  $variant?: ButtonVariant;
}

/** The look of the site's buttons, for any element that acts as one (a download link, a page number). */
export const buttonLook = css<ButtonLookProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(5)}`};
  border-radius: ${({ theme }) => theme.radius};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  transition: background-color 0.15s ease, color 0.15s ease;
  background: ${({ theme, $variant = 'primary' }) => ($variant === 'primary' ? theme.colors.primary : 'transparent')};
  color: ${({ theme, $variant = 'primary' }) => ($variant === 'primary' ? theme.colors.onPrimary : theme.colors.primary)};

  &:hover {
    background: ${({ theme, $variant = 'primary' }) => ($variant === 'primary' ? theme.colors.primaryHover : theme.colors.paper)};
    color: ${({ theme, $variant = 'primary' }) => ($variant === 'primary' ? theme.colors.onPrimary : theme.colors.primaryHover)};
    text-decoration: none;
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

export const Button = styled.button.attrs<ButtonLookProps>((props) => ({ type: props.type ?? 'button' }))`
  ${buttonLook}
`;

export const ButtonLink = styled(Link)<ButtonLookProps>`
  ${buttonLook}
`;
