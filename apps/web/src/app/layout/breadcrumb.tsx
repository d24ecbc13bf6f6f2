import { APP_DEFAULTS } from '@panelwright/contract/constants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { menuPath } from '../../engine/breadcrumb';
import { useAppStore } from '../../state/app-store';
import { useMenusStore } from '../../state/menus';

/**
 * The breadcrumb of the page: Home, the menu groups above its entry, then the page's own title
 * (the screen's, or the entry's when the screen gives none). Nothing on the start page itself.
 */
export function AppBreadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const sideMenu = useMenusStore((s) => s.sideMenu);
  const appMenu = useMenusStore((s) => s.appMenu);
  const headerTitle = useAppStore((s) => s.headerTitle);
  const homeUrl = useAppStore((s) => s.dataFirstSetting?.DefaultHomeURL) || APP_DEFAULTS.homeUrl;
  const path = useMemo(() => {
    const found = menuPath(sideMenu, pathname);
    return found.length > 0 ? found : menuPath(appMenu, pathname);
  }, [sideMenu, appMenu, pathname]);
  if (pathname === homeUrl || pathname === '/home') return null;
  const groups = path.slice(0, -1);
  const last = path.at(-1);
  const here = headerTitle || (last ? t(last.name) : '');
  if (!here) return null;
  return (
    <nav aria-label={t('Menu path')} className="app-breadcrumb ms-2 d-none d-md-block">
      <ol className="breadcrumb mb-0">
        <li className="breadcrumb-item">
          <Link to={homeUrl}>{t('Home')}</Link>
        </li>
        {groups.map((crumb) => (
          <li key={`${crumb.name}-${crumb.url}`} className="breadcrumb-item">
            {crumb.url && !crumb.url.includes('[') ? (
              <Link to={crumb.url}>{t(crumb.name)}</Link>
            ) : (
              t(crumb.name)
            )}
          </li>
        ))}
        {last && last.url !== pathname && !last.url.includes('[') && headerTitle && (
          <li className="breadcrumb-item">
            <Link to={last.url}>{t(last.name)}</Link>
          </li>
        )}
        <li className="breadcrumb-item active" aria-current="page">
          {here}
        </li>
      </ol>
    </nav>
  );
}
