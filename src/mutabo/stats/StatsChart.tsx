// One statistics chart: a box of fixed height (it keeps its place while Chart.js loads, so nothing jumps) with the
// canvas, named for screen readers by a sentence that sums it up (`role="img"`); the table under it has the numbers.
// Chart.js comes in its own chunk, loaded on demand the first time a chart is shown.
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { ChartSpec } from './chartSpec.ts';

const loadRenderer = () => import('./chartRenderer.ts');

const Box = styled.div`
  position: relative;
  width: 100%;
  min-width: 0;
  margin-bottom: ${({ theme }) => theme.space(3)};

  canvas {
    display: block;
  }
`;

export function StatsChart({ spec, label, height }: { spec: ChartSpec; label: string; height: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let drawn: { destroy(): void } | null = null;
    let gone = false;
    loadRenderer()
      .then(({ drawChart }) => {
        if (!gone && canvas.current) drawn = drawChart(canvas.current, spec);
      })
      // A chunk that did not load leaves the box empty: the table under it says the same.
      .catch(() => undefined);
    return () => {
      gone = true;
      drawn?.destroy();
    };
  }, [spec]);
  return (
    <Box role="img" aria-label={label} style={{ height }} data-chart>
      <canvas ref={canvas} aria-hidden="true" />
    </Box>
  );
}
