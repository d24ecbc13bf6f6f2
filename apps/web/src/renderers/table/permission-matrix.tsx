import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { type ModalComponentProps, registerModalComponent } from '../../components/modal-host/modal-store';
import {
  allState,
  changedRows,
  columnState,
  MATRIX_ACTIONS,
  type MatrixAction,
  type MatrixRow,
  nextValue,
  readMatrixRows,
  rowState,
  type SelectAllState,
  setAll,
  setCell,
  setColumn,
  setRow,
} from '../../engine/permission-matrix';
import { readText } from '../../engine/values';
import { ScreenSpinner } from '../shared/screen-state';

/** The action columns' headings (the Permissions screen's column titles). */
const ACTION_TITLES: Record<MatrixAction, string> = {
  CanList: 'List',
  CanDetail: 'Detail',
  CanAdd: 'Add',
  CanEdit: 'Edit',
  CanDelete: 'Delete',
  CanExport: 'Export',
};

/** A checkbox that shows the mixed state of a select-all box. */
function SelectAllBox({
  state,
  label,
  onChange,
}: {
  state: SelectAllState;
  label: string;
  onChange(on: boolean): void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="form-check-input"
      aria-label={label}
      checked={state === 'all'}
      aria-checked={state === 'some' ? 'mixed' : state === 'all'}
      onChange={() => onChange(nextValue(state))}
    />
  );
}

/**
 * The `permissionMatrix` modal component of the Roles screen: the role's screens × actions, with a
 * select-all box per screen (row), per action (column) and for everything; Save sends the rows that
 * changed. `config: {name: 'permissionMatrix', path: 'Role', list: 'Matrix', save: 'SaveMatrix'}`.
 */
export function PermissionMatrix({ config, data, close }: ModalComponentProps) {
  const { t } = useTranslation(['table', 'common']);
  const captionId = useId();
  const path = readText(config.path) ?? 'Role';
  const [loaded, setLoaded] = useState<MatrixRow[] | null>(null);
  const [rows, setRows] = useState<MatrixRow[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .post<unknown>(path, readText(config.list) ?? 'Matrix', { Id: data.Id })
      .then((answer) => {
        if (!live) return;
        const read = readMatrixRows(answer);
        setLoaded(read);
        setRows(read);
      })
      .catch(() => live && setLoaded([]));
    return () => {
      live = false;
    };
  }, [path, config.list, data.Id]);

  async function save() {
    if (!loaded) return;
    setSaving(true);
    try {
      await api.post(path, readText(config.save) ?? 'SaveMatrix', {
        Id: data.Id,
        Grants: changedRows(loaded, rows).map(({ Text: _text, ...grant }) => grant),
      });
      close(true);
    } catch {
      // The client has shown the refusal; the choices stay for another try.
    } finally {
      setSaving(false);
    }
  }

  if (loaded === null) {
    return <ScreenSpinner />;
  }
  const title = (action: MatrixAction) => t(ACTION_TITLES[action]);
  return (
    <div className="permission-matrix">
      <section
        className="table-responsive"
        style={{ maxHeight: '60vh' }}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must take the focus (WCAG 2.1.1).
        tabIndex={0}
        aria-labelledby={captionId}
      >
        <table className="table table-sm table-hover align-middle mb-0">
          <caption id={captionId} className="visually-hidden">
            {t('Permissions')}
          </caption>
          <thead className="sticky-top bg-body">
            <tr>
              <th scope="col">{t('Screen')}</th>
              <th scope="col" className="text-center">
                <SelectAllBox
                  state={allState(rows)}
                  label={t('Select all')}
                  onChange={(on) => setRows((now) => setAll(now, on))}
                />
              </th>
              {MATRIX_ACTIONS.map((action) => (
                <th key={action} scope="col" className="text-center">
                  <div className="d-flex flex-column align-items-center gap-1">
                    <span>{title(action)}</span>
                    <SelectAllBox
                      state={columnState(rows, action)}
                      label={t('Select all: {{name}}', { name: title(action) })}
                      onChange={(on) => setRows((now) => setColumn(now, action, on))}
                    />
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.Target} data-target={row.Target}>
                <th scope="row" className="fw-normal text-break">
                  {t(row.Text)}
                </th>
                <td className="text-center">
                  <SelectAllBox
                    state={rowState(row)}
                    label={t('Select all: {{name}}', { name: t(row.Text) })}
                    onChange={(on) => setRows((now) => setRow(now, row.Target, on))}
                  />
                </td>
                {MATRIX_ACTIONS.map((action) => (
                  <td key={action} className="text-center" data-action={action}>
                    <input
                      type="checkbox"
                      className="form-check-input"
                      aria-label={`${t(row.Text)}: ${title(action)}`}
                      checked={row[action]}
                      onChange={(e) => {
                        const on = e.target.checked;
                        setRows((now) => setCell(now, row.Target, action, on));
                      }}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="d-flex justify-content-end gap-2 mt-3">
        <Button variant="secondary" onClick={() => close(undefined)}>
          {t('Cancel')}
        </Button>
        <Button variant="primary" disabled={saving} onClick={() => void save()}>
          {t('Save')}
        </Button>
      </div>
    </div>
  );
}

registerModalComponent('permissionMatrix', PermissionMatrix);
