import { Fragment, useMemo } from 'react';
import { type CellActions, CellFrame } from '../../cells';
import { fillObjectTemplates } from '../../cells/shared/templates';
import { describeEmbeddedScreen, EmbeddedScreen } from '../../components/embedded-screen/embedded-screen';
import type { PreparedColumn } from '../../engine/columns';
import type { TableRow } from '../../engine/rows';
import { readObject, splitCommaList, valueText } from '../../engine/values';

/**
 * What an expanded row shows (`Table.expand`): an embedded screen (`{myui: {type, config}}`, its
 * `requestData` filled from the row, e.g. a detail table), or the row's `fields` (a comma list; every
 * column when none), drawn as full cells that edit in place.
 */
export function RowExpansion({
  row,
  columns,
  actions,
  config,
}: {
  row: TableRow;
  columns: PreparedColumn[];
  actions: CellActions;
  config: Record<string, unknown>;
}) {
  const byField = useMemo(() => new Map(columns.map((column) => [column.fieldName, column])), [columns]);
  const myui = readObject(config.myui);
  if (myui) {
    const inner = readObject(myui.config) ?? {};
    const screen = describeEmbeddedScreen({ ...inner, uiType: myui.type ?? inner.uiType });
    screen.requestData = { ...screen.requestData, ...fillObjectTemplates(inner.requestData, row) };
    return <EmbeddedScreen screen={screen} />;
  }
  const fields = splitCommaList(config.fields);
  const shown = fields.length > 0 ? fields : columns.map((column) => column.fieldName);
  return (
    <dl className="row-expansion-fields">
      {shown.map((field) => {
        const column = byField.get(field);
        return (
          <Fragment key={field}>
            <dt>{actions.t(column?.header ?? field)}</dt>
            <dd>
              {column ? (
                <CellFrame as="div" column={column} row={row} actions={actions} inModal />
              ) : (
                valueText(row[field])
              )}
            </dd>
          </Fragment>
        );
      })}
    </dl>
  );
}
