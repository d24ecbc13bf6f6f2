import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppStore } from '../state/app-store';
import { rememberRedirectAfterLogin } from '../state/session-actions';

/** Private routes: guests are sent to /login and brought back after signing in. */
export function RequireAuth() {
  const isAuthenticated = useAppStore((s) => s.isAuthenticated);
  const location = useLocation();
  if (!isAuthenticated) {
    rememberRedirectAfterLogin(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}
