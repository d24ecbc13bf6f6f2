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

/** `GlobalAppSetting/SaveSettings` (administrators): merges changed feature flags into the stored ones. */
export function saveSettings(uiAppConfig: Partial<UIAppConfig>): Promise<{ UIAppConfig: UIAppConfig }> {
  return api.post('GlobalAppSetting', 'SaveSettings', { UIAppConfig: uiAppConfig });
}
