import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppStore } from '../../state/app-store';

/** Page not found; guests see a variant that offers to sign in. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const isAuthenticated = useAppStore((s) => s.isAuthenticated);
  return (
    <section className="container py-5 text-center">
      <h1 className="display-5">404</h1>
      <h2 className="h4">{t('Page not found')}</h2>
      <p className="text-secondary">{t('Sorry, no result found')}</p>
      {isAuthenticated ? (
        <Link className="btn btn-primary" to="/home">
          {t('Go to home')}
        </Link>
      ) : (
        <Link className="btn btn-primary" to="/login" data-variant="guest">
          {t('Sign in')}
        </Link>
      )}
    </section>
  );
}
