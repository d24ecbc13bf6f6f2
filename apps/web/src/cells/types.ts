import type { OptionItem } from '@panelwright/contract';
import type { ComponentType } from 'react';
import type { PreparedColumn, ResolvedCell } from '../engine/columns';
import type { LookupRelation } from '../engine/lookup';
import type { TableRow } from '../engine/rows';

/** Translates a text of the product (the screen's namespace first, then `table` and `common`). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What a cell may ask of the screen that shows it. The table implements it; cells never call the
 * server themselves, so that every update goes through the one cell-update state machine.
 */
export type CellActions = {
  t: Translate;
  /** The option list a column's `Type.source` (or a filter's `optionKey`) names: `{Key}List` of Options. */
  options(key: string | undefined): readonly OptionItem[];
  /**
   * One page of the records a lookup cell's value may be, matching the typed text (`{api}/Lookup`):
   * the other side of a relation, or a list that grows, is never loaded whole.
   */
  lookup(relation: LookupRelation, text: string): Promise<readonly OptionItem[]>;
  /** A new value for the cell's field: confirmation (when configured), then `UpdateFields`. */
  commit(row: TableRow, column: PreparedColumn, value: unknown): void;
  /** Sends the cell's tried value again after a network failure (a refused value is not resent). */
  retry(row: TableRow, column: PreparedColumn): void;
  /** The user gave up a value not saved (closed its editor, dismissed the message): the saved value shows. */
  cancelEdit(row: TableRow, column: PreparedColumn): void;
  /** The cell's action (a button, an api cell, an item of an action list): confirm, then call, modal or link. */
  activate(row: TableRow, column: PreparedColumn): void;
  /** The cell's modal (after its api check, when it has one). */
  openModal(row: TableRow, column: PreparedColumn): void;
  /** A `form` cell: its form in a modal. */
  openForm(row: TableRow, column: PreparedColumn): void;
  /** The lightbox on these photos. */
  openPhotos(urls: readonly string[], index: number): void;
  /** The delete column: confirm, then `{APIName}/Delete`. */
  deleteRow(row: TableRow, column: PreparedColumn): void;
  /** The remove column: takes the row out of the loaded list (no call). */
  removeRow(row: TableRow, column: PreparedColumn): void;
};

export type CellProps = {
  column: PreparedColumn;
  row: TableRow;
  /** Every option group of the cell, resolved by the engine (once per row object and column). */
  resolved: ResolvedCell;
  actions: CellActions;
  /** Drawn in a modal or a row expansion: full texts, edited in place rather than opening the modal. */
  inModal?: boolean;
  /** The id of the cell's message of a failed update, for its editor to point at. */
  errorId?: string;
};

/** A cell type's renderer, registered once in `cells/registry.ts`. */
export type CellDefinition = {
  component: ComponentType<CellProps>;
};
