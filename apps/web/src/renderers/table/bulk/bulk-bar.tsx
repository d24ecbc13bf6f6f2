import type { BulkResult, OptionItem } from '@panelwright/contract';
import { useId, useMemo, useState } from 'react';
import { bulkDelete, bulkUpdate } from '../../../api/bulk';
import { exportResource } from '../../../api/resources';
import { showFullPath } from '../../../components/full-path/full-path';
import { confirmDialog } from '../../../components/modal-host/modal-store';
import { fullPathOutcome, type PreparedColumn } from '../../../engine/columns';
import { optionText } from '../../../engine/option-text';
import { bulkTarget, selectAllMatching, selectedCount } from '../../../engine/selection/selection';
import { openRecordActivity } from '../activity/open-record-activity';
import type { TableController } from '../use-table-controller';
import type { RowSelectionState } from './use-row-selection';

/** The option list of a column, where the screen's options hold one by its name (`CategoryId` → `Category`). */
function optionsOf(column: PreparedColumn, lists: Record<string, OptionItem[]>): OptionItem[] | undefined {
  return lists[column.fieldName] ?? lists[column.fieldName.replace(/Id$/, '')];
}

const BOOLEAN_TYPES = new Set(['checkbox', 'switch']);

/** What was done and what was refused, with the first reasons. */
function Summary({ result, message, t }: { result: BulkResult; message: string; t: TableController['t'] }) {
  return (
    <div className="bulk-summary small" role="status">
      <span className={result.Refused > 0 ? 'text-warning-emphasis' : 'text-success-emphasis'}>
        {t(message)}
      </span>
      {result.Reasons.length > 0 && (
        <ul className="mb-0 ps-3">
          {result.Reasons.slice(0, 5).map((reason) => (
            <li key={reason.Id}>
              #{reason.Id}: {t(reason.Reason)}
            </li>
          ))}
          {result.Reasons.length > 5 && (
            <li>{t('…and {{count}} more', { count: result.Reasons.length - 5 })}</li>
          )}
        </ul>
      )}
    </div>
  );
}

/**
 * The bar over a table with chosen rows: how many, "all N rows matching", set one field for all,
 * delete, export (of the rows chosen, or of all matching), and the summary of the last bulk action.
 */
export function BulkBar({
  controller,
  selection,
}: {
  controller: TableController;
  selection: RowSelectionState;
}) {
  const { t, apiName, total, config, optionLists } = controller;
  const fieldId = useId();
  const valueId = useId();
  const count = selectedCount(selection.value, total);
  const editable = useMemo(
    () => controller.columns.filter((column) => column.def.CanEdit === true),
    [controller.columns],
  );
  const [field, setField] = useState('');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<{ result: BulkResult; message: string } | null>(null);
  const column = editable.find((c) => c.fieldName === field);
  const options = column ? optionsOf(column, optionLists) : undefined;
  const target = () => bulkTarget(selection.value, controller.listBody);

  const done = (answer: { Data: BulkResult; Msg: string | null }) => {
    setSummary({ result: answer.Data, message: answer.Msg ?? '' });
    selection.clear();
    controller.reloadList();
  };
  const apply = async () => {
    if (!column || busy) return;
    setBusy(true);
    try {
      const newValue = BOOLEAN_TYPES.has(column.cellType) ? value === 'true' : value === '' ? null : value;
      done(await bulkUpdate(apiName, target(), [{ FieldName: column.fieldName, NewValue: newValue }]));
    } catch {
      // The API client has said why.
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (busy) return;
    const sure = await confirmDialog({ message: t('Delete {{count}} rows?', { count }) });
    if (!sure) return;
    setBusy(true);
    try {
      done(await bulkDelete(apiName, target()));
    } catch {
      // The API client has said why.
    } finally {
      setBusy(false);
    }
  };
  const exportSelection = async () => {
    setBusy(true);
    try {
      const { Page: _page, PageSize: _size, ...body } = controller.listBody;
      // The rows chosen one by one go by their ids, within the list's condition and in its order.
      const data = await exportResource(apiName, { ...body, ...bulkTarget(selection.value, {}) });
      const outcome = fullPathOutcome(data, { autoOpenLink: true, newWindow: false });
      showFullPath(outcome.kind === 'open' ? { ...outcome, download: true } : outcome, { forceOpen: true });
    } catch {
      // The API client has said why.
    } finally {
      setBusy(false);
    }
  };

  if (count === 0) return summary ? <Summary {...summary} t={t} /> : null;
  const pageChosen =
    selection.pageState === 'all' && !selection.value.allMatching && total > controller.rows.length;
  return (
    <section className="bulk-bar" aria-label={t('Selected rows')}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <strong className="bulk-count">{t('{{count}} selected', { count })}</strong>
        {pageChosen && (
          <button
            type="button"
            className="btn btn-sm btn-link"
            onClick={() => selection.set(selectAllMatching())}
          >
            {t('Select all {{total}} rows matching', { total })}
          </button>
        )}
        <button type="button" className="btn btn-sm btn-link" onClick={selection.clear}>
          {t('Clear selection')}
        </button>
        {count === 1 && !selection.value.allMatching && controller.config.table.activity && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => openRecordActivity(controller, [...selection.value.ids][0] as number)}
          >
            <i className="bi bi-chat-left-text me-1" aria-hidden="true" />
            {t('Comments and history')}
          </button>
        )}
        {editable.length > 0 && (
          <div className="d-flex flex-wrap align-items-center gap-2 ms-md-auto">
            <label className="visually-hidden" htmlFor={fieldId}>
              {t('Field to set')}
            </label>
            <select
              id={fieldId}
              className="form-select form-select-sm w-auto"
              value={field}
              onChange={(event) => {
                setField(event.target.value);
                setValue('');
              }}
            >
              <option value="">{t('Set a field…')}</option>
              {editable.map((c) => (
                <option key={c.fieldName} value={c.fieldName}>
                  {t(c.header)}
                </option>
              ))}
            </select>
            {column && (
              <>
                <label className="visually-hidden" htmlFor={valueId}>
                  {t('New value')}
                </label>
                {BOOLEAN_TYPES.has(column.cellType) || options ? (
                  <select
                    id={valueId}
                    className="form-select form-select-sm w-auto"
                    value={value}
                    onChange={(event) => setValue(event.target.value)}
                  >
                    <option value="">{t('Choose…')}</option>
                    {(
                      options ?? [
                        { Value: 'true', Text: 'Yes' },
                        { Value: 'false', Text: 'No' },
                      ]
                    ).map((option) => (
                      <option key={String(option.Value)} value={String(option.Value)}>
                        {optionText(option, t)}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={valueId}
                    className="form-control form-control-sm w-auto"
                    value={value}
                    onChange={(event) => setValue(event.target.value)}
                  />
                )}
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  disabled={busy}
                  onClick={() => void apply()}
                >
                  {t('Apply to {{count}} rows', { count })}
                </button>
              </>
            )}
          </div>
        )}
        {config.header.showExport && (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            disabled={busy}
            onClick={() => void exportSelection()}
          >
            <i className="bi bi-file-earmark-spreadsheet me-1" aria-hidden="true" />
            {t('Export selection')}
          </button>
        )}
        {config.table.canDelete && (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            disabled={busy}
            onClick={() => void remove()}
          >
            <i className="bi bi-trash me-1" aria-hidden="true" />
            {t('Delete')}
          </button>
        )}
      </div>
      {summary && <Summary {...summary} t={t} />}
    </section>
  );
}
