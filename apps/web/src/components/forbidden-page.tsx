import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * 403: a page that exists but that the user's role may not open. Distinct from "Page not found", and
 * drawn instead of the page (never over it): nothing of the forbidden page is requested.
 */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <section className="container py-5 text-center" data-page="forbidden">
      <p className="display-5 text-secondary" aria-hidden="true">
        <i className="bi bi-shield-lock" />
      </p>
      <h1 className="h3">{t('You don’t have access to this page')}</h1>
      <p className="text-secondary">
        {t('Your role does not include this page. Ask an administrator if you need it.')}
      </p>
      <Link className="btn btn-primary" to="/home">
        {t('Go to home')}
      </Link>
    </section>
  );
}
