import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { queryClient } from '../../api/query-client';
import { ModalOutlet } from '../../components/modal-host/modal-outlet';
import { useWindowWidth } from '../../components/use-window-width';
import { isTypingTarget } from '../../engine/command-palette';
import { SIDEBAR_BREAKPOINT, SIDEBAR_CLOSED_KEY, sidebarClosedValue } from '../../engine/menu';
import { DevTools } from '../../features/dev-tools/dev-tools';
import { LiveConnection } from '../../features/notifications/live-connection';
import { NotificationPoll } from '../../features/notifications/notification-poll';
import { setAppState, useAppStore } from '../../state/app-store';
import { recordVisit } from '../../state/recent-visits';
import { ConfigurationWatcher } from '../configuration-watcher';
import { useScreenRouteAt } from '../use-screen-routes';
import { isShellDialogOpen, openCommandPalette, openShortcutList, ShellDialogs } from './command-palette';
import { Header } from './header';
import { SkipLink, useFocusHeadingOnNavigate } from './page-focus';
import { PreviewBanner } from './preview-banner';
import { Sidebar } from './sidebar';

/**
 * The main layout: header, the sidebar (docked and collapsible from 1200 px, an overlay closed by
 * default below, absent for no-sidebar screens and guests), then the page. The server-state cache
 * starts here, so the sign-in page does not load it.
 */
export function MainLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const width = useWindowWidth();
  const isAuthenticated = useAppStore((s) => s.isAuthenticated);
  const closed = useAppStore((s) => s.closeSideNav);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const screenRoute = useScreenRouteAt(location.pathname);
  const narrow = width < SIDEBAR_BREAKPOINT;
  const hasSidebar = isAuthenticated && !screenRoute?.route.noSidebar;
  // On a wide window the closed sidebar is an icon rail; on a narrow one an overlay, open or not.
  const sidebarShown = hasSidebar && (narrow ? overlayOpen : true);
  const rail = !narrow && closed;
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigate(main, location.pathname);

  useEffect(() => {
    setAppState({ inServerShell: true });
    return () => setAppState({ inServerShell: false });
  }, []);

  // Pages with a title are remembered for the start page's "Recently opened".
  const headerTitle = useAppStore((s) => s.headerTitle);
  useEffect(() => {
    if (isAuthenticated && headerTitle)
      recordVisit({ path: location.pathname + location.search, title: headerTitle });
  }, [isAuthenticated, headerTitle, location.pathname, location.search]);

  // A new page closes the overlay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every change of address
  useEffect(() => setOverlayOpen(false), [location.pathname]);
  useEffect(() => {
    if (!overlayOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOverlayOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlayOpen]);

  // The shell's keys: Ctrl+K / ⌘K the palette, "?" the shortcut list, "/" the menu's search.
  useEffect(() => {
    if (!isAuthenticated) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        openCommandPalette();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      if (document.querySelector('.modal.show') || isShellDialogOpen()) return;
      if (event.key === '?') {
        event.preventDefault();
        openShortcutList();
      } else if (event.key === '/') {
        const search = document.getElementById('sidebar-search');
        if (search && search.offsetParent !== null) {
          event.preventDefault();
          search.focus();
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isAuthenticated]);

  const toggle = () => {
    if (narrow) return setOverlayOpen((open) => !open);
    localStorage.setItem(SIDEBAR_CLOSED_KEY, sidebarClosedValue(!closed));
    setAppState({ closeSideNav: !closed });
  };

  const sidebarToggle = hasSidebar ? (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      onClick={toggle}
      aria-label={t('Toggle menu')}
      aria-expanded={sidebarShown && !rail}
      aria-controls="app-sidebar"
    >
      <i className="bi bi-list" aria-hidden="true" />
    </button>
  ) : null;

  return (
    <QueryClientProvider client={queryClient}>
      <LiveConnection />
      <NotificationPoll />
      <ConfigurationWatcher />
      {/* A new screen opens at its top; back and forward return to where the page was. */}
      <ScrollRestoration />
      <div className="main-layout">
        <SkipLink targetId="main-content" />
        <PreviewBanner />
        <Header sidebarToggle={sidebarToggle} />
        <div className="main-body">
          {sidebarShown && <Sidebar overlay={narrow} rail={rail} onNavigate={() => setOverlayOpen(false)} />}
          {sidebarShown && narrow && (
            <button
              type="button"
              className="sidebar-backdrop"
              aria-label={t('Close menu')}
              onClick={() => setOverlayOpen(false)}
            />
          )}
          <main className="main-content" id="main-content" ref={main} tabIndex={-1}>
            <Outlet />
          </main>
        </div>
        <ModalOutlet />
        <ShellDialogs />
        <DevTools />
      </div>
    </QueryClientProvider>
  );
}
