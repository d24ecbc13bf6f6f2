import { useTexts } from '../texts';

/** The page error screen of part 2 section 2: 'Oh no!', the error text, Try again and Reload. */
export function ErrorScreen({ error, onTryAgain }: { error: unknown; onTryAgain: () => void }) {
  const { t } = useTexts();
  const text = error instanceof Error ? error.message : String(error ?? '');
  return (
    <section className="container py-5 text-center" role="alert">
      <h1 className="h2">{t('Oh no!')}</h1>
      <p>
        {t('Sorry! Something went wrong. Please try again later.')} {text}
      </p>
      <div className="d-flex justify-content-center gap-2">
        <button type="button" className="btn btn-primary" onClick={onTryAgain}>
          {t('Try again')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => window.location.reload()}>
          {t('Reload')}
        </button>
      </div>
    </section>
  );
}
