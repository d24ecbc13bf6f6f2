import { installApiHooks } from '../api/api';
import { notify } from '../components/notify';
import { setAppState } from '../state/app-store';
import { handleUnauthorized } from '../state/session-actions';
import { installErrorCapture, observeResponse, reportFailedCall } from './error-capture';

/**
 * The UI side of the API client (toasts, the maintenance dialog, logout on 401, error reports) and
 * the page's error capture, shared by the light sign-in entry and the app it hands over to.
 */
export function installShellHooks(): void {
  installApiHooks({
    notify,
    showMaintenance: () => setAppState({ maintenanceOpen: true }),
    onUnauthorized: handleUnauthorized,
    observe: observeResponse,
    onFailure: reportFailedCall,
  });
  installErrorCapture();
}
