import { Suspense } from 'react';
import { preloadable } from '../components/preloadable';
import { API_TEXTS } from '../engine/api-rules';
import { setAppState, useAppStore } from '../state/app-store';
import { useTexts } from '../texts';

// Dialog code stays out of the first page's JavaScript but is fetched soon after start: the
// maintenance dialog must appear when the server no longer answers.
const { Component: MessageDialog, preload: preloadMessageDialog } = preloadable(
  () => import('../components/message-dialog'),
);

export { preloadMessageDialog };

/** The [Alert] Notice dialog and the maintenance dialog, driven by the app store. */
export function GlobalDialogs() {
  const { t } = useTexts();
  const alertDialog = useAppStore((s) => s.alertDialog);
  const maintenanceOpen = useAppStore((s) => s.maintenanceOpen);
  return (
    <Suspense fallback={null}>
      {maintenanceOpen && (
        <MessageDialog
          title={t('Notice')}
          text={t(API_TEXTS.maintenance)}
          onClose={() => setAppState({ maintenanceOpen: false })}
        />
      )}
      {alertDialog && !maintenanceOpen && (
        <MessageDialog
          title={alertDialog.title}
          text={alertDialog.text}
          onClose={() => setAppState({ alertDialog: null })}
        />
      )}
    </Suspense>
  );
}
