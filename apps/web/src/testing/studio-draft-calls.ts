// A studio draft for component tests: the calls of api/configuration answered from memory the way
// the server does (a save replaces the item, null removes a text, each save bumps its revision and
// refuses a stale one), so editors are tested through their real draft provider.
import type { ConfigChange, ConfigDocument, ConfigDraftItem, ConfigMenuEntry } from '@panelwright/contract';
import type { DraftState } from '../api/configuration';

export type MemoryDraft = {
  state: DraftState;
  saves: { Item: readonly string[]; Value: unknown }[];
};

export function memoryDraft(document: Partial<ConfigDocument>, changes: ConfigChange[] = []): MemoryDraft {
  return {
    state: {
      Version: 3,
      Document: {
        format: 1,
        screens: {},
        menus: { side: [], app: [] },
        translations: {},
        roles: {},
        settings: {},
        ...document,
      } as ConfigDocument,
      Items: [],
      Changes: changes,
    },
    saves: [],
  };
}

/** The module mock of `../api/configuration` over a memory draft. */
export function configurationCalls(draft: () => MemoryDraft) {
  return {
    fetchConfigDraft: async () => structuredClone(draft().state),
    checkConfigItem: async () => ({ Errors: [] }),
    discardConfigDraft: async () => ({ Discarded: 0 }),
    saveConfigDraft: async (input: { Item: readonly string[]; Value: unknown; Revision: number }) => {
      const { state, saves } = draft();
      const key = JSON.stringify(input.Item);
      const existing = state.Items.find((item) => JSON.stringify(item.Item) === key);
      if ((existing?.Revision ?? 0) !== input.Revision) throw { code: 2, msg: 'Someone changed this item' };
      saves.push({ Item: input.Item, Value: structuredClone(input.Value) });
      const [section, ...rest] = input.Item;
      if (section === 'menus') {
        state.Document.menus[rest[0] as 'side' | 'app'] = input.Value as ConfigMenuEntry[];
      } else if (section === 'translations') {
        const [language, namespace, text] = rest as ['en' | 'vn', string, string];
        const byNamespace = state.Document.translations[language] ?? {};
        state.Document.translations[language] = byNamespace;
        const texts = byNamespace[namespace] ?? {};
        byNamespace[namespace] = texts;
        if (input.Value === null) delete texts[text];
        else texts[text] = input.Value as string;
      }
      const item: ConfigDraftItem = {
        Item: [...input.Item],
        Removed: input.Value === null,
        Revision: (existing?.Revision ?? 0) + 1,
        BasedOn: state.Version,
        UpdatedBy: 'admin',
        UpdatedAt: new Date(0).toISOString(),
      };
      state.Items = [...state.Items.filter((other) => other !== existing), item];
      return item;
    },
  };
}
