// Chart.js, loaded only by the statistics' charts (a chunk of its own, imported on demand from the area): only the bar
// and line charts with their scales, legend and tooltip are registered, so the rest of the library is left out of the
// build. docs/STATS-CHARTS.md says why Chart.js.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type Plugin,
} from 'chart.js';
import { patternFill } from './chartPatterns.ts';
import type { ChartSpec } from './chartSpec.ts';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

const TEXT = '#1f2a30';
const GRID = '#e6e1d6';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif';

/** Writes each bar's value (and its note) at the bar's end where there is room: the chart reads without hovering. */
function valueLabels(shown: { spec: ChartSpec }): Plugin<'bar' | 'line'> {
  return {
    id: 'statsValueLabels',
    afterDatasetsDraw(chart) {
      const { spec } = shown;
      const { ctx } = chart;
      ctx.save();
      ctx.fillStyle = TEXT;
      ctx.font = `12px ${FONT}`;
      chart.data.datasets.forEach((dataset, datasetIndex) => {
        const meta = chart.getDatasetMeta(datasetIndex);
        if (meta.type !== 'bar' || meta.hidden) return;
        meta.data.forEach((element, index) => {
          const value = dataset.data[index];
          // A zero beside other series' bars says nothing the table does not.
          if (typeof value !== 'number' || (value === 0 && spec.series.length > 1)) return;
          const note = spec.notes?.[index];
          const text = note ? `${spec.format(value)} · ${note}` : spec.format(value);
          const width = ctx.measureText(text).width;
          const bar = element as unknown as { x: number; y: number; base: number; width: number; height: number };
          if (spec.horizontal) {
            if (bar.height < 12 || bar.x + 4 + width > chart.width) return;
            ctx.textAlign = 'left';
            ctx.textBaseline = 'middle';
            ctx.fillText(text, bar.x + 4, bar.y);
          } else {
            if (width + 2 > bar.width || bar.y - 16 < chart.chartArea.top - 2) return;
            ctx.textAlign = 'center';
            ctx.textBaseline = 'bottom';
            ctx.fillText(text, bar.x, Math.min(bar.y, bar.base) - 2);
          }
        });
      });
      ctx.restore();
    },
  };
}

function configOf(spec: ChartSpec): ChartConfiguration<'bar' | 'line'> {
  const valueAxis = spec.horizontal ? 'x' : 'y';
  const labelAxis = spec.horizontal ? 'y' : 'x';
  return {
    type: 'bar',
    data: {
      labels: spec.labels,
      datasets: spec.series.map((series) =>
        series.line
          ? {
              type: 'line' as const,
              label: series.label,
              data: series.values,
              borderColor: series.color,
              // Its legend box is white inside a dashed border, the line's own look; the points are filled.
              backgroundColor: '#ffffff',
              pointBackgroundColor: series.color,
              borderWidth: 2,
              borderDash: [6, 4],
              pointStyle: 'rect' as const,
              pointRadius: 4,
              spanGaps: true,
              order: 0,
            }
          : {
              type: 'bar' as const,
              label: series.label,
              data: series.values,
              backgroundColor: patternFill(series.pattern, series.color),
              borderColor: series.color,
              borderWidth: 1.5,
              order: 1,
            },
      ),
    },
    options: {
      indexAxis: labelAxis === 'y' ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      // The room above or beside the bars for their values.
      layout: { padding: spec.horizontal ? { right: 80 } : { top: 18 } },
      font: { family: FONT },
      scales: {
        [valueAxis]: {
          beginAtZero: true,
          grid: { color: GRID },
          ticks: { color: TEXT, callback: (value: number | string) => (typeof value === 'number' ? spec.format(value) : value), maxTicksLimit: 5, precision: 0 },
        },
        [labelAxis]: { grid: { display: false }, ticks: { color: TEXT, autoSkip: true, maxRotation: 0 } },
      },
      plugins: {
        legend: { display: spec.series.length > 1, labels: { color: TEXT, boxWidth: 18, boxHeight: 12, usePointStyle: false } },
        tooltip: {
          callbacks: {
            title: (items) => (items[0] ? (spec.titles?.[items[0].dataIndex] ?? spec.labels[items[0].dataIndex] ?? '') : ''),
            label: (item) => `${item.dataset.label ?? ''}: ${typeof item.raw === 'number' ? spec.format(item.raw) : '—'}`,
          },
        },
      },
    },
  };
}

export interface DrawnChart {
  update(spec: ChartSpec): void;
  destroy(): void;
}

/** Draws a chart on the canvas; null where the canvas cannot draw (no 2D context). */
export function drawChart(canvas: HTMLCanvasElement, spec: ChartSpec): DrawnChart | null {
  if (!canvas.getContext('2d')) return null;
  // The plugin reads the spec shown now: its format is a function, which Chart.js would call if it were an option.
  const shown = { spec };
  const chart = new Chart(canvas, { ...configOf(spec), plugins: [valueLabels(shown)] });
  return {
    update(next) {
      shown.spec = next;
      const config = configOf(next);
      chart.data = config.data;
      chart.options = config.options!;
      chart.update();
    },
    destroy: () => chart.destroy(),
  };
}
