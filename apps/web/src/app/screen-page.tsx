import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ForbiddenPage } from '../components/forbidden-page';
import { Spinner } from '../components/loading-screen';
import { fillRequestParams, isPrivateScreenPath } from '../engine/screens';
import { NotFoundPage } from '../features/home/not-found-page';
import { describeScreenEntry, type ScreenDescriptor } from '../renderers/registry';
import { ScreenRenderer } from '../renderers/screen-renderer';
import { setAppState, useAppStore } from '../state/app-store';
import { notePageNotFound } from '../state/screens';
import { isBeingLeft, rememberRedirectAfterLogin } from '../state/session-actions';
import { useScreenRouteAt } from './use-screen-routes';

/** Loads the screen's translations (its code is the namespace) before showing it. */
function ScreenWithTexts({ screen, params }: { screen: ScreenDescriptor; params: Record<string, string> }) {
  const { t } = useTranslation([screen.screenCode]);
  useEffect(() => {
    setAppState({ headerTitle: t(screen.title) });
    return () => setAppState({ headerTitle: '' });
  }, [screen.title, t]);
  return <ScreenRenderer screen={screen} params={params} />;
}

/**
 * Every path that is not a fixed route: the server-provided screen it names, sign-in for a private
 * screen seen by a guest, or page-not-found (with the route-refresh rule of part 1 section 4).
 */
export function ScreenPage() {
  const location = useLocation();
  const isAuthenticated = useAppStore((s) => s.isAuthenticated);
  const match = useScreenRouteAt(location.pathname);
  const screen = useMemo(() => {
    if (!match) return null;
    const described = describeScreenEntry(match.route.screen);
    // A screen at /pj/[pj] scopes its calls to the project of the address.
    return { ...described, requestData: fillRequestParams(described.requestData, match.params) };
  }, [match]);

  // A guest's address of a private screen: this browser may not know the screen (no stored list).
  const privateUrls = useAppStore((s) => s.dataFirstSetting?.PrivateScreenUrls);
  const guestAtPrivateScreen = !isAuthenticated && isPrivateScreenPath(privateUrls, location.pathname);

  useEffect(() => {
    if (!match && !guestAtPrivateScreen) notePageNotFound();
  }, [match, guestAtPrivateScreen]);

  // Logging out goes to / after 500 ms (part 1 section 2), never by way of /login.
  if (!isAuthenticated && isBeingLeft(location.pathname) && !match?.route.isPublic) return null;
  if (!match?.route.isPublic && guestAtPrivateScreen) {
    rememberRedirectAfterLogin(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  // A private screen's address the user's list does not hold: it exists, and is not theirs (403).
  if (!match || !screen) {
    return isAuthenticated && isPrivateScreenPath(privateUrls, location.pathname) ? (
      <ForbiddenPage />
    ) : (
      <NotFoundPage />
    );
  }
  if (!match.route.isPublic && !isAuthenticated) {
    rememberRedirectAfterLogin(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  return (
    <Suspense fallback={<Spinner />}>
      <ScreenWithTexts key={screen.id} screen={screen} params={match.params} />
    </Suspense>
  );
}
