// What a statistics chart shows, said without Chart.js (which only its lazy chunk loads): the pages build these, and
// chartRenderer.ts draws them. Each series has a pattern as well as a colour, and a line a dash, so that the charts
// can be read without colour; the values are written on the bars where they fit, and the table under each chart has them all.
export type Pattern = 'plain' | 'stripes' | 'dots' | 'cross';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  pattern: Pattern;
  color: string;
  /** Drawn as a dashed line with square points over the bars. */
  line?: boolean;
}

export interface ChartSpec {
  /** Under each bar (or beside it, horizontal): short, or in lines. */
  labels: (string | string[])[];
  /** The same in full, for the tooltip. */
  titles?: string[];
  series: ChartSeries[];
  horizontal?: boolean;
  /** How a value is written on a bar, on the axis and in the tooltip. */
  format: (value: number) => string;
  /** Text written after a bar's value (the share of the previous funnel step), per label. */
  notes?: (string | null)[];
}

/** Colours of the area's theme with enough contrast on white; the patterns tell the series apart without them. */
export const SERIES_COLORS = ['#1f4e5f', '#a33a1c', '#2f6b3a', '#55626a'] as const;
export const SERIES_PATTERNS: readonly Pattern[] = ['plain', 'stripes', 'dots', 'cross'];

/** Heights of the full charts and of the summary's small ones: their boxes keep them while loading, so nothing jumps. */
export const CHART_HEIGHT = 280;
export const SMALL_CHART_HEIGHT = 180;
