import type { ConfigDocument, ConfigDraftItem } from '@panelwright/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import {
  type DraftState,
  discardConfigDraft,
  fetchConfigDraft,
  saveConfigDraft,
} from '../../api/configuration';

export const DRAFT_QUERY_KEY = ['Configuration', 'Draft'] as const;

/** What every studio editor works on: the shared draft over the live configuration. */
export type StudioDraft = {
  /** The live configuration with the draft laid over it: what a publish would make live. */
  document: ConfigDocument;
  /** The live version the draft is read against. */
  version: number;
  items: ConfigDraftItem[];
  changes: DraftState['Changes'];
  /** Saves one item (`["screens", code]`, `["menus", "side"]`, `["translations", "vn", ns, key]`...); null removes it. */
  save: (item: readonly string[], value: unknown) => Promise<void>;
  /** Drops the named items from the draft (all when none are named). */
  discard: (items?: readonly (readonly string[])[]) => Promise<void>;
  /** Whether the draft holds this item. */
  isDrafted: (item: readonly string[]) => boolean;
};

const StudioDraftContext = createContext<StudioDraft | null>(null);

const sameItem = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((part, index) => part === b[index]);

/** Reads the draft once for the studio's pages and gives them one way to save into it. */
export function StudioDraftProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: DRAFT_QUERY_KEY, queryFn: fetchConfigDraft });
  const data = query.data;
  const saving = useMutation({
    mutationFn: async ({ item, value }: { item: readonly string[]; value: unknown }) => {
      // The revision the edit was made on: a second editor saving over it is refused, not lost.
      const state = queryClient.getQueryData<DraftState>(DRAFT_QUERY_KEY) ?? (await fetchConfigDraft());
      const drafted = state.Items.find((entry) => sameItem(entry.Item, item));
      await saveConfigDraft({
        Item: item,
        Value: value,
        Version: state.Version,
        Revision: drafted?.Revision ?? 0,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: DRAFT_QUERY_KEY }),
  });
  const discarding = useMutation({
    mutationFn: (items?: readonly (readonly string[])[]) => discardConfigDraft(items),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DRAFT_QUERY_KEY }),
  });
  const save = useCallback(
    async (item: readonly string[], value: unknown) => {
      await saving.mutateAsync({ item, value });
    },
    [saving.mutateAsync],
  );
  const discard = useCallback(
    async (items?: readonly (readonly string[])[]) => {
      await discarding.mutateAsync(items);
    },
    [discarding.mutateAsync],
  );
  const draft = useMemo<StudioDraft | null>(
    () =>
      data
        ? {
            document: data.Document,
            version: data.Version,
            items: data.Items,
            changes: data.Changes,
            save,
            discard,
            isDrafted: (item) => data.Items.some((entry) => sameItem(entry.Item, item)),
          }
        : null,
    [data, save, discard],
  );
  return <StudioDraftContext.Provider value={draft}>{children}</StudioDraftContext.Provider>;
}

/** The shared draft, or null while it is read. */
export function useOptionalStudioDraft(): StudioDraft | null {
  return useContext(StudioDraftContext);
}

/** The shared draft, inside the studio. */
export function useStudioDraft(): StudioDraft {
  const draft = useContext(StudioDraftContext);
  if (!draft) throw new Error('useStudioDraft is used outside the studio’s draft');
  return draft;
}

/** The shared draft, or null while it is being read (a page shows its own spinner meanwhile). */
export function useStudioDraftIfRead(): StudioDraft | null {
  return useContext(StudioDraftContext);
}
