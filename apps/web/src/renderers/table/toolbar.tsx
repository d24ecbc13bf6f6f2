import { useMemo, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { toast } from 'react-toastify';
import { addResourceRecord, exportResource } from '../../api/resources';
import { actionItemColumns, resolveCellCached } from '../../cells';
import { showFullPath } from '../../components/full-path/full-path';
import { openModal } from '../../components/modal-host/modal-store';
import { updateErrorMessage } from '../../engine/cell-update';
import { fullPathOutcome, type PreparedColumn, prepareColumn } from '../../engine/columns';
import { formatCount } from '../../engine/formats';
import { exportPercent } from '../../engine/live';
import type { TableRow } from '../../engine/rows';
import { TABLE_DENSITIES } from '../../engine/table-look/table-look';
import { readObject } from '../../engine/values';
import { onExportProgress } from '../../state/live-events';
import { AddNewForm } from './add-new-form';
import { ImportDialog } from './bulk/import-dialog';
import { ColumnChooser } from './column-chooser';
import type { TableController } from './use-table-controller';
import { useTableDensity } from './use-table-density';

/** The screen's header buttons (`Header.buttonList`) read like the items of an action column. */
function headerButtonColumns(buttonList: Record<string, unknown>[]): PreparedColumn[] {
  if (buttonList.length === 0) return [];
  const holder = prepareColumn({
    fieldName: 'UI_HeaderButtons',
    Header: '',
    CanShow: true,
    CanEdit: false,
    CanSort: false,
    Index: 0,
    Type: { type: 'action', more: JSON.stringify({ actions: buttonList }) },
  });
  return actionItemColumns(holder);
}

/** Comfortable (36 px) or compact (32 px) rows, for every table, remembered in this browser. */
function DensitySwitch({ t }: { t: TableController['t'] }) {
  const [density, choose] = useTableDensity();
  return (
    <Dropdown align="end">
      <Dropdown.Toggle size="sm" variant="outline-secondary" aria-label={t('Density')} title={t('Density')}>
        <i className="bi bi-distribute-vertical" aria-hidden="true" />
      </Dropdown.Toggle>
      <Dropdown.Menu role="menu">
        {TABLE_DENSITIES.map((option) => (
          <Dropdown.Item
            key={option}
            as="button"
            role="menuitemradio"
            aria-checked={density === option}
            active={density === option}
            onClick={() => choose(option)}
          >
            {option === 'compact' ? t('Compact') : t('Comfortable')}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}

/** Title, add, export, the screen's own buttons and reload. */
export function Toolbar({ controller, embedded }: { controller: TableController; embedded?: boolean }) {
  const { config, t, screen, apiName, actions, reloadList, reloadAfterAdd, optionLists } = controller;
  const buttons = useMemo(() => headerButtonColumns(config.header.buttonList), [config.header.buttonList]);
  const pageRow = screen.requestData as TableRow;

  const addNew = () => {
    void openModal({
      type: 'component',
      size: 'lg',
      title: t('Add new'),
      render: () => (
        <AddNewForm
          controls={config.addNew.controls}
          options={optionLists}
          t={t}
          closeAfterSubmit={config.addNew.closeMyModalAfterSubmit}
          submit={async (body) => {
            try {
              const answer = await addResourceRecord(apiName, {
                ...body,
                ...(Object.keys(screen.requestData).length > 0 ? { RequestData: screen.requestData } : {}),
              });
              toast.success(t(answer.Msg || 'Added.'));
              void reloadAfterAdd(readObject(answer.Data)?.Id).then((where) => {
                if (where === 'elsewhere') {
                  toast.info(t('The new record is not on this page: the list is sorted and filtered.'));
                }
              });
            } catch (error) {
              throw updateErrorMessage(error);
            }
          }}
        />
      ),
    });
  };

  // While an export runs, the rows written so far (the server's `export-progress` events).
  const [exporting, setExporting] = useState<{ rows: number; total: number | null } | null>(null);
  const exportList = async () => {
    if (exporting) return;
    setExporting({ rows: 0, total: null });
    const stop = onExportProgress((event) => {
      if (event.APIName === apiName) setExporting({ rows: event.Rows, total: event.Total });
    });
    try {
      const { Page: _page, PageSize: _size, ...body } = controller.listBody;
      const data = await exportResource(apiName, body);
      const outcome = fullPathOutcome(data, { autoOpenLink: true, newWindow: false });
      showFullPath(outcome.kind === 'open' ? { ...outcome, download: true } : outcome, { forceOpen: true });
    } catch {
      // The API client has said why.
    } finally {
      stop();
      setExporting(null);
    }
  };

  return (
    <div className="table-toolbar">
      {embedded ? null : <h1 className="h4 mb-0 me-auto">{t(screen.title || (config.page.title ?? ''))}</h1>}
      <div className={`d-flex flex-wrap gap-2${embedded ? ' ms-auto' : ''}`}>
        {buttons.map((column, index) => {
          const button = resolveCellCached(column, pageRow).button;
          return (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: the header buttons are a fixed list
              key={index}
              type="button"
              className={`btn btn-sm btn-${button?.variant ?? 'outline-secondary'}`}
              disabled={button?.disabled}
              onClick={() => actions.activate(pageRow, column)}
            >
              {button?.icon && <i className={`bi bi-${button.icon} me-1`} aria-hidden="true" />}
              {t(button?.title ?? '')}
            </button>
          );
        })}
        {config.header.showAddNew && config.addNew.controls.length > 0 && (
          <button type="button" className="btn btn-sm btn-primary" onClick={addNew}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('Add new')}
          </button>
        )}
        {config.header.showAddNew && !embedded && (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() =>
              void openModal({
                type: 'component',
                size: 'full',
                title: t('Import'),
                render: () => <ImportDialog controller={controller} />,
              })
            }
          >
            <i className="bi bi-upload me-1" aria-hidden="true" />
            <span className="toolbar-label">{t('Import')}</span>
          </button>
        )}
        {config.header.showExport && (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => void exportList()}
            disabled={exporting !== null}
            aria-busy={exporting !== null || undefined}
          >
            {exporting ? (
              <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
            ) : (
              <i className="bi bi-file-earmark-spreadsheet me-1" aria-hidden="true" />
            )}
            <span className="toolbar-label">{t('Export')}</span>
          </button>
        )}
        {exporting && (
          <div className="export-progress d-flex align-items-center gap-2 small" role="status">
            <div
              className="progress"
              role="progressbar"
              aria-label={t('Export progress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={
                exporting.total === null ? undefined : exportPercent(exporting.rows, exporting.total)
              }
            >
              <div
                className="progress-bar"
                style={{
                  width: `${exporting.total === null ? 0 : exportPercent(exporting.rows, exporting.total)}%`,
                }}
              />
            </div>
            <span className="export-progress-text">
              {exporting.total === null
                ? t('Exporting…')
                : t('Exporting: {{rows}} of {{total}} rows ({{percent}}%)', {
                    rows: formatCount(exporting.rows),
                    total: formatCount(exporting.total),
                    percent: exportPercent(exporting.rows, exporting.total),
                  })}
            </span>
          </div>
        )}
        {controller.variant === 'table' && <DensitySwitch t={t} />}
        {controller.variant === 'table' && <ColumnChooser controller={controller} />}
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={reloadList}
          aria-label={t('Reload')}
        >
          <i className="bi bi-arrow-clockwise" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
