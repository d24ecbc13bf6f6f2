import { startAnalytics, trackPageView } from '../app/analytics';

const here = () => ({ path: window.location.pathname + window.location.search, title: document.title });

/** Analytics on the light sign-in page: the plugin and the first page view, as the app starts them. */
export function startSignInAnalytics(config: Parameters<typeof startAnalytics>[0]): void {
  startAnalytics(config, here);
}

/**
 * A page view for the address the sign-in page hands over to: the app, once drawn, follows its
 * router from that address on (its analytics were started here, so it sends no first view again).
 */
export function trackHandOver(path: string): void {
  trackPageView({ path, title: document.title });
}
