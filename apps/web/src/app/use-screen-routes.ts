import { useMemo } from 'react';
import { buildScreenRoutes, findScreenRoute } from '../engine/screens';
import { useAppStore } from '../state/app-store';
import { useScreensStore } from '../state/screens';

/** The routes of the server's screen lists (public from the first settings, private per user). */
export function useScreenRoutes() {
  const publicScreens = useAppStore((s) => s.dataFirstSetting?.PublicApiScreenList);
  const privateScreens = useScreensStore((s) => s.privateScreens);
  return useMemo(
    () => buildScreenRoutes(publicScreens ?? [], privateScreens),
    [publicScreens, privateScreens],
  );
}

/** The server-provided screen a path opens, if any. */
export function useScreenRouteAt(pathname: string) {
  const routes = useScreenRoutes();
  return useMemo(() => findScreenRoute(routes, pathname), [routes, pathname]);
}
