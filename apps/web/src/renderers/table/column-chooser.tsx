import { useId } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { moveColumnView, toggleColumnView } from '../../engine/columns';
import type { TableController } from './use-table-controller';

/**
 * The column chooser: each column shown or hidden, moved earlier or later; every change is saved for
 * this user and this screen on the server (`TableView/Save`), so it follows them to any browser.
 */
export function ColumnChooser({ controller }: { controller: TableController }) {
  const { dataColumns, columnChoices, columnChoicesReady, saveColumnChoices, t } = controller;
  const id = useId();
  if (dataColumns.length === 0) return null;
  const headerOf = new Map(
    dataColumns.map((column) => [column.fieldName, t(column.header) || column.fieldName]),
  );
  const shown = columnChoices.filter((entry) => entry.Visible).length;
  return (
    <Dropdown autoClose="outside" align="end">
      <Dropdown.Toggle
        size="sm"
        variant="outline-secondary"
        id={`${id}-toggle`}
        disabled={!columnChoicesReady}
      >
        <i className="bi bi-layout-three-columns me-1" aria-hidden="true" />
        <span className="toolbar-label">{t('Columns')}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="column-chooser">
        <fieldset className="px-2 mb-0">
          <legend className="small text-body-secondary mb-1 float-none fs-6">{t('Shown columns')}</legend>
          <ul className="list-unstyled mb-0">
            {columnChoices.map((entry, index) => {
              const name = headerOf.get(entry.Field) ?? entry.Field;
              const boxId = `${id}-${entry.Field}`;
              return (
                <li
                  key={entry.Field}
                  className="d-flex align-items-center gap-1 py-1"
                  data-column={entry.Field}
                >
                  <input
                    id={boxId}
                    type="checkbox"
                    className="form-check-input m-0"
                    checked={entry.Visible}
                    disabled={entry.Visible && shown <= 1}
                    onChange={() => saveColumnChoices(toggleColumnView(columnChoices, entry.Field))}
                  />
                  <label className="form-check-label flex-grow-1 text-nowrap" htmlFor={boxId}>
                    {name}
                  </label>
                  <button
                    type="button"
                    className="btn btn-sm btn-link p-0 px-1"
                    disabled={index === 0}
                    aria-label={t('Move {{name}} up', { name })}
                    onClick={() => saveColumnChoices(moveColumnView(columnChoices, entry.Field, -1))}
                  >
                    <i className="bi bi-arrow-up" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-link p-0 px-1"
                    disabled={index === columnChoices.length - 1}
                    aria-label={t('Move {{name}} down', { name })}
                    onClick={() => saveColumnChoices(moveColumnView(columnChoices, entry.Field, 1))}
                  >
                    <i className="bi bi-arrow-down" aria-hidden="true" />
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <Dropdown.Divider />
        <Dropdown.Item as="button" onClick={() => saveColumnChoices([])}>
          {t('Reset columns')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
