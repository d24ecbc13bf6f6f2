import { APP_DEFAULTS } from '@panelwright/contract/constants';
import { lazy, Suspense, useDeferredValue, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import {
  SERVER_SHELL_TOAST_AUTO_CLOSE_MS,
  TOAST_AUTO_CLOSE_MS,
  useToastsWanted,
  wantToasts,
} from '../components/toast';
import { documentTitle } from '../engine/document-title';
import { PushPrompt } from '../features/push/push-prompt';
import { IdleCheck } from '../features/session/idle-check';
import { SeasonalEffects } from '../features/themes/seasonal-effects';
import { useAppStore } from '../state/app-store';
import { loadMenus } from '../state/menus';
import { loadScreens } from '../state/screens';
import { loadFirstSetting } from '../state/session-actions';
import { loadIcons } from '../styles/load-icons';
import './after-logout-hooks';
import { startAnalytics, trackPageView } from './analytics';
import { onFirstInteraction } from './first-interaction';
import { GlobalDialogs, preloadMessageDialog } from './global-dialogs';
import { getRouter } from './router';
import { installScreenPreload } from './screen-preload';
import { installShellHooks } from './shell-hooks';
import { usePrimaryColor } from './theme-color';

// The toasts' timings live with the toasts (the light sign-in page uses them too).
export { SERVER_SHELL_TOAST_AUTO_CLOSE_MS, TOAST_AUTO_CLOSE_MS } from '../components/toast';

installShellHooks();

const ToastHost = lazy(() => import('../components/toast-host'));

/** The blank-layout pages (sign-in and recovery), which load neither toasts nor icons up front. */
const BLANK_PAGE = /^\/(login|forgot|register|reset-password|redirect)(\/|$)/;

const subscribeToLocation = (listener: () => void) => getRouter().subscribe(listener);
const currentPath = () => getRouter().state.location.pathname;

/** The shell: first settings (spinner until they arrive), routes, toasts and global dialogs. */
export function App() {
  const { t } = useTranslation();
  usePrimaryColor();
  const firstSetting = useAppStore((s) => s.dataFirstSetting);
  const settled = useAppStore((s) => s.firstSettingSettled);

  const isAuthenticated = useAppStore((s) => s.isAuthenticated);
  const loginCount = useAppStore((s) => s.loginRefreshCount);
  const inServerShell = useAppStore((s) => s.inServerShell);

  useEffect(() => {
    void loadFirstSetting();
  }, []);

  // The window's title follows the site name an administrator set, and the page's title.
  const siteName = firstSetting?.UIAppConfig.siteName;
  const headerTitle = useAppStore((s) => s.headerTitle);
  useEffect(() => {
    document.title = documentTitle(siteName, headerTitle, APP_DEFAULTS.siteName);
  }, [siteName, headerTitle]);

  // Menu entries and other links to screens fetch the screen's code and first data on hover/focus.
  useEffect(() => installScreenPreload(), []);

  const pathname = useSyncExternalStore(subscribeToLocation, currentPath);
  const onBlankPage = BLANK_PAGE.test(pathname);
  const toastsWanted = useToastsWanted();

  // Once the shell is up, fetch the dialogs an outage would need: at once on the signed-in pages, and
  // on the sign-in pages at the first key or pointer press (before anything can call the server), so
  // that the first page loads no dialog code.
  useEffect(() => {
    if (!settled) return;
    if (!onBlankPage || isAuthenticated) {
      preloadMessageDialog();
      return;
    }
    return onFirstInteraction(preloadMessageDialog);
  }, [settled, onBlankPage, isAuthenticated]);

  // Toasts and the icon font come with the first page that is not a sign-in page.
  useEffect(() => {
    if (onBlankPage && !isAuthenticated) return;
    wantToasts();
    void loadIcons();
  }, [onBlankPage, isAuthenticated]);

  // Analytics, when a plugin is switched on: the first page view after 500 ms, then one per route.
  useEffect(() => {
    if (!firstSetting) return;
    const here = () => ({ path: window.location.pathname + window.location.search, title: document.title });
    if (!startAnalytics(firstSetting.UIAppConfig, here)) return;
    let last = here().path;
    return getRouter().subscribe((state) => {
      const path = state.location.pathname + state.location.search;
      if (path === last) return;
      last = path;
      trackPageView({ path, title: document.title });
    });
  }, [firstSetting]);

  // Screens and menus are asked for only when signed in; after a login, the screen list is forced.
  useEffect(() => {
    if (!isAuthenticated) return;
    void loadScreens(loginCount > 0);
    void loadMenus();
  }, [isAuthenticated, loginCount]);

  // The first settings come from the browser's copy inside an effect, a synchronous update: the
  // router and the whole shell it brings are drawn in a transition instead, in slices (issue 26).
  const settingsShown = useDeferredValue(firstSetting);
  let content: React.ReactNode;
  if (settingsShown) content = <RouterProvider router={getRouter()} />;
  else content = <LoadingScreen missingConfig={settled} />;

  return (
    <>
      {content}
      {toastsWanted && (
        <Suspense fallback={null}>
          <ToastHost
            // Top-right, as the specification places it; styles/main.scss opens it below the header and
            // the page's toolbar row, so that neither the user menu nor Add new and Export are covered.
            position="top-right"
            autoClose={inServerShell ? SERVER_SHELL_TOAST_AUTO_CLOSE_MS : TOAST_AUTO_CLOSE_MS}
            hideProgressBar
            aria-label={t('Notifications Alt+T')}
          />
        </Suspense>
      )}
      <GlobalDialogs />
      <IdleCheck />
      <PushPrompt />
      <SeasonalEffects />
    </>
  );
}
