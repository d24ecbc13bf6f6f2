import type { UIAppConfig } from '@panelwright/contract';

/** The first page view is sent this long after the start (part 1 section 9). */
export const FIRST_PAGE_VIEW_DELAY_MS = 500;

/** An analytics plugin: loads its script with the configured id, then records page views. */
export type AnalyticsProvider = {
  load(settings: { id: string; scriptUrl: string }): void;
  pageView(view: { path: string; title: string }): void;
};

const providers = new Map<string, AnalyticsProvider>();

/** Registers an analytics plugin under the name the setting `analytics` chooses; a name only once. */
export function registerAnalyticsProvider(name: string, provider: AnalyticsProvider): void {
  if (providers.has(name)) throw new Error(`An analytics provider named ${name} is registered already`);
  providers.set(name, provider);
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Google Analytics 4 (gtag.js): the script from the configured address with `?id=`, page views sent
 * by the product (the automatic one is off, so that the first comes after 500 ms as specified).
 */
registerAnalyticsProvider('gtag', {
  load({ id, scriptUrl }) {
    window.dataLayer = window.dataLayer ?? [];
    // gtag.js reads the arguments objects pushed by its own function, not arrays.
    function gtag(..._args: unknown[]) {
      // biome-ignore lint/complexity/noArguments: gtag.js needs the arguments object itself
      window.dataLayer?.push(arguments);
    }
    gtag('js', new Date());
    gtag('config', id, { send_page_view: false });
    const script = document.createElement('script');
    script.async = true;
    script.src = `${scriptUrl}${scriptUrl.includes('?') ? '&' : '?'}id=${encodeURIComponent(id)}`;
    script.dataset.analytics = 'gtag';
    document.head.append(script);
    (window as Window & { gtag?: typeof gtag }).gtag = gtag;
  },
  pageView({ path, title }) {
    (window as Window & { gtag?: (...args: unknown[]) => void }).gtag?.('event', 'page_view', {
      page_path: path,
      page_title: title,
    });
  },
});

/** The plugin the settings switch on, with its id and script address; null when off (the default). */
export function analyticsSettings(
  config: Pick<UIAppConfig, 'analytics' | 'analyticsId' | 'analyticsScriptUrl'> | undefined,
): { provider: AnalyticsProvider; id: string; scriptUrl: string } | null {
  const name = config?.analytics?.trim() ?? '';
  const id = config?.analyticsId?.trim() ?? '';
  const scriptUrl = config?.analyticsScriptUrl?.trim() ?? '';
  const provider = name ? providers.get(name) : undefined;
  if (!provider || !id || !/^https?:\/\/[^\s]+$/i.test(scriptUrl)) return null;
  return { provider, id, scriptUrl };
}

let started: AnalyticsProvider | null = null;

/**
 * Starts analytics once the settings are known: nothing at all when off (no script, no request);
 * else the plugin's script, and the first page view after 500 ms. Later views follow the routes.
 */
export function startAnalytics(
  config: Parameters<typeof analyticsSettings>[0],
  current: () => { path: string; title: string },
  timers: { setTimeout: (run: () => void, ms: number) => unknown } = window,
): boolean {
  if (started) return true;
  const settings = analyticsSettings(config);
  if (!settings) return false;
  started = settings.provider;
  settings.provider.load({ id: settings.id, scriptUrl: settings.scriptUrl });
  timers.setTimeout(() => settings.provider.pageView(current()), FIRST_PAGE_VIEW_DELAY_MS);
  return true;
}

/** A page view after a route change, when analytics runs. */
export function trackPageView(view: { path: string; title: string }): void {
  started?.pageView(view);
}

/** For tests: forget that analytics started. */
export function resetAnalytics(): void {
  started = null;
}
