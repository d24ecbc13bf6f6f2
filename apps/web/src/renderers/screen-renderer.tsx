import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/loading-screen';
import { rendererFor, type ScreenRendererProps } from './registry';

/**
 * Renders any screen by its page type through the registry; used by routes, tab contents, dashboard
 * widgets, cells (`myui`) and modals alike.
 */
export function ScreenRenderer(props: ScreenRendererProps) {
  const { t } = useTranslation();
  const pageType = props.screen.pageType;
  // Kept while the page type stays, so that the component's type never changes under its state.
  const Renderer = useMemo(() => rendererFor(pageType), [pageType]);
  if (!Renderer) {
    return (
      <div className="alert alert-warning m-3" role="alert">
        {t('This screen type is not available: {{type}}', { type: props.screen.pageType })}
      </div>
    );
  }
  // Inside a cell, a row or a modal the page-sized spinner would not fit.
  const fallback = props.embedded ? (
    <div className="text-center p-2" role="status" aria-label={t('Loading')}>
      <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
    </div>
  ) : (
    <Spinner />
  );
  return (
    <Suspense fallback={fallback}>
      <Renderer {...props} />
    </Suspense>
  );
}
