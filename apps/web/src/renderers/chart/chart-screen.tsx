import { useQuery } from '@tanstack/react-query';
import {
  ArcElement,
  BarElement,
  CategoryScale,
  type ChartData,
  Chart as ChartJS,
  type ChartOptions,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Doughnut, Line, Pie } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { fetchScreenData } from '../../api/screen-data';
import { AutoFitText } from '../../components/auto-fit-text';
import { formatNumber, NUMBER_FORMATS } from '../../engine/formats';
import { readObject } from '../../engine/values';
import {
  type ChartConfig,
  type ChartDataset,
  chartAxesOf,
  chartDataOf,
  chartKindOf,
  chartNumberOf,
  chartPalette,
  chartStyleOf,
} from '../../engine/widgets';
import { DATA_TEXT } from '../../i18n';
import type { ScreenRendererProps } from '../registry';
import { ScreenFailed, ScreenFrame, ScreenSpinner } from '../shared/screen-state';
import { useScreenTree } from '../shared/use-screen-tree';

/** Figures of charts without a format of their own: up to two decimals, like money. */
const CHART_NUMBER_FORMAT = NUMBER_FORMATS.money;

ChartJS.register(
  ArcElement,
  BarElement,
  CategoryScale,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
);

/** The chart's figures as a table, for screen readers (the canvas is an image to them). */
function ChartTable({ data, caption, format }: { data: ChartDataset; caption: string; format: string }) {
  return (
    <table className="visually-hidden" data-testid="chart-data">
      <caption>{caption}</caption>
      <thead {...DATA_TEXT}>
        <tr>
          <td />
          {data.datasets.map((series) => (
            <th key={series.label} scope="col">
              {series.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody {...DATA_TEXT}>
        {data.labels.map((label, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions of the series; labels may repeat
          <tr key={`${label}-${row}`}>
            <th scope="row">{label}</th>
            {data.datasets.map((series) => (
              <td key={series.label}>{formatNumber(series.data[row], format)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ChartView({
  data,
  config,
  label,
  axes,
}: {
  data: ChartDataset;
  config: ChartConfig;
  label: string;
  axes: ('y' | 'y1')[];
}) {
  const kind = chartKindOf(config.chartType);
  const style = chartStyleOf(config);
  const twoAxes = axes.includes('y1');
  const palette = chartPalette(config);
  const round = kind.kind === 'pie' || kind.kind === 'doughnut';
  const chartData: ChartData<'line' | 'bar' | 'pie' | 'doughnut'> = {
    labels: data.labels,
    datasets: data.datasets.map((series, index) => {
      const color = palette[index % palette.length] ?? '#057e38';
      return {
        label: series.label,
        data: series.data,
        backgroundColor: round
          ? data.labels.map((_l, i) => palette[i % palette.length] ?? color)
          : kind.kind === 'line' && kind.fill
            ? `${color}${style.areaAlpha}`
            : color,
        borderColor: round ? '#ffffff' : color,
        fill: kind.kind === 'line' ? kind.fill : undefined,
        tension: style.tension,
        ...(kind.kind === 'line'
          ? { borderWidth: style.lineWidth, pointRadius: style.pointRadius, pointBackgroundColor: color }
          : {}),
        ...(kind.kind === 'bar' ? { borderRadius: style.barRadius } : {}),
        ...(twoAxes ? { yAxisID: axes[index] ?? 'y' } : {}),
      };
    }),
  };
  // The product's number format on the value axis and in tooltips (chart.js would write 1,234.5).
  const figure = (value: unknown) => formatNumber(value, config.format || CHART_NUMBER_FORMAT);
  const horizontal = kind.kind === 'bar' && kind.horizontal;
  // The style's axes: value axes with its grid, the category axis with or without one.
  const valueAxis = (position?: 'left' | 'right', drawOnChartArea = true) => ({
    ...(position ? { position } : {}),
    ticks: { callback: figure },
    grid: { color: style.gridColor, drawOnChartArea },
    border: { display: style.axisBorder },
  });
  const categoryAxis = { grid: { display: style.categoryGrid }, border: { display: style.axisBorder } };
  const [valueKey, categoryKey] = horizontal ? ['x', 'y'] : ['y', 'x'];
  const options: ChartOptions<'line' | 'bar' | 'pie' | 'doughnut'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    ...(style.fontFamily ? { font: { family: style.fontFamily } } : {}),
    plugins: {
      legend: { display: round || data.datasets.length > 1, position: style.legendPosition },
      tooltip: {
        backgroundColor: style.tooltip.background,
        titleColor: style.tooltip.text,
        bodyColor: style.tooltip.text,
        borderColor: style.tooltip.border,
        borderWidth: style.tooltip.border.startsWith('#') ? 1 : 0,
        callbacks: {
          label: (item) => `${(round ? item.label : item.dataset.label) ?? ''}: ${figure(item.raw)}`,
        },
      },
    },
    ...(round
      ? {}
      : twoAxes
        ? {
            scales: {
              x: categoryAxis,
              y: valueAxis('left'),
              // The second axis of the smaller series; its grid lines would cross the first's.
              y1: valueAxis('right', false),
            },
          }
        : { scales: { [valueKey as string]: valueAxis(), [categoryKey as string]: categoryAxis } }),
    ...(horizontal ? { indexAxis: 'y' as const } : {}),
  };
  const height = typeof config.height === 'number' ? config.height : 260;
  // react-chartjs-2 gives the canvas role="img"; the label names it.
  const props = { data: chartData as never, options: options as never, 'aria-label': label };
  return (
    <div style={{ height }} className="position-relative">
      <div className="h-100" data-testid="chart-canvas" data-chart-style={style.name}>
        {kind.kind === 'line' && <Line {...props} />}
        {kind.kind === 'bar' && <Bar {...props} />}
        {kind.kind === 'pie' && <Pie {...props} />}
        {kind.kind === 'doughnut' && <Doughnut {...props} />}
      </div>
    </div>
  );
}

/**
 * A chart (`chart`): line, area, bar, column, pie, doughnut or a number, on chart.js. The data comes
 * from `{APIName}/{APIMethod}` (the chart config's, else the screen's) with the screen's RequestData:
 * its `ExtraData.ChartData` when present, else its rows (`fX`, `fY`).
 */
export default function ChartScreen({ screen: given, embedded }: ScreenRendererProps) {
  const { screen, pending, failed } = useScreenTree(given);
  const { t } = useTranslation([given.screenCode, 'forms']);
  const config: ChartConfig = {
    ...(readObject(screen?.configs?.screenConfig.Chart) ?? {}),
    ...(screen?.configs?.chartConfig ?? {}),
    ...(readObject(screen?.config.Chart) ?? {}),
  };
  const apiName = config.APIName || screen?.apiName || '';
  const apiMethod = config.APIMethod || screen?.apiMethod || 'List';
  const data = useQuery({
    queryKey: ['ChartData', apiName, apiMethod, screen?.requestData],
    queryFn: () =>
      fetchScreenData<unknown>(apiName, apiMethod, {
        Page: 1,
        PageSize: 1000,
        RequestData: screen?.requestData,
      }),
    enabled: screen !== null && apiName !== '',
  });
  const title = t(config.title || given.title);

  let body: React.ReactNode;
  if (pending || data.isPending) body = <ScreenSpinner />;
  else if (failed || data.isError || !screen) body = <ScreenFailed />;
  else if (chartKindOf(config.chartType).kind === 'number') {
    const value = chartNumberOf(data.data, config);
    body = (
      <div className="chart-number text-center py-2" data-testid="chart-number">
        <div className="display-6 fw-semibold text-primary">
          {/* A long figure in a narrow widget shrinks to fit (down to 6 px) rather than overflow. */}
          <AutoFitText>
            {value === null ? '–' : formatNumber(value, config.format || CHART_NUMBER_FORMAT)}
          </AutoFitText>
        </div>
        {config.fLabel && !embedded && <div className="text-secondary">{t(config.fLabel)}</div>}
      </div>
    );
  } else {
    const chartData = chartDataOf(data.data, config);
    const axes = chartAxesOf(chartData, config);
    // A series on the second axis says so in the legend, the tooltips and the table.
    const translated = {
      ...chartData,
      datasets: chartData.datasets.map((s, index) => ({
        ...s,
        label: axes[index] === 'y1' ? t('{{label}} (right axis)', { label: t(s.label) }) : t(s.label),
      })),
    };
    body =
      chartData.labels.length === 0 ? (
        <p className="text-secondary mb-0">{t('No data')}</p>
      ) : (
        <>
          <ChartView data={translated} config={config} axes={axes} label={t('Chart: {{title}}', { title })} />
          <ChartTable data={translated} caption={title} format={config.format || CHART_NUMBER_FORMAT} />
        </>
      );
  }
  return (
    <ScreenFrame title={title} embedded={embedded}>
      {body}
    </ScreenFrame>
  );
}
