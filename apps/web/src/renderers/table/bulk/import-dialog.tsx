import type { ImportResult } from '@panelwright/contract';
import { useEffect, useId, useState } from 'react';
import { importProgress, importResource } from '../../../api/bulk';
import { isCallFailure } from '../../../api/client';
import { useModalControls } from '../../../components/modal-host/modal-context';
import type { PreparedColumn } from '../../../engine/columns';
import { formatCount } from '../../../engine/formats';
import { exportPercent } from '../../../engine/live';
import { useAppStore } from '../../../state/app-store';
import { onImportProgress } from '../../../state/live-events';
import type { TableController } from '../use-table-controller';

/** A header folded for comparison: case, accents, spaces and punctuation aside. */
const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/[^a-z0-9]/g, '');

/**
 * The server's guess of the mapping, completed from the headers as this page shows them in the
 * user's language (a Vietnamese file's "Giá" is the Price column's header here).
 */
function completeMapping(
  headers: string[],
  guessed: Record<string, string>,
  columns: PreparedColumn[],
  t: TableController['t'],
): Record<string, string> {
  const mapping = { ...guessed };
  const taken = new Set(Object.values(mapping));
  for (const header of headers) {
    if (mapping[header]) continue;
    const key = fold(header);
    const column = columns.find(
      (c) =>
        !taken.has(c.fieldName) && [c.fieldName, c.header, t(c.header)].some((name) => fold(name) === key),
    );
    if (column) {
      mapping[header] = column.fieldName;
      taken.add(column.fieldName);
    }
  }
  return mapping;
}

/** How often the dialog asks where an import is when the live stream is off. */
const PROGRESS_POLL_MS = 500;

/** 32 random hex digits (`getRandomValues`: `randomUUID` needs a secure context, plain http has none). */
function newProgressKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * Import of a CSV or xlsx file into the table: choose the file, check it (a dry run: the mapping
 * guessed from its headers, the first rows with every error by cell), then import with progress
 * (over the live stream, or asked with `ImportProgress` while it runs when the stream is off), and
 * download the refused rows.
 */
export function ImportDialog({ controller }: { controller: TableController }) {
  const { t, apiName, allColumns } = controller;
  const headerOf = (field: string) => allColumns.find((c) => c.fieldName === field)?.header ?? field;
  const modal = useModalControls();
  const liveStream = useAppStore((s) => s.dataFirstSetting?.UIAppConfig.hasSignalR === true);
  const ids = { file: useId(), key: useId(), mode: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<'all' | 'skip'>('skip');
  const [keyField, setKeyField] = useState('');
  const [mapping, setMapping] = useState<Record<string, string> | null>(null);
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const [result, setResult] = useState<{ data: ImportResult; message: string } | null>(null);
  const [progress, setProgress] = useState<{ rows: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const fields = allColumns.filter(
    (column) =>
      column.fieldName !== 'Id' &&
      !column.cellType.match(/^(action|button|api|icon|delete|remove|form|modal)$/),
  );

  useEffect(
    () =>
      onImportProgress((event) => {
        if (event.APIName === apiName) setProgress({ rows: event.Rows, total: event.Total });
      }),
    [apiName],
  );

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setFailure('');
    setProgress(null);
    // Without the live stream, the import is named so that its progress can be asked for meanwhile.
    const progressKey = liveStream ? undefined : newProgressKey();
    const ask = async () => {
      if (!progressKey) return;
      const answer = await importProgress(apiName, progressKey).catch(() => null);
      const known = answer?.Data;
      if (known) setProgress({ rows: known.Rows, total: known.Total });
    };
    const poller = progressKey ? setInterval(() => void ask(), PROGRESS_POLL_MS) : undefined;
    try {
      const answer = await importResource(apiName, { file, mapping, mode, dryRun, keyField, progressKey });
      clearInterval(poller);
      await ask();
      if (dryRun) {
        setChecked(answer.Data);
        setMapping(completeMapping(answer.Data.Headers, answer.Data.Mapping, fields, t));
      } else {
        setResult({ data: answer.Data, message: answer.Msg ?? '' });
        controller.reloadList();
      }
    } catch (error) {
      setFailure(isCallFailure(error) ? (error.description ?? error.msg) : t('Something went wrong'));
    } finally {
      clearInterval(poller);
      setBusy(false);
    }
  };

  const errorsByCell = new Map<string, string>();
  for (const error of checked?.Errors ?? []) {
    const header = Object.entries(mapping ?? {}).find(([, field]) => field === error.Field)?.[0] ?? '';
    errorsByCell.set(
      `${error.Row}\u0000${header}`,
      `${error.Field ? `${error.Field}: ` : ''}${t(error.Message)}`,
    );
  }

  return (
    <div className="import-dialog d-flex flex-column gap-3">
      <div className="row g-2">
        <div className="col-12 col-md-6">
          <label className="form-label" htmlFor={ids.file}>
            {t('CSV or Excel file')}
          </label>
          <input
            id={ids.file}
            type="file"
            className="form-control"
            accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setMapping(null);
              setChecked(null);
              setResult(null);
            }}
          />
        </div>
        <div className="col-12 col-sm-6 col-md-3">
          <label className="form-label" htmlFor={ids.mode}>
            {t('Rows with errors')}
          </label>
          <select
            id={ids.mode}
            className="form-select"
            value={mode}
            onChange={(event) => setMode(event.target.value as 'all' | 'skip')}
          >
            <option value="skip">{t('Skip them, import the others')}</option>
            <option value="all">{t('Import nothing (all or nothing)')}</option>
          </select>
        </div>
        <div className="col-12 col-sm-6 col-md-3">
          <label className="form-label" htmlFor={ids.key}>
            {t('Update rows by')}
          </label>
          <select
            id={ids.key}
            className="form-select"
            value={keyField}
            onChange={(event) => setKeyField(event.target.value)}
          >
            <option value="">{t('(add every row)')}</option>
            {fields.map((column) => (
              <option key={column.fieldName} value={column.fieldName}>
                {t(column.header)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {checked && mapping && (
        <div className="import-preview">
          <h2 className="h6">{t('Columns of the file')}</h2>
          <div className="table-responsive">
            <table className="table table-sm align-middle mb-2">
              <thead>
                <tr>
                  <th scope="col">{t('Row')}</th>
                  {checked.Headers.map((header) => (
                    <th scope="col" key={header}>
                      <div className="text-nowrap">{header}</div>
                      <select
                        className="form-select form-select-sm mt-1"
                        aria-label={t('Field for column {{column}}', { column: header })}
                        value={mapping[header] ?? ''}
                        onChange={(event) => setMapping({ ...mapping, [header]: event.target.value })}
                      >
                        <option value="">{t('(not imported)')}</option>
                        {fields.map((column) => (
                          <option key={column.fieldName} value={column.fieldName}>
                            {t(column.header)}
                          </option>
                        ))}
                      </select>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {checked.Preview.map((row, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the preview's rows are the file's first rows, in order
                  <tr key={index}>
                    <th scope="row">{index + 1}</th>
                    {checked.Headers.map((header) => {
                      const error = errorsByCell.get(`${index + 1}\u0000${header}`);
                      return (
                        <td key={header} className={error ? 'table-danger' : undefined} title={error}>
                          {row[header]}
                          {error && <div className="small text-danger-emphasis">{error}</div>}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mb-1" role="status">
            {t('{{ok}} rows can be imported; {{refused}} have errors.', {
              ok: checked.Imported,
              refused: checked.Refused,
            })}
          </p>
          {checked.Errors.length > 0 && (
            <ul className="import-errors small mb-0">
              {checked.Errors.slice(0, 20).map((error) => (
                <li key={`${error.Row}-${error.Field}-${error.Message}`}>
                  {t('Row {{row}}', { row: error.Row })}
                  {error.Field ? ` · ${t(headerOf(error.Field))}` : ''}: {t(error.Message)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      {progress && (
        <div className="d-flex align-items-center gap-2 small" role="status">
          <div
            className="progress flex-grow-1"
            role="progressbar"
            aria-label={t('Import progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={exportPercent(progress.rows, progress.total)}
          >
            <div
              className="progress-bar"
              style={{ width: `${exportPercent(progress.rows, progress.total)}%` }}
            />
          </div>
          <span className="import-progress-text">
            {t('Rows read: {{rows}} of {{total}}', {
              rows: formatCount(progress.rows),
              total: formatCount(progress.total),
            })}
          </span>
        </div>
      )}

      {result && (
        <div
          className={`alert ${result.data.Refused > 0 ? 'alert-warning' : 'alert-success'} mb-0`}
          role="status"
        >
          <p className="mb-1 import-result">{t(result.message)}</p>
          {result.data.RefusedFile && (
            <a className="btn btn-sm btn-outline-secondary" href={result.data.RefusedFile} download>
              <i className="bi bi-download me-1" aria-hidden="true" />
              {t('Download the refused rows')}
            </a>
          )}
        </div>
      )}
      {failure && (
        <div className="alert alert-danger mb-0" role="alert">
          {t(failure)}
        </div>
      )}

      <div className="d-flex flex-wrap gap-2 justify-content-end">
        <button type="button" className="btn btn-outline-secondary" onClick={() => modal?.close()}>
          {t('Close')}
        </button>
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={!file || busy}
          onClick={() => void send(true)}
        >
          {t('Check')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!file || busy || !checked}
          onClick={() => void send(false)}
        >
          {busy && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
          {t('Import')}
        </button>
      </div>
    </div>
  );
}
