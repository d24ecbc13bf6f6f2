// The light sign-in entry (issue 26): /login drawn with React alone, no router, no TanStack Query, no
// i18next (texts through texts.ts's small translator). The app loads when the user is likely to need
// it (the first key or pointer press, or idle after the page settled) and takes over the same root
// when the user signs in or follows a link.
import { StrictMode, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { reportError } from '../app/error-capture';
import { installShellHooks } from '../app/shell-hooks';
import { ErrorBoundary } from '../components/error-boundary';
import { Spinner } from '../components/loading-screen';
import { installNavigator, type NavigateOptions } from '../state/navigation';
import { loadFirstSetting } from '../state/session-actions';
import { loadLightTranslator } from '../texts';
import { trackHandOver } from './sign-in-analytics';
import { SignInShell } from './sign-in-shell';

/** After the page settled, the app loads at idle this long later if no key was pressed. */
export const APP_PREFETCH_IDLE_MS = 3000;

let handingOver: Promise<void> | null = null;

/** Loads the app's code and i18next ahead of need (once). */
function prefetchApp(): Promise<typeof import('../app/start-app')> {
  return import('../app/start-app').then(async (entry) => {
    await entry.prepareApp();
    return entry;
  });
}

/**
 * The app takes over: the address moves to `to` (the sign-in page's own navigation), then the app
 * draws into the same root once its texts are ready.
 */
function handOver(root: Root, to: string, options?: NavigateOptions): Promise<void> {
  if (to !== window.location.pathname + window.location.search) {
    trackHandOver(to);
    if (options?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
  }
  handingOver ??= prefetchApp().then((entry) => entry.startApp({ root }));
  return handingOver;
}

/** The first key or pointer press, or idle a while after load: whichever comes first, once. */
function whenLikelyNeeded(run: () => void): void {
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    for (const type of events) window.removeEventListener(type, once, true);
    run();
  };
  for (const type of events) window.addEventListener(type, once, { capture: true, passive: true });
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(once, { timeout: 2000 }) : once();
  const afterLoad = () => setTimeout(idle, APP_PREFETCH_IDLE_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

export async function startSignIn(container: HTMLElement): Promise<void> {
  installShellHooks();
  const root = createRoot(container);
  installNavigator((to, options) => handOver(root, to, options));
  void loadFirstSetting();
  // The page waits for its texts: a Vietnamese user never sees it in English first.
  await loadLightTranslator();
  root.render(
    <StrictMode>
      <ErrorBoundary onError={(error) => void reportError(error)}>
        <Suspense fallback={<Spinner />}>
          <SignInShell />
        </Suspense>
      </ErrorBoundary>
    </StrictMode>,
  );
  whenLikelyNeeded(() => void prefetchApp().catch(() => {}));
}
