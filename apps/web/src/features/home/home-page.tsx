import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryScreensQuery } from '../../api/screens';
import { session } from '../../api/session';
import { useAppStore } from '../../state/app-store';

/** The signed-in user's home screen: a greeting and the screens the server lets them open. */
export function HomePage() {
  const { t } = useTranslation();
  const name = session.info()?.name ?? '';
  const loginCount = useAppStore((s) => s.loginRefreshCount);
  const screens = useQuery(categoryScreensQuery(loginCount));
  return (
    <section className="container-fluid py-4">
      <h1 className="h3">{t('Hi {{name}}', { name })}</h1>
      <p className="text-secondary">{t('Welcome to the administration console.')}</p>
      <h2 className="h5 mt-4">{t('Your screens')}</h2>
      {screens.isPending ? (
        <div
          className="spinner-border spinner-border-sm text-primary"
          role="status"
          aria-label={t('Loading')}
        />
      ) : screens.data && screens.data.length > 0 ? (
        <ul className="list-unstyled" aria-label={t('Your screens')}>
          {screens.data.map((screen) => (
            <li key={screen.Id}>
              <Link to={screen.UIUrl}>{t(screen.Title)}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-secondary">{t('No data')}</p>
      )}
    </section>
  );
}
