import type { ColumnMore } from '@panelwright/contract';
import type { CellContext } from './cell-context';

/** What to reload or show after a successful update or action of the cell. */
export type CellReloads = {
  /** Reload the table this one is a detail of. */
  master: boolean;
  listMain: boolean;
  /** Reload the screen's Options, then its main list. */
  optionsAndListMain: boolean;
  /** Cover the whole row while the update runs. */
  loadingFullRow: boolean;
  /** Reload the list after this field's update. */
  listAfterUpdate: boolean;
  /** Send the page's shared query (filters and search) with the request. */
  sendSharedQuery: boolean;
};

/** The reload options of a column (they do not depend on the row). */
export function columnReloads(more: ColumnMore): CellReloads {
  return {
    master: more.needReloadMaster === true,
    listMain: more.needReloadListMain === true,
    optionsAndListMain: more.needReloadOptionsAndListMain === true,
    loadingFullRow: more.needLoadingFullRow === true,
    listAfterUpdate: more.needReloadAfterUpdateFields === true,
    sendSharedQuery: more.queryWithQuerySharedPage === true,
  };
}

export function resolveReloads({ more }: CellContext): CellReloads {
  return columnReloads(more);
}
