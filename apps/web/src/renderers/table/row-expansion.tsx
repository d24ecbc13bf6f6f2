import { Fragment, useMemo } from 'react';
import { type CellActions, CellFrame } from '../../cells';
import { fillObjectTemplates } from '../../cells/shared/templates';
import { describeEmbeddedScreen, EmbeddedScreen } from '../../components/embedded-screen/embedded-screen';
import type { PreparedColumn } from '../../engine/columns';
import { type RelatedList, relatedListsOf, relatedScreenOf, type TableRow } from '../../engine/rows';
import { readObject, splitCommaList, valueText } from '../../engine/values';

/**
 * What an expanded row shows (`Table.expand`): an embedded screen (`{myui: {type, config}}`, its
 * `requestData` filled from the row, e.g. a detail table), or the row's `fields` (a comma list; every
 * column when none), drawn as full cells that edit in place; the way to the record's comments and
 * history (where the resource has them); then the records pointing at the row (`related`, which the
 * server adds: a category's customers), each a table of its own where they are added and edited.
 */
export function RowExpansion({
  row,
  columns,
  actions,
  config,
  onActivity,
}: {
  row: TableRow;
  columns: PreparedColumn[];
  actions: CellActions;
  config: Record<string, unknown>;
  /** Opens the record's comments and history; absent where the records have none. */
  onActivity?: ((id: number) => void) | undefined;
}) {
  const related = useMemo(() => relatedListsOf(config), [config]);
  const id = Number(row.Id);
  return (
    <>
      <ExpansionBody row={row} columns={columns} actions={actions} config={config} />
      {onActivity && Number.isInteger(id) && id > 0 && (
        <div className="row-expansion-activity">
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => onActivity(id)}>
            <i className="bi bi-chat-left-text me-1" aria-hidden="true" />
            {actions.t('Comments and history')}
          </button>
        </div>
      )}
      {related.map((list) => (
        <RelatedRecords key={`${list.apiName}.${list.field}`} list={list} row={row} actions={actions} />
      ))}
    </>
  );
}

/** The records of another resource pointing at the row, as a table of their own. */
function RelatedRecords({ list, row, actions }: { list: RelatedList; row: TableRow; actions: CellActions }) {
  const id = row.Id;
  // Drawn anew for another record only, not at each change of this one's cells.
  const screen = useMemo(() => relatedScreenOf(list, { Id: id }), [list, id]);
  if (!screen) return null;
  const title = actions.t(list.title);
  return (
    <section className="row-related" aria-label={title}>
      <h2 className="row-related-title">{title}</h2>
      <EmbeddedScreen screen={screen} />
    </section>
  );
}

function ExpansionBody({
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
