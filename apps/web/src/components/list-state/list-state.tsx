import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './list-state.scss';

/** What a list's state is read from: a TanStack query's result fits as it is. */
export type ListQuery = {
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

/** A list with no rows: an icon (a Bootstrap icon's name), one sentence, and the action that helps. */
export type EmptyList = { icon: string; text: string; action?: ReactNode };

/**
 * The message of a list that shows no rows (the table's and the pages' lists alike): why, with an
 * icon, and the way out. A failure is an alert, with an optional first line in bold (`heading`).
 */
export function ListMessage({
  icon,
  text,
  action,
  heading,
  failed = false,
}: EmptyList & { heading?: string; failed?: boolean }) {
  return (
    <div className="list-state text-body-secondary" role={failed ? 'alert' : 'status'}>
      <i className={`bi bi-${icon} list-state-icon`} aria-hidden="true" />
      {heading && <p className="mb-0 fw-semibold text-body">{heading}</p>}
      <p className={`mb-0 ${failed && !heading ? 'text-body' : ''}`}>{text}</p>
      {action}
    </div>
  );
}

/**
 * A list's loading, failure and empty states, else the list itself: a spinner while the first rows
 * load; a failure in words with Retry (rows already shown stay when a later refresh fails); an empty
 * list's sentence with its action.
 */
export function ListState({
  query,
  count,
  failure,
  empty,
  children,
}: {
  query: ListQuery;
  /** How many rows arrived; undefined while none did. */
  count: number | undefined;
  /** The failure in words ('The webhooks could not be loaded.'); the API client toasts the reason. */
  failure: string;
  empty: EmptyList;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (count === undefined && !query.isError) {
    return (
      <div className="list-state" role="status" aria-label={t('Loading')}>
        <span className="spinner-border text-primary" aria-hidden="true" />
      </div>
    );
  }
  if (count === undefined) {
    return (
      <ListMessage
        failed
        icon="exclamation-triangle"
        text={failure}
        action={
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            disabled={query.isFetching}
            onClick={() => void query.refetch()}
          >
            <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
            {t('Retry')}
          </button>
        }
      />
    );
  }
  if (count === 0) return <ListMessage {...empty} />;
  return <>{children}</>;
}
