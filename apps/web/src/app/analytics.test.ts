import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  analyticsSettings,
  FIRST_PAGE_VIEW_DELAY_MS,
  registerAnalyticsProvider,
  resetAnalytics,
  startAnalytics,
  trackPageView,
} from './analytics';

afterEach(() => {
  resetAnalytics();
  vi.useRealTimers();
  for (const script of document.querySelectorAll('script')) script.remove();
  delete window.dataLayer;
});

const views: { path: string; title: string }[] = [];
const loads: { id: string; scriptUrl: string }[] = [];
registerAnalyticsProvider('probe', {
  load: (settings) => loads.push(settings),
  pageView: (view) => views.push(view),
});

describe('analytics', () => {
  it('is off by default: no plugin, no script, no page view', () => {
    expect(analyticsSettings({})).toBeNull();
    expect(
      analyticsSettings({ analytics: '', analyticsId: 'G-1', analyticsScriptUrl: 'https://a.test/s.js' }),
    ).toBeNull();
    expect(startAnalytics({ analytics: '' }, () => ({ path: '/', title: '' }))).toBe(false);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('needs a registered plugin, an id and an http(s) script address', () => {
    expect(
      analyticsSettings({ analytics: 'nope', analyticsId: 'G-1', analyticsScriptUrl: 'https://a.test/s.js' }),
    ).toBeNull();
    expect(
      analyticsSettings({ analytics: 'probe', analyticsId: '', analyticsScriptUrl: 'https://a.test/s.js' }),
    ).toBeNull();
    expect(
      analyticsSettings({ analytics: 'probe', analyticsId: 'G-1', analyticsScriptUrl: 'javascript:x' }),
    ).toBeNull();
    expect(() => registerAnalyticsProvider('probe', { load() {}, pageView() {} })).toThrow(
      /registered already/,
    );
  });

  it('loads the plugin and sends the first page view after 500 ms, then one per route', () => {
    vi.useFakeTimers();
    views.length = 0;
    const on = startAnalytics(
      { analytics: 'probe', analyticsId: 'G-1', analyticsScriptUrl: 'https://a.test/s.js' },
      () => ({ path: '/login', title: 'Admin' }),
    );
    expect(on).toBe(true);
    expect(loads.at(-1)).toEqual({ id: 'G-1', scriptUrl: 'https://a.test/s.js' });
    vi.advanceTimersByTime(FIRST_PAGE_VIEW_DELAY_MS - 1);
    expect(views).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(views).toEqual([{ path: '/login', title: 'Admin' }]);
    trackPageView({ path: '/home', title: 'Home' });
    expect(views).toHaveLength(2);
  });

  it('loads gtag.js from the configured address with the id, without its automatic page view', () => {
    vi.useFakeTimers();
    startAnalytics(
      { analytics: 'gtag', analyticsId: 'G-TEST', analyticsScriptUrl: 'https://stats.test/gtag/js' },
      () => ({ path: '/login', title: 'Admin' }),
    );
    expect(document.querySelector('script[data-analytics]')?.getAttribute('src')).toBe(
      'https://stats.test/gtag/js?id=G-TEST',
    );
    const entries = () => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(entries()).toContainEqual(['config', 'G-TEST', { send_page_view: false }]);
    expect(entries().some((entry) => entry[1] === 'page_view')).toBe(false);
    vi.advanceTimersByTime(FIRST_PAGE_VIEW_DELAY_MS);
    expect(entries()).toContainEqual(['event', 'page_view', { page_path: '/login', page_title: 'Admin' }]);
  });
});
