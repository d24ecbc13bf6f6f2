import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { keepTabInsideDialogs } from '../components/dialog-focus/dialog-tab-wrap';
import { ErrorBoundary } from '../components/error-boundary';
import { Spinner } from '../components/loading-screen';
import { initI18n } from '../i18n';
import '../renderers';
import { App } from './app';
import { reportError } from './error-capture';
import { getRouter } from './router';

/**
 * Gets the app ready without drawing it: i18next and its first files. The light sign-in page calls
 * it at idle or at the first key press, so that the app is at hand when the user has signed in.
 */
export function prepareApp(): Promise<unknown> {
  return initI18n();
}

/** Whether Tab is already kept inside open dialogs (the app starts once a document). */
let tabKeptInDialogs = false;

/**
 * Draws the app (router, shell, every page) into `root`, or into a new root on `container`. The light
 * sign-in page hands its root over, once i18next is ready, so that its page stays until the app's
 * replaces it (no blank spinner in between).
 */
export async function startApp(target: { root: Root } | { container: HTMLElement }): Promise<void> {
  const root = 'root' in target ? target.root : createRoot(target.container);
  if (!tabKeptInDialogs) keepTabInsideDialogs();
  tabKeptInDialogs = true;
  if ('root' in target) await prepareApp();
  else void prepareApp();
  // The router first, in a task of its own: made inside the first render, its first matching and the
  // lazy routes it starts lengthened that render's longest slice (issue 26).
  getRouter();
  await new Promise((resolve) => setTimeout(resolve, 0));
  // In a transition: React draws the app in slices of a few milliseconds, yielding to the browser in
  // between, instead of one long task (a phone's first render of the shell: issue 26).
  startTransition(() =>
    root.render(
      <StrictMode>
        <ErrorBoundary onError={(error) => void reportError(error)}>
          <Suspense fallback={<Spinner />}>
            <App />
          </Suspense>
        </ErrorBoundary>
      </StrictMode>,
    ),
  );
}
