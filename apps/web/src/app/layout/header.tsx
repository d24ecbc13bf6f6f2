import { useQuery } from '@tanstack/react-query';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { fetchProfile } from '../../api/account';
import { session } from '../../api/session';
import { UserAvatar } from '../../components/user-avatar';
import { isOpenableMenuUrl, isSafeMenuUrl } from '../../engine/menu';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { useAppStore } from '../../state/app-store';
import { clearLocalCacheAndReload } from '../../state/local-preferences';
import { useMenusStore } from '../../state/menus';
import { logout } from '../../state/session-actions';
import { changeLanguage, refreshCaches } from '../../state/shell-actions';

function AppMenu() {
  const { t } = useTranslation();
  const appMenu = useMenusStore((s) => s.appMenu);
  if (appMenu.length === 0) return null;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="outline-light" size="sm" aria-label={t('Applications')} className="no-caret">
        <i className="bi bi-grid-3x3-gap" aria-hidden="true" />
      </Dropdown.Toggle>
      <Dropdown.Menu data-bs-theme="light">
        {appMenu
          .filter((item) => isOpenableMenuUrl(item.Url) && isSafeMenuUrl(item.Url))
          .map((item) =>
            item.NewWindow || /^https?:/i.test(item.Url) ? (
              <Dropdown.Item key={item.Code} href={item.Url} target="_blank" rel="noopener noreferrer">
                {item.Icon && <i className={`bi ${item.Icon} me-2`} aria-hidden="true" />}
                {t(item.Name)}
              </Dropdown.Item>
            ) : (
              <Dropdown.Item key={item.Code} as={Link} to={item.Url}>
                {item.Icon && <i className={`bi ${item.Icon} me-2`} aria-hidden="true" />}
                {t(item.Name)}
              </Dropdown.Item>
            ),
          )}
      </Dropdown.Menu>
    </Dropdown>
  );
}

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const languages = useAppStore((s) => s.dataFirstSetting?.LanguageList ?? []);
  return (
    <select
      className="form-select form-select-sm w-auto"
      aria-label={t('Language')}
      value={i18n.language}
      onChange={(e) =>
        void changeLanguage(e.target.value).catch(() => toast.error(t('Something went wrong')))
      }
    >
      {languages.map((language) => (
        <option key={language.Value} value={language.Value}>
          {language.Value === 'vn' ? 'Tiếng Việt' : 'English'}
        </option>
      ))}
    </select>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const name = session.info()?.name ?? '';
  const config = useAppStore((s) => s.dataFirstSetting?.UIAppConfig);
  const profile = useQuery({ queryKey: ['MyProfile'], queryFn: fetchProfile, staleTime: 60_000 });
  const isAdmin = profile.data?.Role === 'admin';
  const onRefresh = async () => {
    try {
      await refreshCaches();
      toast.success(t('The caches were refreshed.'));
    } catch {
      // The API client has already said what went wrong.
    }
  };
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="outline-light" size="sm" id="user-menu">
        <UserAvatar url={profile.data?.AvatarUrl ?? session.info()?.avatar_url} size={20} className="me-1" />
        {t('Hi {{name}}', { name })}
      </Dropdown.Toggle>
      <Dropdown.Menu data-bs-theme="light">
        <h2 className="dropdown-header h6">{t('Account')}</h2>
        <Dropdown.Item as={Link} to="/my-profile">
          <i className="bi bi-person me-2" aria-hidden="true" />
          {t('My Profile')}
        </Dropdown.Item>
        {config?.settingsPage && isAdmin && (
          <Dropdown.Item as={Link} to="/setting">
            <i className="bi bi-gear me-2" aria-hidden="true" />
            {t('Setting')}
          </Dropdown.Item>
        )}
        {isAdmin && (
          <Dropdown.Item as="button" onClick={() => void onRefresh()}>
            <i className="bi bi-arrow-clockwise me-2" aria-hidden="true" />
            {t('Refresh Cache')}
          </Dropdown.Item>
        )}
        <Dropdown.Item as="button" onClick={clearLocalCacheAndReload}>
          <i className="bi bi-eraser me-2" aria-hidden="true" />
          {t('Clear Local Cache')}
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item as="button" onClick={() => void logout()}>
          <i className="bi bi-box-arrow-right me-2" aria-hidden="true" />
          {t('Logout')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

/** The header: sidebar toggle, logo and site name, the page title, app menu, language and user menus. */
export function Header({ sidebarToggle }: { sidebarToggle: React.ReactNode }) {
  const { t } = useTranslation();
  const isAuthenticated = useAppStore((s) => s.isAuthenticated);
  const config = useAppStore((s) => s.dataFirstSetting?.UIAppConfig);
  const headerTitle = useAppStore((s) => s.headerTitle);
  const appLogo = useMenusStore((s) => s.appLogo);
  return (
    <header className="navbar navbar-expand bg-primary sticky-top" data-bs-theme="dark">
      <div className="container-fluid gap-2">
        {sidebarToggle}
        <Link className="navbar-brand d-flex align-items-center gap-2" to={isAuthenticated ? '/home' : '/'}>
          <img
            src={appLogo || session.info()?.appLogo_url || config?.logoUrl || '/config/logo.png'}
            alt=""
            width={28}
            height={28}
          />
          <span>{config?.siteName ?? 'Admin'}</span>
        </Link>
        {headerTitle && (
          <span className="navbar-text text-white d-none d-md-inline text-truncate">{headerTitle}</span>
        )}
        <div className="ms-auto d-flex align-items-center gap-2">
          {isAuthenticated && <NotificationBell />}
          {isAuthenticated && <AppMenu />}
          {config?.languageChange && isAuthenticated && <LanguageSwitch />}
          {isAuthenticated ? (
            <UserMenu />
          ) : (
            <Link className="btn btn-outline-light btn-sm" to="/login">
              {t('Sign in')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
