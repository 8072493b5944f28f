// Page-wide styles: box model, typography, links, focus ring, reduced motion.
import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after {
    box-sizing: border-box;
  }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
  }

  body {
    margin: 0;
    min-width: ${({ theme }) => theme.widths.minimum}px;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fonts.sizes.body};
    line-height: 1.6;
    overflow-wrap: break-word;
  }

  /* What is rendered only when near the screen (content-visibility: auto) is printed whole. */
  @media print {
    * {
      content-visibility: visible !important;
    }
  }

  #root {
    min-height: 100vh;
    display: flex;
    flex-direction: column;
  }

  h1, h2, h3 {
    font-family: ${({ theme }) => theme.fonts.heading};
    line-height: 1.25;
    font-weight: 700;
    margin: 0 0 ${({ theme }) => theme.space(4)};
  }

  h1 {
    font-size: ${({ theme }) => theme.fonts.sizes.h1};
    ${({ theme }) => theme.media.tablet} {
      font-size: ${({ theme }) => theme.fonts.sizes.h1Wide};
    }
  }

  h2 {
    font-size: ${({ theme }) => theme.fonts.sizes.h2};
  }

  h3 {
    font-size: ${({ theme }) => theme.fonts.sizes.h3};
  }

  p {
    margin: 0 0 ${({ theme }) => theme.space(4)};
  }

  a {
    color: ${({ theme }) => theme.colors.primary};
    text-decoration-thickness: 1px;
    text-underline-offset: 0.2em;
  }

  a:hover {
    color: ${({ theme }) => theme.colors.primaryHover};
    text-decoration-thickness: 2px;
  }

  img, svg {
    max-width: 100%;
    height: auto;
  }

  button, input, select, textarea {
    font: inherit;
  }

  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  ${({ theme }) => theme.media.reducedMotion} {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
