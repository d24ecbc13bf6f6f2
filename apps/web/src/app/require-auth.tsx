import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppStore } from '../state/app-store';
import { isBeingLeft, rememberRedirectAfterLogin } from '../state/session-actions';

/** Private routes: guests are sent to /login and brought back after signing in. */
export function RequireAuth() {
  const isAuthenticated = useAppStore((s) => s.isAuthenticated);
  const location = useLocation();
  // Logging out goes to / after 500 ms (part 1 section 2), never by way of /login.
  if (!isAuthenticated && isBeingLeft(location.pathname)) return null;
  if (!isAuthenticated) {
    rememberRedirectAfterLogin(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}
