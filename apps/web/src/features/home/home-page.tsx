import type { StartFigure, StartPage } from '@panelwright/contract';
import { useQuery } from '@tanstack/react-query';
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { startPageQuery } from '../../api/home';
import { session } from '../../api/session';
import { formatCount, formatMoney, formatPercent } from '../../engine/formats';
import { ACTIVITY_TEXTS, figureChange, timeAgo } from '../../engine/home';
import { useAppStore } from '../../state/app-store';
import { useColorMode } from '../../state/color-mode';
import { reloadRecentVisits, useRecentVisits } from '../../state/recent-visits';

ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

const intlLanguage = (language: string) => (language === 'vn' ? 'vi' : language || 'en');

function FigureCard({ figure }: { figure: StartFigure }) {
  const { t } = useTranslation();
  const change = figureChange(figure.Value, figure.Previous);
  const value = figure.Format === 'money' ? formatMoney(figure.Value) : formatCount(figure.Value);
  const previous = figure.Format === 'money' ? formatMoney(figure.Previous) : formatCount(figure.Previous);
  const icon =
    change.direction === 'up'
      ? 'bi-arrow-up-right'
      : change.direction === 'down'
        ? 'bi-arrow-down-right'
        : 'bi-dash';
  const tone =
    change.direction === 'up'
      ? 'text-success'
      : change.direction === 'down'
        ? 'text-danger'
        : 'text-secondary';
  // The product's number symbols everywhere (14,2%), as the figure beside it, whatever the browser's locale.
  const percent = change.percent === null ? t('new') : formatPercent(change.percent, '0,0.[0]');
  return (
    <li className="home-figure">
      <Link to={figure.Url} className="home-figure-card">
        <span className="home-figure-label">{t(figure.Label)}</span>
        <span className="home-figure-value tabular">{value}</span>
        <span className="home-figure-change">
          <span className={`fw-semibold ${tone}`}>
            <i className={`bi ${icon} me-1`} aria-hidden="true" />
            {change.direction === 'flat' ? t('no change') : percent}
          </span>{' '}
          <span className="text-secondary">
            {t('against the previous {{days}} days ({{previous}})', { days: figure.PeriodDays, previous })}
          </span>
        </span>
      </Link>
    </li>
  );
}

function SalesChart({ chart }: { chart: NonNullable<StartPage['Chart']> }) {
  const { t } = useTranslation();
  const theme = useColorMode((s) => s.theme);
  const primary =
    getComputedStyle(document.documentElement).getPropertyValue('--bs-primary').trim() || '#057e38';
  const grid = theme === 'dark' ? 'rgba(255,255,255,0.08)' : 'rgba(16,24,40,0.08)';
  const text = theme === 'dark' ? '#a7aeb6' : '#5b626a';
  const series = chart.ChartData.datasets[0];
  const data = {
    labels: chart.ChartData.labels,
    datasets: series
      ? [
          {
            label: t(series.label),
            data: series.data,
            backgroundColor: primary,
            borderRadius: 4,
            maxBarThickness: 28,
          },
        ]
      : [],
  };
  return (
    <section className="home-card" aria-labelledby="home-chart">
      <h2 id="home-chart" className="home-card-title">
        {t(chart.Title)}
      </h2>
      <div className="home-chart">
        <Bar
          aria-label={t(chart.Title)}
          data={data}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            plugins: {
              legend: { display: false },
              tooltip: { callbacks: { label: (item) => formatMoney(item.raw) } },
            },
            scales: {
              x: { grid: { display: false }, ticks: { color: text } },
              y: {
                grid: { color: grid },
                // Chart.js writes its ticks in the browser's locale (16,000): the product's symbols instead.
                ticks: { color: text, callback: (tick) => formatCount(Number(tick)) },
                border: { display: false },
              },
            },
          }}
        />
      </div>
      <table className="visually-hidden">
        <caption>{t(chart.Title)}</caption>
        <tbody>
          {chart.ChartData.labels.map((label, at) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{formatMoney(series?.data[at] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Activity({ items }: { items: StartPage['Activity'] }) {
  const { t, i18n } = useTranslation();
  const relative = new Intl.RelativeTimeFormat(intlLanguage(i18n.language), { numeric: 'auto' });
  const now = new Date();
  return (
    <section className="home-card" aria-labelledby="home-activity">
      <h2 id="home-activity" className="home-card-title">
        {t('Recent activity')}
      </h2>
      {items.length === 0 ? (
        <p className="text-secondary mb-0">
          <i className="bi bi-clock-history me-2" aria-hidden="true" />
          {t('Nothing has changed lately.')}
        </p>
      ) : (
        <ul className="home-activity">
          {items.map((item) => {
            const ago = timeAgo(new Date(item.At), now);
            return (
              <li key={item.Id}>
                <span className="home-activity-dot" aria-hidden="true" />
                <span>
                  {t(ACTIVITY_TEXTS[item.Action], {
                    who: item.Who || t('Someone'),
                    record: `#${item.RecordId}`,
                    resource: t(item.Resource),
                  })}
                </span>
                <time className="text-secondary small ms-auto text-nowrap" dateTime={item.At}>
                  {relative.format(ago.value, ago.unit)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * The signed-in user's start page, as the server composed it for their role (`Home/Start`): key
 * figures with their change against the previous period, a chart, the latest record changes in
 * words, the pages they opened lately and shortcuts. The menu itself is in the sidebar, not here.
 */
export function HomePage() {
  const { t } = useTranslation();
  const name = session.info()?.name ?? '';
  const loginCount = useAppStore((s) => s.loginRefreshCount);
  const start = useQuery(startPageQuery(loginCount));
  const visits = useRecentVisits((s) => s.visits);
  useEffect(() => reloadRecentVisits(), []);
  const page = start.data;
  const shortcuts = useMemo(() => page?.Shortcuts ?? [], [page]);

  return (
    <section className="container-fluid py-4 home-page">
      <header className="mb-4">
        <h1 className="h3 mb-1">{t('Hi {{name}}', { name })}</h1>
        <p className="text-secondary mb-0">{t('Welcome to the administration console.')}</p>
      </header>

      {start.isPending && (
        <div
          className="spinner-border spinner-border-sm text-primary"
          role="status"
          aria-label={t('Loading')}
        />
      )}
      {start.isError && <p className="text-secondary">{t('The start page could not be loaded.')}</p>}

      {page && page.Figures.length > 0 && (
        <section aria-labelledby="home-figures" className="mb-4">
          <h2 id="home-figures" className="visually-hidden">
            {t('Key figures')}
          </h2>
          <ul className="home-figures">
            {page.Figures.map((figure) => (
              <FigureCard key={figure.Code} figure={figure} />
            ))}
          </ul>
        </section>
      )}

      {page && (
        <div className="home-grid">
          <div className="home-main">
            {page.Chart && <SalesChart chart={page.Chart} />}
            <Activity items={page.Activity} />
          </div>
          <div className="home-side">
            {shortcuts.length > 0 && (
              <section className="home-card" aria-labelledby="home-shortcuts">
                <h2 id="home-shortcuts" className="home-card-title">
                  {t('Shortcuts')}
                </h2>
                <ul className="home-shortcuts">
                  {shortcuts.map((shortcut) => (
                    <li key={shortcut.Url}>
                      <Link to={shortcut.Url} className="home-shortcut">
                        <i className={`bi ${shortcut.Icon}`} aria-hidden="true" />
                        <span>{t(shortcut.Name)}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <section className="home-card" aria-labelledby="home-recent">
              <h2 id="home-recent" className="home-card-title">
                {t('Recently opened')}
              </h2>
              {visits.length === 0 ? (
                <p className="text-secondary mb-0">{t('The pages you open appear here.')}</p>
              ) : (
                <ul className="home-recent">
                  {visits.map((visit) => (
                    <li key={visit.path}>
                      <Link to={visit.path}>
                        <i className="bi bi-clock-history me-2" aria-hidden="true" />
                        {visit.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </div>
      )}
    </section>
  );
}
