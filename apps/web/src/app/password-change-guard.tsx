import { useEffect, useRef } from 'react';
import { Outlet, useBlocker, useLocation, useNavigate } from 'react-router';
import { confirmDiscardChanges } from '../components/modal-host/modal-store';
import { setAppState, useAppStore } from '../state/app-store';
import { discardUnsavedChanges, hasUnsavedChanges } from '../state/unsaved-changes';

const TARGET = '/my-profile?tab=changepw';
const isTarget = (pathname: string, search: string) =>
  pathname === '/my-profile' && new URLSearchParams(search).get('tab') === 'changepw';
/** Where a session that owes its second factor sets it up (the calls the server still allows). */
export const SECOND_FACTOR_ENROLMENT = '/my-profile?tab=twofactor';

/**
 * The guards on leaving a page (a router has one blocker, so both live here):
 * - the forced password change: while the server demands it, the user is sent to the change-password
 *   tab and every other navigation is refused with an alert;
 * - the second factor required since the session began: the first call the server refuses for it
 *   sends the user to the two-step tab to set it up (not to a page of refusals until a new sign-in);
 * - a form with changes not yet saved: leaving the page asks "Discard your changes?" first (and the
 *   browser asks on reload or closing the tab). Signed out, nothing could be saved: no question.
 */
export function PasswordChangeGuard() {
  const mustChange = useAppStore((s) => s.mustChangePassword && s.isAuthenticated);
  const signedIn = useAppStore((s) => s.isAuthenticated);
  const message = useAppStore((s) => s.dataFirstSetting?.Message_IsNeedChangePass ?? '');
  const owesSecondFactor = useAppStore((s) => s.owesSecondFactor && s.isAuthenticated);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!owesSecondFactor) return;
    setAppState({ owesSecondFactor: false });
    navigate(SECOND_FACTOR_ENROLMENT, { replace: true });
  }, [owesSecondFactor, navigate]);

  useEffect(() => {
    if (mustChange && !isTarget(location.pathname, location.search)) navigate(TARGET, { replace: true });
  }, [mustChange, location.pathname, location.search, navigate]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (mustChange &&
        isTarget(currentLocation.pathname, currentLocation.search) &&
        !isTarget(nextLocation.pathname, nextLocation.search)) ||
      (signedIn && currentLocation.pathname !== nextLocation.pathname && hasUnsavedChanges()),
  );
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (mustChange) {
      window.alert(message);
      blocker.reset();
      return;
    }
    if (asking.current) return;
    asking.current = true;
    void confirmDiscardChanges().then((discard) => {
      asking.current = false;
      if (discard) {
        discardUnsavedChanges();
        blocker.proceed();
      } else blocker.reset();
    });
  }, [blocker, message, mustChange]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!useAppStore.getState().isAuthenticated || !hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers want a text (they show their own).
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  return <Outlet />;
}
