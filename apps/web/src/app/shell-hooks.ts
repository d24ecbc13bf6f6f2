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
    // The guard sends the user to the two-step tab, whose calls the session may still make.
    onSecondFactorOwed: () => setAppState({ owesSecondFactor: true }),
    observe: observeResponse,
    onFailure: reportFailedCall,
  });
  installErrorCapture();
}
