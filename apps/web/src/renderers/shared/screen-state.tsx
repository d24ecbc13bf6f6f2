import { useTranslation } from 'react-i18next';

/** A small spinner for a screen part that is loading (the shell's spinner fills the page). */
export function ScreenSpinner({ label }: { label?: string }) {
  const { t } = useTranslation(['forms', 'common']);
  return (
    <div className="d-flex justify-content-center py-4" role="status" aria-label={label ?? t('Loading')}>
      <span className="spinner-border text-primary" aria-hidden="true" />
    </div>
  );
}

/** What a screen shows when its data could not be loaded; the API client has already said why. */
export function ScreenFailed() {
  const { t } = useTranslation(['forms', 'common']);
  return (
    <div className="alert alert-warning m-0" role="alert">
      <strong>{t('Error!')}</strong> {t('This screen could not be loaded.')}
    </div>
  );
}

/** The frame of a screen: a heading when it is a page, nothing around it when embedded. */
export function ScreenFrame({
  title,
  embedded,
  children,
  actions,
}: {
  title: string;
  embedded: boolean | undefined;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  if (embedded) return <>{children}</>;
  return (
    <section className="container-fluid py-3">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
