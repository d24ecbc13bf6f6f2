import type { ProjectScreens, ScreenNode } from '@panelwright/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { fetchCategoryScreens } from './settings';

/** The signed-in user's screens, cached per login. */
export const categoryScreensQuery = (loginCount: number) =>
  queryOptions({
    queryKey: ['CategoryScreenList', loginCount],
    queryFn: async () => (await fetchCategoryScreens()) ?? [],
  });

/** `ProjectScreenHeader/ProjectScreens`: menus and logo; failures are silently ignored. */
export async function fetchProjectScreens(): Promise<ProjectScreens | null> {
  try {
    return await api.post<ProjectScreens>(
      'ProjectScreenHeader',
      'ProjectScreens',
      {},
      { silent: true, hideError: true },
    );
  } catch {
    return null;
  }
}

/** `AppScreenUIControlSetting/Options`: the screen tree of a screen. */
export function fetchScreenTree(screenGuid: string): Promise<ScreenNode> {
  return api.post<ScreenNode>('AppScreenUIControlSetting', 'Options', { ScreenGUID: screenGuid });
}
