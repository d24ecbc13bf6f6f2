import { useEffect } from 'react';
import { Outlet, useBlocker, useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../state/app-store';

const TARGET = '/my-profile?tab=changepw';
const isTarget = (pathname: string, search: string) =>
  pathname === '/my-profile' && new URLSearchParams(search).get('tab') === 'changepw';

/**
 * The forced password change: while the server demands it, the user is sent to the change-password
 * tab and every other navigation is refused with an alert.
 */
export function PasswordChangeGuard() {
  const mustChange = useAppStore((s) => s.mustChangePassword && s.isAuthenticated);
  const message = useAppStore((s) => s.dataFirstSetting?.Message_IsNeedChangePass ?? '');
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (mustChange && !isTarget(location.pathname, location.search)) navigate(TARGET, { replace: true });
  }, [mustChange, location.pathname, location.search, navigate]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      mustChange &&
      isTarget(currentLocation.pathname, currentLocation.search) &&
      !isTarget(nextLocation.pathname, nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state === 'blocked') {
      window.alert(message);
      blocker.reset();
    }
  }, [blocker, message]);

  return <Outlet />;
}
