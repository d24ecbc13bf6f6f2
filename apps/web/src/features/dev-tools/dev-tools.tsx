import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { debugToolsEnabled } from './console-guard';

const DevToolsPanel = lazy(() => import('./dev-tools-panel'));

/** The floating developer button, only on localhost, 192.168 addresses or with the debug flag. */
export function DevTools() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!debugToolsEnabled()) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-dark btn-sm dev-tools-button"
        onClick={() => setOpen(true)}
        aria-label={t('Developer tools')}
      >
        <i className="bi bi-bug" aria-hidden="true" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <DevToolsPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
