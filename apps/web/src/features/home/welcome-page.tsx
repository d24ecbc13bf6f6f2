import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppStore } from '../../state/app-store';

/** The welcome screen at / and /welcome, inside the main layout. */
export function WelcomePage() {
  const { t } = useTranslation();
  const isAuthenticated = useAppStore((s) => s.isAuthenticated);
  const siteName = useAppStore((s) => s.dataFirstSetting?.UIAppConfig.siteName);
  return (
    <section className="container py-5 text-center">
      <h1 className="h2">{t('Welcome to {{site}}', { site: siteName ?? 'Admin' })}</h1>
      <p className="text-secondary">{t('Sign in to manage your data.')}</p>
      {isAuthenticated ? (
        <Link className="btn btn-primary" to="/home">
          {t('Go to home')}
        </Link>
      ) : (
        <Link className="btn btn-primary" to="/login">
          {t('Sign in')}
        </Link>
      )}
    </section>
  );
}
