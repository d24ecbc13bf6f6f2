import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { fetchProfile } from '../../api/account';
import { session } from '../../api/session';
import { LanguageSelect } from '../../components/language-select';
import { useWindowWidth } from '../../components/use-window-width';
import { UserAvatar } from '../../components/user-avatar';
import { COLOR_MODES, type ColorMode } from '../../engine/color-mode';
import { isMobileWidth, isOpenableMenuUrl, isSafeMenuUrl } from '../../engine/menu';
import { setDevToolsOn, useDevToolsSwitch } from '../../features/dev-tools/dev-tools-switch';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { useAppStore } from '../../state/app-store';
import { adoptColorMode, useColorMode } from '../../state/color-mode';
import { switchColorMode } from '../../state/color-mode-actions';
import { clearLocalCacheAndReload } from '../../state/local-preferences';
import { useMenusStore } from '../../state/menus';
import { logout } from '../../state/session-actions';
import { changeLanguage, refreshCaches } from '../../state/shell-actions';
import { useMayOpenSettings } from '../route-access';
import { AppBreadcrumb } from './breadcrumb';
import { openCommandPalette } from './command-palette';

function AppMenu() {
  const { t } = useTranslation();
  const appMenu = useMenusStore((s) => s.appMenu);
  if (appMenu.length === 0) return null;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="ghost" size="sm" aria-label={t('Applications')} className="no-caret">
        <i className="bi bi-grid-3x3-gap" aria-hidden="true" />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <AppMenuEntries />
      </Dropdown.Menu>
    </Dropdown>
  );
}

function LanguageSwitch() {
  const { t } = useTranslation();
  const languages = useAppStore((s) => s.dataFirstSetting?.LanguageList ?? []);
  return (
    <LanguageSelect
      languages={languages}
      onChange={(code) => void changeLanguage(code).catch(() => toast.error(t('Something went wrong')))}
    />
  );
}

/** The app menu's openable entries as dropdown items: its own menu's, and the phone header's one menu's. */
function AppMenuEntries() {
  const { t } = useTranslation();
  const appMenu = useMenusStore((s) => s.appMenu).filter(
    (item) => isOpenableMenuUrl(item.Url) && isSafeMenuUrl(item.Url),
  );
  return appMenu.map((item) =>
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
  );
}

/** The app menu's entries under a heading, inside another menu (the phone header's one menu). */
function AppMenuItems() {
  const { t } = useTranslation();
  const hasEntries = useMenusStore((s) =>
    s.appMenu.some((item) => isOpenableMenuUrl(item.Url) && isSafeMenuUrl(item.Url)),
  );
  if (!hasEntries) return null;
  return (
    <>
      <h2 className="dropdown-header h6">{t('Applications')}</h2>
      <AppMenuEntries />
      <Dropdown.Divider />
    </>
  );
}

const COLOR_MODE_NAMES: Record<ColorMode, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const COLOR_MODE_ICONS: Record<ColorMode, string> = {
  system: 'bi-circle-half',
  light: 'bi-sun',
  dark: 'bi-moon-stars',
};

/** The colour modes in the user menu: one pressed button per mode (the menu is a list of buttons). */
function ColorModeItems() {
  const { t } = useTranslation();
  const mode = useColorMode((s) => s.mode);
  return (
    <>
      <h2 className="dropdown-header h6">{t('Theme')}</h2>
      {COLOR_MODES.map((choice) => (
        <Dropdown.Item
          key={choice}
          as="button"
          aria-pressed={mode === choice}
          onClick={() => void switchColorMode(choice)}
        >
          <i className={`bi ${COLOR_MODE_ICONS[choice]} me-2`} aria-hidden="true" />
          {t(COLOR_MODE_NAMES[choice])}
          {mode === choice && <i className="bi bi-check2 ms-2" aria-hidden="true" />}
        </Dropdown.Item>
      ))}
    </>
  );
}

/**
 * The user menu. On a phone (`compact`) it is the header's one menu: the applications and the
 * language switch join the account's entries, so that nothing pushes the page sideways.
 */
function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const name = session.info()?.name ?? '';
  const config = useAppStore((s) => s.dataFirstSetting?.UIAppConfig);
  const profile = useQuery({ queryKey: ['MyProfile'], queryFn: fetchProfile, staleTime: 60_000 });
  const isAdmin = profile.data?.Role === 'admin';
  const maySettings = useMayOpenSettings() === true;
  const devToolsOn = useDevToolsSwitch((s) => s.on);
  // The account's colour mode wins over this browser's copy (another browser may have changed it).
  const savedMode = profile.data?.ColorMode;
  useEffect(() => {
    if (savedMode) adoptColorMode(savedMode);
  }, [savedMode]);
  const onRefresh = async () => {
    try {
      await refreshCaches();
      toast.success(t('The caches were refreshed.'));
    } catch {
      // The API client has already said what went wrong.
    }
  };
  const greeting = t('Hi {{name}}', { name });
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="ghost"
        size="sm"
        id="user-menu"
        aria-label={compact ? greeting : undefined}
        className={compact ? 'no-caret' : undefined}
      >
        {compact ? (
          <i className="bi bi-three-dots-vertical" aria-hidden="true" />
        ) : (
          <UserAvatar
            url={profile.data?.AvatarUrl ?? session.info()?.avatar_url}
            size={20}
            className="me-1"
          />
        )}
        {!compact && greeting}
      </Dropdown.Toggle>
      <Dropdown.Menu className="header-menu">
        {compact && <AppMenuItems />}
        {compact && config?.languageChange && (
          <>
            <div className="px-3 pb-2">
              <LanguageSwitch />
            </div>
            <Dropdown.Divider />
          </>
        )}
        <h2 className="dropdown-header h6">{compact ? greeting : t('Account')}</h2>
        <Dropdown.Item as={Link} to="/my-profile">
          <i className="bi bi-person me-2" aria-hidden="true" />
          {t('My Profile')}
        </Dropdown.Item>
        {/* Administrators always reach the settings; the flag offers the page to the others. */}
        {maySettings && (
          <Dropdown.Item as={Link} to="/setting">
            <i className="bi bi-gear me-2" aria-hidden="true" />
            {t('Setting')}
          </Dropdown.Item>
        )}
        {/* Administrators, and the users whose role may make API keys for themselves. */}
        {(isAdmin || profile.data?.OpenPages?.includes('/integrations')) && (
          <Dropdown.Item as={Link} to="/integrations">
            <i className="bi bi-plug me-2" aria-hidden="true" />
            {t('Integrations')}
          </Dropdown.Item>
        )}
        {isAdmin && (
          <Dropdown.Item as="button" onClick={() => void onRefresh()}>
            <i className="bi bi-arrow-clockwise me-2" aria-hidden="true" />
            {t('Refresh Cache')}
          </Dropdown.Item>
        )}
        {isAdmin && (
          <Dropdown.Item as="button" aria-pressed={devToolsOn} onClick={() => setDevToolsOn(!devToolsOn)}>
            <i className={`bi ${devToolsOn ? 'bi-toggle-on' : 'bi-toggle-off'} me-2`} aria-hidden="true" />
            {t('Developer tools in this browser')}
          </Dropdown.Item>
        )}
        <Dropdown.Divider />
        <ColorModeItems />
        <Dropdown.Divider />
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

/**
 * The header: sidebar toggle, logo and site name, the page title, app menu, language and user menus.
 * Below the configured mobile width (`widthMobile`) the menus fold into one and the name shortens.
 */
export function Header({ sidebarToggle }: { sidebarToggle: React.ReactNode }) {
  const { t } = useTranslation();
  const isAuthenticated = useAppStore((s) => s.isAuthenticated);
  const config = useAppStore((s) => s.dataFirstSetting?.UIAppConfig);
  const appLogo = useMenusStore((s) => s.appLogo);
  const compact = isMobileWidth(useWindowWidth(), config?.widthMobile);
  return (
    <header className="navbar navbar-expand sticky-top app-header">
      <div className="container-fluid gap-2 flex-nowrap">
        {sidebarToggle}
        <Link
          className="navbar-brand d-flex align-items-center gap-2 me-0 text-truncate header-brand flex-shrink-0"
          to={isAuthenticated ? '/home' : '/'}
        >
          <img
            src={appLogo || session.info()?.appLogo_url || config?.logoUrl || '/config/logo.png'}
            alt=""
            width={28}
            height={28}
          />
          <span className="text-truncate">{t(config?.siteName || 'Admin')}</span>
        </Link>
        {isAuthenticated && !compact && <AppBreadcrumb />}
        <div className="ms-auto d-flex align-items-center gap-2 flex-shrink-0">
          {isAuthenticated && (
            <button
              type="button"
              className={`btn btn-sm ${compact ? 'btn-ghost' : 'btn-outline-secondary command-palette-button'}`}
              onClick={openCommandPalette}
              aria-label={t('Search screens, records and commands')}
              aria-keyshortcuts="Control+K Meta+K"
            >
              <i className="bi bi-search" aria-hidden="true" />
              {!compact && (
                <>
                  <span className="ms-2 me-3">{t('Search')}</span>
                  {/* Key names are the keyboard's, not translated. */}
                  <kbd className="pw-kbd" data-i18n-data="">
                    Ctrl K
                  </kbd>
                </>
              )}
            </button>
          )}
          {isAuthenticated && <NotificationBell />}
          {isAuthenticated && !compact && <AppMenu />}
          {config?.languageChange && isAuthenticated && !compact && <LanguageSwitch />}
          {isAuthenticated ? (
            <UserMenu compact={compact} />
          ) : (
            <Link className="btn btn-outline-secondary btn-sm" to="/login">
              {t('Sign in')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
