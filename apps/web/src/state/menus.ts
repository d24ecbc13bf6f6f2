import type { MenuItem } from '@panelwright/contract';
import { create } from 'zustand';
import { fetchProjectScreens } from '../api/screens';
import { STORAGE_KEYS } from '../engine/storage-keys';
import { getAppState } from './app-store';

type MenusState = { sideMenu: MenuItem[]; appMenu: MenuItem[]; appLogo: string };

function parseMenu(text: string | null): MenuItem[] {
  try {
    const parsed: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(parsed) ? (parsed as MenuItem[]) : [];
  } catch {
    return [];
  }
}

export const useMenusStore = create<MenusState>(() => ({
  sideMenu: parseMenu(localStorage.getItem(STORAGE_KEYS.sideMenu)),
  appMenu: parseMenu(localStorage.getItem(STORAGE_KEYS.appMenu)),
  appLogo: localStorage.getItem(STORAGE_KEYS.appLogo) ?? '',
}));

/** Menus and logo from the server, kept in storage (SideMenu, AppMenu, AppLogo) until logout. */
export async function loadMenus(): Promise<void> {
  if (!getAppState().isAuthenticated) return;
  const answer = await fetchProjectScreens();
  if (!answer) return;
  localStorage.setItem(STORAGE_KEYS.sideMenu, answer.side_menu);
  localStorage.setItem(STORAGE_KEYS.appMenu, answer.app_menu);
  localStorage.setItem(STORAGE_KEYS.appLogo, answer.appLogo_url);
  useMenusStore.setState({
    sideMenu: parseMenu(answer.side_menu),
    appMenu: parseMenu(answer.app_menu),
    appLogo: answer.appLogo_url,
  });
}

export function clearMenus(): void {
  useMenusStore.setState({ sideMenu: [], appMenu: [], appLogo: '' });
}
