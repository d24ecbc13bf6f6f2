import { useTexts } from '../texts';

/** The shell's loading screen; with `missingConfig` it says the configuration could not be loaded. */
export function LoadingScreen({ missingConfig = false }: { missingConfig?: boolean }) {
  const { t } = useTexts();
  return (
    <div
      className="loading-screen d-flex flex-column align-items-center justify-content-center"
      role="status"
    >
      {missingConfig ? (
        <p className="text-danger fw-semibold">{t('Missing config')}</p>
      ) : (
        <>
          <div className="spinner-border text-primary" aria-hidden="true" />
          <p className="mt-3 text-secondary">{t('Please wait while we load all the components')}</p>
        </>
      )}
    </div>
  );
}

/** The fallback while translations or a lazy chunk load: no text, since texts may not be loaded yet. */
export function Spinner() {
  return (
    <div
      className="loading-screen d-flex align-items-center justify-content-center"
      role="status"
      aria-label="Loading"
    >
      <div className="spinner-border text-primary" aria-hidden="true" />
    </div>
  );
}
