import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchConfigDraft } from '../../api/configuration';
import { DRAFT_QUERY_KEY } from './draft';

/**
 * Shows its editor once the shared draft is read (the same query the draft's provider makes), so
 * that the editor's `useStudioDraft()` always has one; a spinner until then.
 */
export function DraftReady({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['studio', 'common']);
  const draft = useQuery({ queryKey: DRAFT_QUERY_KEY, queryFn: fetchConfigDraft });
  if (draft.isError && !draft.data)
    return <p className="text-danger">{t('The draft could not be loaded.')}</p>;
  if (!draft.data) {
    return <div className="spinner-border text-primary m-4" role="status" aria-label={t('Loading')} />;
  }
  return <>{children}</>;
}
