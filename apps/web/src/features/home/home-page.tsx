import { APP_DEFAULTS } from '@panelwright/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryScreensQuery } from '../../api/screens';
import { session } from '../../api/session';
import { homeGroups, screenBlurb } from '../../engine/home';
import { useAppStore } from '../../state/app-store';
import { useMenusStore } from '../../state/menus';
import { reloadRecentVisits, useRecentVisits } from '../../state/recent-visits';

/**
 * The signed-in user's start page: the screens of the side menu as grouped cards, each with its icon
 * and a line saying what it holds, and the pages opened lately. Routes with parameters are not
 * offered: they need a record and are opened from their list.
 */
export function HomePage() {
  const { t } = useTranslation();
  const name = session.info()?.name ?? '';
  const loginCount = useAppStore((s) => s.loginRefreshCount);
  const homeUrl = useAppStore((s) => s.dataFirstSetting?.DefaultHomeURL) || APP_DEFAULTS.homeUrl;
  const screens = useQuery(categoryScreensQuery(loginCount));
  const sideMenu = useMenusStore((s) => s.sideMenu);
  const visits = useRecentVisits((s) => s.visits);
  useEffect(() => reloadRecentVisits(), []);
  const groups = useMemo(() => homeGroups(sideMenu, homeUrl, 'More screens'), [sideMenu, homeUrl]);
  const uiTypeOf = useMemo(
    () => new Map((screens.data ?? []).map((screen) => [screen.UIUrl, screen.UIType])),
    [screens.data],
  );

  return (
    <section className="container-fluid py-4 home-page">
      <h1 className="h3">{t('Hi {{name}}', { name })}</h1>
      <p className="text-secondary">{t('Welcome to the administration console.')}</p>

      {visits.length > 0 && (
        <section aria-labelledby="home-recent" className="mt-4">
          <h2 id="home-recent" className="h5">
            {t('Recently opened')}
          </h2>
          <ul className="list-inline mb-0">
            {visits.map((visit) => (
              <li key={visit.path} className="list-inline-item mb-2">
                <Link to={visit.path} className="btn btn-outline-secondary btn-sm">
                  <i className="bi bi-clock-history me-1" aria-hidden="true" />
                  {visit.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <h2 className="h5 mt-4">{t('Your screens')}</h2>
      {groups.length === 0 && screens.isPending ? (
        <div
          className="spinner-border spinner-border-sm text-primary"
          role="status"
          aria-label={t('Loading')}
        />
      ) : groups.length === 0 ? (
        <p className="text-secondary">{t('No data')}</p>
      ) : (
        <div className="row g-3">
          {groups.map((group) => (
            <div key={group.code} className="col-12 col-md-6 col-xxl-4">
              <section className="card h-100" aria-labelledby={`home-group-${group.code}`}>
                <h3
                  className="card-header h6 d-flex align-items-center gap-2"
                  id={`home-group-${group.code}`}
                >
                  <i className={`bi ${group.icon}`} aria-hidden="true" />
                  {t(group.name)}
                </h3>
                <ul className="list-group list-group-flush">
                  {group.entries.map((entry) => (
                    <li key={entry.code} className="list-group-item d-flex gap-3 align-items-start">
                      <i className={`bi ${entry.icon} fs-4 text-primary`} aria-hidden="true" />
                      <div className="min-w-0">
                        {entry.external ? (
                          <a
                            href={entry.url}
                            target="_blank"
                            rel="noopener noreferrer"
                            className="fw-semibold"
                          >
                            {t(entry.name)}
                          </a>
                        ) : (
                          <Link to={entry.url} className="fw-semibold">
                            {t(entry.name)}
                          </Link>
                        )}
                        <div className="small text-body-secondary">
                          {t(screenBlurb(uiTypeOf.get(entry.url)))}
                        </div>
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
