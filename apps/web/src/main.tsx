import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/main.scss';
import { loadAppConfig } from './api/app-config';
import { App } from './app/app';
import { reportError } from './app/error-capture';
import { ErrorBoundary } from './components/error-boundary';
import { Spinner } from './components/loading-screen';
import { installConsoleGuard } from './features/dev-tools/console-guard';
import { initI18n } from './i18n';
import { startColorMode } from './state/color-mode';
import './renderers';

const container = document.getElementById('root');
if (!container) throw new Error('the page has no #root element');

installConsoleGuard();
// The colour mode before the first paint, so that a dark page does not flash white.
startColorMode();
void initI18n();
// The app configuration (the API's address) is read before the first call, at run time.
void loadAppConfig().then(() =>
  createRoot(container).render(
    <StrictMode>
      <ErrorBoundary onError={(error) => void reportError(error)}>
        <Suspense fallback={<Spinner />}>
          <App />
        </Suspense>
      </ErrorBoundary>
    </StrictMode>,
  ),
);
