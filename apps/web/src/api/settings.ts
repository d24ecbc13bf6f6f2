import type { FirstSettingData, ScreenEntry, UIAppConfig } from '@panelwright/contract';
import { api } from './api';

/** `GlobalAppSetting/FisrtSetting`: sent at start and after login. */
export function fetchFirstSetting(): Promise<FirstSettingData> {
  return api.post<FirstSettingData>(
    'GlobalAppSetting',
    'FisrtSetting',
    { UIAppConfig: {} },
    { silent: true },
  );
}

/** `ConfigMenu/CategoryScreenList`: failures are silently ignored. */
export async function fetchCategoryScreens(): Promise<ScreenEntry[] | null> {
  try {
    return await api.post<ScreenEntry[]>(
      'ConfigMenu',
      'CategoryScreenList',
      {},
      { silent: true, hideError: true },
    );
  } catch {
    return null;
  }
}

/** The server-only security settings the settings page shows its administrator. */
export type SecuritySettings = {
  fa2Required: boolean;
  webhookAllowPrivate: boolean;
  oidcDefaultRole: string;
};

/** `GlobalAppSetting/AdminSettings` (administrators): the settings the first settings never carry. */
export const fetchAdminSettings = () =>
  api.post<{ Security: SecuritySettings }>('GlobalAppSetting', 'AdminSettings', {}, { silent: true });

/** A role an account may be given without an administrator choosing it: never an administrator's. */
export type GivableRole = { Code: string; Name: string };

/** `Role/List`, without the administrator roles. */
export async function fetchGivableRoles(): Promise<GivableRole[]> {
  const answer = await api.post<{ Data: (GivableRole & { IsAdmin: boolean })[] }>(
    'Role',
    'List',
    { Page: 1, PageSize: 200 },
    { silent: true },
  );
  return answer.Data.filter((role) => !role.IsAdmin).map(({ Code, Name }) => ({ Code, Name }));
}

/** `GlobalAppSetting/SaveSettings` (administrators): merges the changes into the stored settings. */
export function saveSettings(changes: {
  UIAppConfig?: Partial<UIAppConfig>;
  Security?: Partial<SecuritySettings>;
}): Promise<{ UIAppConfig: UIAppConfig }> {
  return api.post('GlobalAppSetting', 'SaveSettings', changes);
}
