import { APP_DEFAULTS } from '@panelwright/contract/constants';
import { lazy, Suspense, useEffect } from 'react';
import { onFirstInteraction } from '../app/first-interaction';
import { GlobalDialogs, preloadMessageDialog } from '../app/global-dialogs';
import { usePrimaryColor } from '../app/theme-color';
import { LoadingScreen } from '../components/loading-screen';
import { TOAST_AUTO_CLOSE_MS, useToastsWanted } from '../components/toast';
import { documentTitle } from '../engine/document-title';
import { STORAGE_KEYS } from '../engine/storage-keys';
import { LoginPage } from '../features/auth/login-page';
import { useAppStore } from '../state/app-store';
import { useTexts } from '../texts';
import { startSignInAnalytics } from './sign-in-analytics';

const ToastHost = lazy(() => import('../components/toast-host'));
const SeasonalEffects = lazy(() =>
  import('../features/themes/seasonal-effects').then((m) => ({ default: m.SeasonalEffects })),
);

/**
 * What the app's shell does for a guest on /login, without the router: the first settings (a spinner
 * until they arrive), the theme colour, the window's title, analytics, toasts, the Notice and
 * maintenance dialogs and the seasonal decorations; then the sign-in form.
 */
export function SignInShell() {
  const { t } = useTexts();
  usePrimaryColor();
  const firstSetting = useAppStore((s) => s.dataFirstSetting);
  const settled = useAppStore((s) => s.firstSettingSettled);
  const toastsWanted = useToastsWanted();

  const siteName = firstSetting?.UIAppConfig.siteName;
  useEffect(() => {
    document.title = documentTitle(siteName, '', APP_DEFAULTS.siteName);
  }, [siteName]);

  // The dialogs an outage would need load at the first key or pointer press, before anything can call.
  useEffect(() => {
    if (settled) return onFirstInteraction(preloadMessageDialog);
  }, [settled]);

  useEffect(() => {
    if (firstSetting) startSignInAnalytics(firstSetting.UIAppConfig);
  }, [firstSetting]);

  const season = firstSetting?.UIAppConfig.themeSeason ?? localStorage.getItem(STORAGE_KEYS.themeSeason);

  return (
    <>
      {firstSetting ? <LoginPage /> : <LoadingScreen missingConfig={settled} />}
      {toastsWanted && (
        <Suspense fallback={null}>
          <ToastHost
            position="top-right"
            autoClose={TOAST_AUTO_CLOSE_MS}
            hideProgressBar
            aria-label={t('Notifications Alt+T')}
          />
        </Suspense>
      )}
      <GlobalDialogs />
      {season && (
        <Suspense fallback={null}>
          <SeasonalEffects />
        </Suspense>
      )}
    </>
  );
}
