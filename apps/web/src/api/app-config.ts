/**
 * The app configuration read at run time (part 2 section 7: "the base URL comes from the app config"):
 * `/config/app-config.json` beside the web app, so one build serves any deployment. A deployment
 * edits that file (or serves its own at that address); without one, the API is on the same origin.
 */
export type AppConfig = {
  /** Where the API lives: '' for the page's own origin, else an absolute http(s) address. */
  apiBaseUrl: string;
};

export const APP_CONFIG_URL = '/config/app-config.json';

let current: AppConfig | null = null;

/** The configuration as read; null before it was (or when it could not be) read. */
export function appConfig(): AppConfig | null {
  return current;
}

/** Reads a configuration text: unknown keys are ignored, an address that is not http(s) is refused. */
export function parseAppConfig(value: unknown): AppConfig {
  const given = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const base = typeof given.apiBaseUrl === 'string' ? given.apiBaseUrl.trim() : '';
  return { apiBaseUrl: /^https?:\/\/[^\s]+$/i.test(base) ? base.replace(/\/+$/, '') : '' };
}

export function setAppConfig(config: AppConfig | null): void {
  current = config;
}

/** Fetches the configuration once at start; a missing or unreadable file means the defaults. */
export async function loadAppConfig(fetcher: typeof fetch = fetch): Promise<AppConfig> {
  try {
    const response = await fetcher(APP_CONFIG_URL, { cache: 'no-store' });
    setAppConfig(parseAppConfig(response.ok ? await response.json() : {}));
  } catch {
    setAppConfig(parseAppConfig({}));
  }
  return current as AppConfig;
}
