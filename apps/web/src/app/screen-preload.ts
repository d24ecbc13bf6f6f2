import { buildScreenRoutes, fillRequestParams, findScreenRoute } from '../engine/screens';
import { i18n } from '../i18n';
import { describeScreenEntry, preloadScreen } from '../renderers/registry';
import { getAppState } from '../state/app-store';
import { useScreensStore } from '../state/screens';

/** How long the pointer rests on a link before its screen is preloaded (a sweep across the menu is not). */
const HOVER_INTENT_MS = 60;

/** The server-provided screen an address of this site opens, described as the screen page does. */
function screenAt(href: string) {
  let url: URL;
  try {
    url = new URL(href, window.location.href);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  const state = getAppState();
  // A guest's private screen would only redirect to sign-in.
  const routes = buildScreenRoutes(
    state.dataFirstSetting?.PublicApiScreenList ?? [],
    state.isAuthenticated ? useScreensStore.getState().privateScreens : [],
  );
  const match = findScreenRoute(routes, url.pathname);
  if (!match) return null;
  const described = describeScreenEntry(match.route.screen);
  return { ...described, requestData: fillRequestParams(described.requestData, match.params) };
}

function linkOf(target: EventTarget | null): HTMLAnchorElement | null {
  if (!(target instanceof Element)) return null;
  const link = target.closest('a[href]');
  return link instanceof HTMLAnchorElement && link.target !== '_blank' ? link : null;
}

/**
 * A link to a server-provided screen (menu entries, home tiles...) starts loading that screen's code
 * and first data when the pointer rests on it or it gets the keyboard focus, so that a click finds
 * them ready. Returns the uninstaller.
 */
export function installScreenPreload(): () => void {
  const started = new Set<string>();
  let timer: number | undefined;
  const preload = (link: HTMLAnchorElement) => {
    const screen = screenAt(link.href);
    if (!screen) return;
    const key = `${screen.id}\n${JSON.stringify(screen.requestData)}`;
    // Each screen once per few seconds: its Options stay cached; its List is fresh for a moment.
    if (started.has(key)) return;
    started.add(key);
    window.setTimeout(() => started.delete(key), 3000);
    preloadScreen(screen);
    // The route's own chunk (router.tsx loads it lazily on the first screen visited).
    void import('./screen-page').catch(() => {});
    // The screen page waits for the screen's texts (its code is their namespace).
    void i18n.loadNamespaces([screen.screenCode, 'common']).catch(() => {});
  };
  const onPointerOver = (event: PointerEvent) => {
    const link = linkOf(event.target);
    window.clearTimeout(timer);
    if (link) timer = window.setTimeout(() => preload(link), HOVER_INTENT_MS);
  };
  const onFocusIn = (event: FocusEvent) => {
    const link = linkOf(event.target);
    if (link) preload(link);
  };
  // A press before the hover delay has passed (a touch) starts at once.
  const onPointerDown = (event: PointerEvent) => {
    const link = linkOf(event.target);
    if (link) preload(link);
  };
  // A click with neither (a screen reader's activation, a script's link.click()) starts everything in
  // the same task as the navigation, before the router asks for the screen's code: the code, Options
  // and List then load side by side instead of one after the other.
  const onClick = (event: MouseEvent) => {
    const link = linkOf(event.target);
    if (link) preload(link);
  };
  document.addEventListener('pointerover', onPointerOver);
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('pointerdown', onPointerDown);
  document.addEventListener('click', onClick, { capture: true });
  return () => {
    window.clearTimeout(timer);
    document.removeEventListener('pointerover', onPointerOver);
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('pointerdown', onPointerDown);
    document.removeEventListener('click', onClick, { capture: true });
  };
}
