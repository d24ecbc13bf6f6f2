import type { MenuItem } from '@panelwright/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { filterMenu, isOpenableMenuUrl, isSafeMenuUrl } from '../../engine/menu';
import { setAppState, useAppStore } from '../../state/app-store';
import { useMenusStore } from '../../state/menus';

/** A group of the side menu (an entry without an address that holds others): a heading and its list. */
function MenuGroup({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  const { t } = useTranslation();
  const id = `menu-group-${item.Code}`;
  return (
    <li className="nav-item sidebar-group">
      <h2 id={id} className="sidebar-group-title">
        <span className="sidebar-label">{t(item.Name)}</span>
      </h2>
      <ul className="nav flex-column" aria-labelledby={id}>
        {(item.Children ?? []).map((child) => (
          <MenuEntry key={child.Code} item={child} onNavigate={onNavigate} />
        ))}
      </ul>
    </li>
  );
}

function MenuEntry({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  const { t } = useTranslation();
  // Every entry has an icon, so that the rail can show it; a tooltip names it there.
  const icon = <i className={`bi ${item.Icon || 'bi-dot'}`} aria-hidden="true" />;
  const name = t(item.Name);
  const label = <span className="sidebar-label">{name}</span>;
  const children = item.Children ?? [];
  if (item.Url === '' && children.length > 0) return <MenuGroup item={item} onNavigate={onNavigate} />;
  const usable = isOpenableMenuUrl(item.Url) && isSafeMenuUrl(item.Url);
  let link: React.ReactNode;
  if (!usable) {
    link = (
      <span className="nav-link text-body-secondary" title={name}>
        {icon}
        {label}
      </span>
    );
  } else if (item.NewWindow || /^https?:/i.test(item.Url)) {
    link = (
      <a className="nav-link" href={item.Url} target="_blank" rel="noopener noreferrer" title={name}>
        {icon}
        {label}
        <i className="bi bi-box-arrow-up-right ms-1 small" aria-hidden="true" />
      </a>
    );
  } else {
    link = (
      <NavLink className="nav-link" to={item.Url} onClick={onNavigate} end={item.Url === '/'} title={name}>
        {icon}
        {label}
      </NavLink>
    );
  }
  return (
    <li className="nav-item">
      {link}
      {children.length > 0 && (
        <ul className="nav flex-column ms-3">
          {children.map((child) => (
            <MenuEntry key={child.Code} item={child} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The sidebar: the server's side menu with a search box; as a `rail` (closed on a wide window), the
 * entries' icons only, each named by its tooltip and for assistive technology.
 */
export function Sidebar({
  overlay,
  rail = false,
  onNavigate,
}: {
  overlay: boolean;
  rail?: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const sideMenu = useMenusStore((s) => s.sideMenu);
  const search = useAppStore((s) => s.menuSearch);
  const shown = useMemo(
    () => filterMenu(sideMenu, rail ? '' : search, (name) => t(name)),
    [sideMenu, search, rail, t],
  );
  return (
    <nav
      id="app-sidebar"
      className={`sidebar border-end ${overlay ? 'sidebar-overlay shadow' : ''} ${rail ? 'sidebar-rail' : ''}`}
      aria-label={t('Main menu')}
    >
      <div className="p-2 sidebar-search">
        <input
          type="search"
          id="sidebar-search"
          className="form-control form-control-sm"
          placeholder={t('Search menu')}
          aria-label={t('Search menu')}
          value={search}
          onChange={(e) => setAppState({ menuSearch: e.target.value })}
        />
      </div>
      <ul className="nav flex-column px-2 pb-3">
        {shown.map((item) => (
          <MenuEntry key={item.Code} item={item} onNavigate={onNavigate} />
        ))}
        {shown.length === 0 && <li className="sidebar-empty small px-2">{t('Sorry, no result found')}</li>}
      </ul>
    </nav>
  );
}
