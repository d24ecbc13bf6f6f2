// Helpers of the cell component tests: a cell drawn alone with recorded actions.
import type { OptionItem } from '@panelwright/contract';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import '../cells';
import { type CellActions, CellFrame } from '../cells';
import type { PreparedColumn } from '../engine/columns';
import type { LookupRelation } from '../engine/lookup';
import type { TableRow } from '../engine/rows';
import { column } from '../engine/testing/columns';
import './i18n';

/** Actions that record their calls; `t` fills {{placeholders}} like i18next. */
export function fakeActions(options: Record<string, OptionItem[]> = {}) {
  return {
    t: (key: string, values?: Record<string, unknown>) =>
      key.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values?.[name] ?? '')),
    options: (key: string | undefined) => (key ? (options[key] ?? []) : []),
    lookup: vi.fn(async (_relation: LookupRelation, _text: string): Promise<readonly OptionItem[]> => []),
    commit: vi.fn(),
    retry: vi.fn(),
    cancelEdit: vi.fn(),
    activate: vi.fn(),
    openModal: vi.fn(),
    openForm: vi.fn(),
    openPhotos: vi.fn(),
    deleteRow: vi.fn(),
    removeRow: vi.fn(),
  } satisfies CellActions;
}

export type FakeActions = ReturnType<typeof fakeActions>;

/** Draws one cell of a column made by the engine's `columnDef` arguments. */
export function renderCell(
  columnArgs: Parameters<typeof column>[0],
  row: TableRow,
  options: { actions?: FakeActions; inModal?: boolean; prepared?: PreparedColumn } = {},
) {
  const actions = options.actions ?? fakeActions();
  const prepared = options.prepared ?? column(columnArgs);
  const view = render(
    <CellFrame as="div" column={prepared} row={row} actions={actions} inModal={options.inModal} />,
  );
  const cell = view.container.querySelector('[data-field]') as HTMLElement;
  const rerender = (next: TableRow) =>
    view.rerender(
      <CellFrame as="div" column={prepared} row={next} actions={actions} inModal={options.inModal} />,
    );
  return { ...view, cell, actions, column: prepared, rerender };
}
