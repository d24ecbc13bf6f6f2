import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  EMPTY_SELECTION,
  isRowSelected,
  pageState,
  type RowSelection,
  togglePage,
  toggleRow,
} from '../../../engine/selection/selection';
import type { TableController } from '../use-table-controller';

export type RowSelectionState = {
  value: RowSelection;
  pageState: 'all' | 'some' | 'none';
  isSelected(id: number): boolean;
  toggle(id: number, shift: boolean): void;
  togglePage(): void;
  set(selection: RowSelection): void;
  clear(): void;
};

/**
 * The table's chosen rows. A new search or filter empties the choice ("all matching" would
 * otherwise silently mean other rows); paging keeps the ids chosen.
 */
export function useRowSelection(controller: TableController): RowSelectionState {
  const [value, setValue] = useState<RowSelection>(EMPTY_SELECTION);
  const pageIds = useMemo(
    () => controller.rows.map((row) => Number(row.Id)).filter((id) => Number.isInteger(id)),
    [controller.rows],
  );
  const { TextSearch, Filters } = controller.listBody as { TextSearch?: unknown; Filters?: unknown };
  const condition = JSON.stringify([TextSearch ?? '', Filters ?? []]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the condition's text stands for it
  useEffect(() => setValue(EMPTY_SELECTION), [condition]);
  const toggle = useCallback(
    (id: number, shift: boolean) => setValue((current) => toggleRow(current, id, pageIds, shift)),
    [pageIds],
  );
  const clear = useCallback(() => setValue(EMPTY_SELECTION), []);
  return {
    value,
    pageState: pageState(value, pageIds),
    isSelected: (id) => isRowSelected(value, id),
    toggle,
    togglePage: () =>
      setValue((current) => (current.allMatching ? EMPTY_SELECTION : togglePage(current, pageIds))),
    set: setValue,
    clear,
  };
}
