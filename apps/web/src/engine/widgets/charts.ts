import { toNumber } from '../formats/number';
import { type Row, readObject, valueText } from '../values';

/** A chart's configuration (screen-config.md, "Charts and dashboards"). */
export type ChartConfig = {
  chartType?: string;
  /** The row field of the labels (x axis). */
  fX?: string;
  /** The row fields of the series (y values). */
  fY?: string[] | string;
  /** A number widget's caption; a series' label otherwise. */
  fLabel?: string;
  height?: number;
  title?: string;
  /** numbro pattern of a number widget. */
  format?: string;
  /** 'google': the palette and look of Google charts. */
  style?: string;
  colors?: string[];
  APIName?: string;
  APIMethod?: string;
  /**
   * Series drawn against a second value axis on the right; without it, a series whose largest figure
   * is under a tenth of the largest series' goes there by itself (`secondAxis: []` turns that off).
   */
  secondAxis?: string[];
};

/** How each chart type is drawn on chart.js; 'number' is a single figure, not a chart. */
export type ChartKind =
  | { kind: 'line'; fill: boolean }
  | { kind: 'bar'; horizontal: boolean }
  | { kind: 'pie' }
  | { kind: 'doughnut' }
  | { kind: 'number' };

/**
 * The chart types of the specification on one library. Following Google's naming, `column` draws
 * vertical bars and `bar` horizontal ones; `area` is a filled line.
 */
export const CHART_KINDS: Readonly<Record<string, ChartKind>> = {
  line: { kind: 'line', fill: false },
  area: { kind: 'line', fill: true },
  bar: { kind: 'bar', horizontal: true },
  column: { kind: 'bar', horizontal: false },
  pie: { kind: 'pie' },
  doughnut: { kind: 'doughnut' },
  number: { kind: 'number' },
};

/** An unknown type draws a column chart. */
export function chartKindOf(chartType: string | undefined): ChartKind {
  const type = (chartType ?? '').trim().toLowerCase();
  return (
    (Object.hasOwn(CHART_KINDS, type) ? CHART_KINDS[type] : undefined) ?? { kind: 'bar', horizontal: false }
  );
}

export const CHART_PALETTES = {
  default: ['#057e38', '#4285f4', '#f4b400', '#db4437', '#ab47bc', '#00acc1', '#ff7043', '#9e9d24'],
  google: ['#3366cc', '#dc3912', '#ff9900', '#109618', '#990099', '#0099c6', '#dd4477', '#66aa00'],
} as const;

export function chartPalette(config: ChartConfig): readonly string[] {
  if (Array.isArray(config.colors) && config.colors.length > 0) return config.colors;
  return config.style === 'google' ? CHART_PALETTES.google : CHART_PALETTES.default;
}

export type ChartSeries = { label: string; data: number[] };
export type ChartDataset = { labels: string[]; datasets: ChartSeries[] };

/** The rows of a chart call's answer: a List answer (`{Data: rows}`) or a bare list. */
export function chartRows(answer: unknown): Row[] {
  if (Array.isArray(answer)) return answer.filter((row): row is Row => readObject(row) !== undefined);
  const data = readObject(answer)?.Data;
  return Array.isArray(data) ? data.filter((row): row is Row => readObject(row) !== undefined) : [];
}

function readChartData(answer: unknown): ChartDataset | null {
  const chartData = readObject(readObject(readObject(answer)?.ExtraData)?.ChartData);
  if (!chartData || !Array.isArray(chartData.labels) || !Array.isArray(chartData.datasets)) return null;
  return {
    labels: chartData.labels.map(valueText),
    datasets: chartData.datasets.flatMap((dataset) => {
      const series = readObject(dataset);
      if (!series || !Array.isArray(series.data)) return [];
      return [{ label: valueText(series.label), data: series.data.map((v) => toNumber(v) ?? 0) }];
    }),
  };
}

const fieldList = (value: ChartConfig['fY']): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
    .map((field) => field.trim())
    .filter((field) => field !== '');

/**
 * The data of a chart: the answer's `ExtraData.ChartData` when present, else built from its rows
 * (labels from `fX`, one series per `fY` field). Without `fX` the first text field labels; without
 * `fY` every numeric field but the label is a series.
 */
export function chartDataOf(answer: unknown, config: ChartConfig): ChartDataset {
  const given = readChartData(answer);
  if (given) return given;
  const rows = chartRows(answer);
  const first = rows[0] ?? {};
  const fX = config.fX ?? Object.keys(first).find((key) => typeof first[key] === 'string') ?? '';
  const declared = fieldList(config.fY);
  const fY =
    declared.length > 0
      ? declared
      : Object.keys(first).filter((key) => key !== fX && key !== 'Id' && typeof first[key] === 'number');
  return {
    labels: rows.map((row) => valueText(row[fX])),
    datasets: fY.map((field, index) => ({
      label: index === 0 && fY.length === 1 && config.fLabel ? config.fLabel : field,
      data: rows.map((row) => toNumber(row[field]) ?? 0),
    })),
  };
}

/**
 * The figure of a number widget: the first row's first `fY` field, else the sum of the first series
 * of the chart data; null when the answer holds none.
 */
export function chartNumberOf(answer: unknown, config: ChartConfig): number | null {
  const [field] = fieldList(config.fY);
  const first = chartRows(answer)[0];
  if (field && first && toNumber(first[field]) !== null) return toNumber(first[field]);
  const series = readChartData(answer)?.datasets[0];
  if (series && series.data.length > 0) return series.data.reduce((sum, value) => sum + value, 0);
  return null;
}

/** Below this ratio of largest figures, two series are of different magnitudes. */
export const SECOND_AXIS_RATIO = 10;

const largest = (series: ChartSeries) => Math.max(0, ...series.data.map((value) => Math.abs(value)));

/**
 * Which value axis each series is drawn against: 'y' (left) or 'y1' (right). Series of different
 * magnitudes would otherwise flatten the smaller ones on one axis: a series whose largest figure is
 * under a tenth of the largest series' goes to the right axis, unless the configuration names the
 * series of the second axis (`secondAxis`). Pie, doughnut and horizontal bar charts get none; neither
 * does a single series, nor a chart whose every series would move.
 */
export function chartAxesOf(data: ChartDataset, config: ChartConfig): ('y' | 'y1')[] {
  const kind = chartKindOf(config.chartType);
  const left = data.datasets.map(() => 'y' as const);
  // Horizontal bars have their values across: a second axis there would be a second row of figures.
  if (kind.kind !== 'line' && (kind.kind !== 'bar' || kind.horizontal)) return left;
  if (data.datasets.length < 2) return left;
  if (Array.isArray(config.secondAxis)) {
    const named = new Set(config.secondAxis);
    const axes = data.datasets.map((series) => (named.has(series.label) ? 'y1' : 'y'));
    return axes.includes('y') ? axes : left;
  }
  const top = Math.max(...data.datasets.map(largest));
  if (top === 0) return left;
  return data.datasets.map((series) => (largest(series) * SECOND_AXIS_RATIO < top ? 'y1' : 'y'));
}

/**
 * A chart family's look on chart.js (part 1 section 9: "several google-style and chartjs" charts).
 * The Google style follows Google Charts' defaults: its palette, Arial, the legend on the right, light
 * horizontal grid lines only and no axis lines, thin lines with visible points, areas at 30 %, square
 * bars, and white tooltips with dark text; the default style is chart.js's own with the product's
 * palette, the legend at the bottom.
 */
export type ChartStyle = {
  name: 'default' | 'google';
  palette: readonly string[];
  fontFamily: string | null;
  legendPosition: 'bottom' | 'right';
  /** Colour of the value grid lines; the category axis draws none when `categoryGrid` is false. */
  gridColor: string;
  categoryGrid: boolean;
  axisBorder: boolean;
  lineWidth: number;
  pointRadius: number;
  tension: number;
  /** Hex alpha of filled areas. */
  areaAlpha: string;
  barRadius: number;
  tooltip: { background: string; text: string; border: string };
};

export const CHART_STYLES: Readonly<Record<ChartStyle['name'], ChartStyle>> = {
  default: {
    name: 'default',
    palette: CHART_PALETTES.default,
    fontFamily: null,
    legendPosition: 'bottom',
    gridColor: 'rgba(0, 0, 0, 0.1)',
    categoryGrid: true,
    axisBorder: true,
    lineWidth: 3,
    pointRadius: 3,
    tension: 0.3,
    areaAlpha: '55',
    barRadius: 4,
    tooltip: { background: 'rgba(0, 0, 0, 0.8)', text: '#ffffff', border: 'rgba(0, 0, 0, 0)' },
  },
  google: {
    name: 'google',
    palette: CHART_PALETTES.google,
    fontFamily: 'Arial, Helvetica, sans-serif',
    legendPosition: 'right',
    gridColor: '#cccccc',
    categoryGrid: false,
    axisBorder: false,
    lineWidth: 2,
    pointRadius: 4,
    tension: 0,
    areaAlpha: '4d',
    barRadius: 0,
    tooltip: { background: '#ffffff', text: '#222222', border: '#cccccc' },
  },
};

/** The style of a chart's configuration (`style: 'google'`), else the default one. */
export function chartStyleOf(config: ChartConfig): ChartStyle {
  return config.style === 'google' ? CHART_STYLES.google : CHART_STYLES.default;
}
