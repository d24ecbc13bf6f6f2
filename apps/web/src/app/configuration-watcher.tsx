import { useEffect } from 'react';
import { useAppStore } from '../state/app-store';
import { checkConfigVersion, forgetConfigVersion } from '../state/configuration-version';

/** How often a signed-in page asks which configuration is live (the live stream tells at once). */
export const CONFIG_CHECK_INTERVAL_MS = 15_000;

/**
 * Keeps a signed-in page on the live configuration: it asks which version is live on arrival, every
 * 15 s while the page is visible, and when it becomes visible again; a new version refreshes the
 * routes, menus, texts and screens without a reload (the live stream, when on, tells at once).
 */
export function ConfigurationWatcher() {
  const signedIn = useAppStore((s) => s.isAuthenticated);
  const loginCount = useAppStore((s) => s.loginRefreshCount);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new login starts from its own version
  useEffect(() => {
    if (!signedIn) return;
    forgetConfigVersion();
    const check = () => {
      if (document.visibilityState === 'visible') void checkConfigVersion();
    };
    check();
    const timer = window.setInterval(check, CONFIG_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [signedIn, loginCount]);

  return null;
}
