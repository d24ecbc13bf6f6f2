import type { FirstSettingData } from '@panelwright/contract';
import { create } from 'zustand';
import { session } from '../api/session';
import { readSidebarClosed, SIDEBAR_CLOSED_KEY } from '../engine/menu';

/** Global client state of part 1 section 3 that more than one feature reads. */
export type AppState = {
  isAuthenticated: boolean;
  dataFirstSetting: FirstSettingData | null;
  /** True once the first-setting call has answered or failed at least once in this page. */
  firstSettingSettled: boolean;
  headerTitle: string;
  loginLoading: boolean;
  loginRefreshCount: number;
  maintenanceOpen: boolean;
  /** The server demands a password change (read from fresh first settings only). */
  mustChangePassword: boolean;
  /** The server refused a call until a second factor is set up (required since the session began). */
  owesSecondFactor: boolean;
  /** The docked sidebar is closed (kept as 1 or 0). */
  closeSideNav: boolean;
  /** The side menu's search text. */
  menuSearch: string;
  /** The server-driven shell (main layout) is on screen; its toasts stay longer. */
  inServerShell: boolean;
  alertDialog: { title: string; text: string } | null;
};

export const useAppStore = create<AppState>(() => ({
  isAuthenticated: session.isLoggedIn(),
  dataFirstSetting: null,
  firstSettingSettled: false,
  headerTitle: '',
  loginLoading: false,
  loginRefreshCount: 0,
  maintenanceOpen: false,
  mustChangePassword: false,
  owesSecondFactor: false,
  closeSideNav: readSidebarClosed(localStorage.getItem(SIDEBAR_CLOSED_KEY)),
  menuSearch: '',
  inServerShell: false,
  alertDialog: null,
}));

export const setAppState = useAppStore.setState;
export const getAppState = useAppStore.getState;
