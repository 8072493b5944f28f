// The design tokens every styled component reads: colours, widths, breakpoints, fonts, spacing.

/** Text colours keep a contrast of at least 4.5:1 on `background`, `surface` and `paper`. */
const colors = {
  text: '#1f2a30',
  muted: '#55626a',
  background: '#fbf9f4',
  surface: '#ffffff',
  paper: '#f1ede4',
  border: '#d9d3c6',
  primary: '#1f4e5f',
  primaryHover: '#163a47',
  onPrimary: '#ffffff',
  accent: '#a33a1c',
  danger: '#b3261e',
  success: '#2f6b3a',
  focus: '#1a6fb3',
  overlay: 'rgba(20, 28, 32, 0.55)',
} as const;

/** The four layout widths of the spec: content column, course grid, narrow forms, dialogs and text blocks. */
const widths = {
  content: 1000,
  wide: 1167,
  form: 570,
  text: 600,
  /** The narrowest phone the layout is made for. */
  minimum: 320,
} as const;

const breakpoints = {
  tablet: 600,
  desktop: 1024,
} as const;

const media = {
  tablet: `@media (min-width: ${breakpoints.tablet}px)`,
  desktop: `@media (min-width: ${breakpoints.desktop}px)`,
  hover: '@media (hover: hover) and (pointer: fine)',
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const;

const fonts = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  heading: '"PT Serif", Georgia, "Noto Serif", "Times New Roman", serif',
  sizes: { small: '0.875rem', body: '1rem', lead: '1.125rem', h3: '1.25rem', h2: '1.5rem', h1: '1.75rem', h1Wide: '2.25rem' },
} as const;

/** Multiples of 4 px, in rem so that they follow the reader's font size. */
const space = (steps: number) => `${steps * 0.25}rem`;

export const theme = {
  colors,
  widths,
  breakpoints,
  media,
  fonts,
  space,
  radius: '6px',
  logo: { regular: 80, simple: 50 },
} as const;

export type AppTheme = typeof theme;
