import './styles/main.scss';
import { loadAppConfig } from './api/app-config';
import { session } from './api/session';
import { installConsoleGuard } from './features/dev-tools/console-guard';
import { isLightSignInPath } from './sign-in/light-paths';
import { startColorMode } from './state/color-mode';

const container = document.getElementById('root');
if (!container) throw new Error('the page has no #root element');

installConsoleGuard();
// The colour mode before the first paint, so that a dark page does not flash white.
startColorMode();
// The app configuration (the API's address) is read before the first call, at run time. A guest on
// the sign-in page gets the light entry (React, no router, no i18next: issue 26); everyone else the app.
const configured = loadAppConfig();
if (isLightSignInPath(window.location.pathname) && !session.isLoggedIn()) {
  void Promise.all([import('./sign-in/sign-in-entry'), configured]).then(([entry]) =>
    entry.startSignIn(container),
  );
} else {
  void Promise.all([import('./app/start-app'), configured]).then(([entry]) => entry.startApp({ container }));
}
