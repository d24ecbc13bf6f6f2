import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorScreen } from '../components/error-screen';
import { reportError } from './error-capture';

/** A route's error: reported, and shown with Try again (the same address anew) and Reload. */
export function ErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => void reportError(error), [error]);
  // The router drops the error on navigation, so Try again renders the same address anew.
  return (
    <ErrorScreen
      error={error}
      onTryAgain={() => navigate(location.pathname + location.search, { replace: true })}
    />
  );
}
