import type { TableView, TableViewColumn } from '@panelwright/contract';
import { api } from './api';

/** `TableView/Get`: the signed-in user's columns of a table screen (empty: the screen's own). */
export function fetchTableView(screenCode: string): Promise<TableView> {
  return api.post<TableView>(
    'TableView',
    'Get',
    { ScreenCode: screenCode },
    { silent: true, hideError: true },
  );
}

/** `TableView/Save`: the user's columns of a table screen, in their order; empty goes back to the screen's. */
export function saveTableView(screenCode: string, columns: TableViewColumn[]): Promise<TableView> {
  return api.post<TableView>('TableView', 'Save', { ScreenCode: screenCode, Columns: columns });
}

export const tableViewKey = (screenCode: string) => ['TableView', screenCode] as const;
