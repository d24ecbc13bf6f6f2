import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { categoryScreensQuery } from '../../api/screens';
import { describeScreenEntry, rendererFor } from '../../renderers/registry';
import { ScreenRenderer } from '../../renderers/screen-renderer';
import { setAppState, useAppStore } from '../../state/app-store';
import { demoScreenCode } from './demo-pages';

/**
 * A demo page (/demo/{name}): the configured screen `demo_{name}` of the signed-in user's screens,
 * drawn by the renderer of its UI type, like any screen an administrator composes.
 */
export function DemoScreenPage() {
  const { t } = useTranslation(['forms', 'common']);
  const location = useLocation();
  const name = location.pathname.split('/').filter(Boolean).pop() ?? '';
  const code = demoScreenCode(name);
  const loginCount = useAppStore((s) => s.loginRefreshCount);
  const screens = useQuery(categoryScreensQuery(loginCount));
  const entry = screens.data?.find((screen) => screen.ScreenCode === code);
  const screen = useMemo(() => (entry ? describeScreenEntry(entry) : null), [entry]);

  useEffect(() => {
    setAppState({ headerTitle: screen ? t(screen.title) : '' });
    return () => setAppState({ headerTitle: '' });
  }, [screen, t]);

  if (screens.isPending)
    return (
      <div className="d-flex justify-content-center py-5" role="status" aria-label={t('Loading')}>
        <span className="spinner-border text-primary" aria-hidden="true" />
      </div>
    );
  if (!screen)
    return (
      <section className="container py-4">
        <h1 className="h3">{t('Demo not available')}</h1>
        <p>{t('The configuration of this demo page is missing: {{code}}', { code })}</p>
        <Link to="/home">{t('Back to home')}</Link>
      </section>
    );
  // A screen type not registered yet (the table renderer is built separately) still gets its title.
  if (!rendererFor(screen.pageType))
    return (
      <section className="container-fluid py-3">
        <h1 className="h3">{t(screen.title)}</h1>
        <ScreenRenderer screen={screen} params={{}} />
      </section>
    );
  return (
    <Suspense
      fallback={
        <div className="d-flex justify-content-center py-5" role="status" aria-label={t('Loading')}>
          <span className="spinner-border text-primary" aria-hidden="true" />
        </div>
      }
    >
      <ScreenRenderer key={screen.id} screen={screen} params={{}} />
    </Suspense>
  );
}
