import { useEffect, useRef } from 'react';
import { openModal } from '../../../components/modal-host/modal-store';
import type { PreparedColumn } from '../../../engine/columns';
import { CELL_FORMATTERS, formatCellValue } from '../../../engine/formats';
import { readObject, readText } from '../../../engine/values';
import { addressSearch, setAddressSearch, useAddressSearch } from '../../../state/navigation';
import type { TableController } from '../use-table-controller';
import { RecordActivity } from './record-activity';

type Opener = Pick<TableController, 't' | 'apiName' | 'allColumns'>;

/** A field's value as the table shows it (numbers, money, dates in the column's format); null: as it is. */
function formatterOf(columns: readonly PreparedColumn[]) {
  const byField = new Map(columns.map((column) => [column.fieldName, column]));
  return (field: string, value: unknown): string | null => {
    const column = byField.get(field);
    if (!column || !CELL_FORMATTERS[column.cellType as keyof typeof CELL_FORMATTERS]) return null;
    const more = readObject(column.def.Type?.more) ?? {};
    return formatCellValue(column.cellType, value, readText(more.dateFormat) ?? readText(more.format));
  };
}

/** Opens a record's comments and history in a dialog. */
export function openRecordActivity(controller: Opener, id: number): void {
  const format = formatterOf(controller.allColumns);
  void openModal({
    type: 'component',
    size: 'lg',
    title: controller.t('Comments and history of #{{id}}', { id }),
    render: () => <RecordActivity apiName={controller.apiName} id={id} t={controller.t} format={format} />,
  });
}

/**
 * A page's table opened with `?record=ID` (the link of a mention's notification) shows that
 * record's comments at once; the parameter is then dropped so that a reload does not open it again.
 */
export function useRecordLink(controller: Opener, enabled: boolean): void {
  // The address through state/navigation, as the table's own state: no router needed around a table.
  const linked = new URLSearchParams(useAddressSearch()).get('record');
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled || !linked || !/^\d{1,10}$/.test(linked) || opened.current === linked) return;
    opened.current = linked;
    openRecordActivity(controller, Number(linked));
    const next = new URLSearchParams(addressSearch());
    next.delete('record');
    setAddressSearch(next, { replace: true });
  }, [enabled, linked, controller]);
}
