import { useQuery } from '@tanstack/react-query';
import { type ConfigIssue, checkConfiguration } from '../../../api/configuration';
import { blocksPublishing } from '../../../engine/config-json/paths';
import type { StudioDraft } from '../draft';

export type DraftCheck = {
  /** Still asking the server. */
  pending: boolean;
  /** The issues that stop a publish: the drafted items' and the rules between items. */
  issues: ConfigIssue[];
  /** Whether `Configuration/Publish` would take the draft: it has items and none of them breaks a rule. */
  publishable: boolean;
};

/**
 * Whether the draft may be published, asked of the server (`Configuration/Check` of the document the
 * draft would make live), counted as a publish counts: the drafted items answer for their shape and
 * the rules between items for the whole. Read again whenever the draft changes.
 */
export function useDraftCheck(draft: StudioDraft | null): DraftCheck {
  const revisions = draft?.items.map((entry) => `${entry.Item.join('.')}@${entry.Revision}`) ?? [];
  const query = useQuery({
    queryKey: ['Configuration', 'Draft', 'Check', draft?.version, ...revisions],
    queryFn: () => checkConfiguration(draft?.document),
    enabled: draft !== null && draft.items.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!draft || draft.items.length === 0) return { pending: false, issues: [], publishable: false };
  const drafted = draft.items.map((entry) => entry.Item);
  const issues = (query.data?.Errors ?? []).filter((issue) => blocksPublishing(issue.Path, drafted));
  return { pending: query.isPending, issues, publishable: query.isSuccess && issues.length === 0 };
}
