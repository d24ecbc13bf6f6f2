import type { ConfigColumn, ConfigScreen, ResourceColumnInfo } from '@panelwright/contract';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConfigIssue, fetchResourceColumns } from '../../../api/configuration';
import { columnOrder, dropField, moveField, withColumnSetting } from '../../../engine/studio/screens';
import { DATA_TEXT } from '../../../i18n';
import { ColumnOptionsForm } from './column-options-form';

/** A screen's columns: order (drag, or the arrow keys on a row's handle), header, width, shown, editing, filter, cell type, options. */
export function ColumnsEditor({
  screen,
  onChange,
  texts,
  onText,
  issues,
}: {
  /** What the rules say of the screen as it is now (`Configuration/CheckItem`), in the user's language. */
  issues: readonly ConfigIssue[];
  screen: ConfigScreen;
  onChange: (screen: ConfigScreen) => void;
  /** The screen's words in Vietnamese, by their English wording. */
  texts: Readonly<Record<string, string>>;
  onText: (english: string, vietnamese: string) => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const declared = useQuery({
    queryKey: ['Configuration', 'Columns', screen.apiName],
    queryFn: () => fetchResourceColumns(screen.apiName),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [announcement, setAnnouncement] = useState('');
  const [opened, setOpened] = useState<string | null>(null);
  const panelId = useId();
  const [dragged, setDragged] = useState<string | null>(null);
  if (declared.isPending)
    return <div className="spinner-border text-primary" role="status" aria-label={t('Loading')} />;
  if (declared.isError) return <p className="text-danger">{t('The columns could not be loaded.')}</p>;
  const fields = declared.data.map((column) => column.Field);
  const openedInfo = opened ? declared.data.find((column) => column.Field === opened) : undefined;
  const byField = new Map(declared.data.map((column) => [column.Field, column]));
  const order = columnOrder(
    declared.data.map((column) => column.Field),
    screen.columnOrder,
  );
  const reorder = (next: string[], field: string) => {
    onChange({ ...screen, columnOrder: next });
    setAnnouncement(
      t('{{field}} moved to place {{place}} of {{count}}.', {
        field,
        place: next.indexOf(field) + 1,
        count: next.length,
      }),
    );
  };
  const setColumn = (field: string, patch: Partial<ConfigColumn>) =>
    onChange(withColumnSetting(screen, field, patch));
  return (
    <div className="studio-columns">
      <p className="text-secondary small mb-2">
        {t('Drag a row by its handle, or focus the handle and use the arrow keys, to change the order.')}
      </p>
      <div className="visually-hidden" aria-live="assertive">
        {announcement}
      </div>
      <div className="table-responsive">
        <table className="table table-sm align-middle studio-columns-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('Order')}</span>
              </th>
              <th scope="col">{t('Column')}</th>
              <th scope="col">{t('Header')}</th>
              <th scope="col">{t('Header in Vietnamese')}</th>
              <th scope="col">{t('Width')}</th>
              <th scope="col">{t('Shown')}</th>
              <th scope="col">{t('Editable')}</th>
              <th scope="col">{t('Filter')}</th>
              <th scope="col">{t('Cell type')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('Options')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {order.map((field, index) => {
              const info = byField.get(field);
              if (!info) return null;
              return (
                <ColumnRow
                  key={field}
                  info={info}
                  setting={screen.columns[field] ?? {}}
                  texts={texts}
                  onText={onText}
                  issues={optionIssues(issues, field)}
                  place={index + 1}
                  opened={opened === field}
                  dragging={dragged === field}
                  onToggle={() => setOpened(opened === field ? null : field)}
                  panelId={panelId}
                  onChange={(patch) => setColumn(field, patch)}
                  onMove={(offset) => reorder(moveField(order, field, offset), field)}
                  onDragStart={() => setDragged(field)}
                  onDragEnd={() => setDragged(null)}
                  onDrop={() => {
                    if (dragged && dragged !== field) reorder(dropField(order, dragged, field), dragged);
                    setDragged(null);
                  }}
                />
              );
            })}
          </tbody>
        </table>
      </div>
      {openedInfo && (
        <section id={panelId} className="studio-options-panel" aria-labelledby={`${panelId}-title`}>
          <header className="studio-options-panel-header">
            <h3 id={`${panelId}-title`} className="h6 mb-0">
              {t('Options of {{field}}', { field: openedInfo.Field })}
            </h3>
            <button
              type="button"
              className="btn-close"
              aria-label={t('Close the options of {{field}}', { field: openedInfo.Field })}
              onClick={() => setOpened(null)}
            />
          </header>
          <ColumnOptionsForm
            key={openedInfo.Field}
            field={openedInfo.Field}
            // The declared options until the configuration gives its own (which then replace them whole).
            more={
              (screen.columns[openedInfo.Field]?.more ?? openedInfo.More ?? undefined) as
                | Record<string, unknown>
                | undefined
            }
            fields={fields}
            issues={optionIssues(issues, openedInfo.Field)}
            onChange={(more) => setColumn(openedInfo.Field, { more: more as ConfigColumn['more'] })}
          />
        </section>
      )}
    </div>
  );
}

/** The issues of one column's options, by option path (`button.color`). */
function optionIssues(issues: readonly ConfigIssue[], field: string): Record<string, string> {
  const byPath: Record<string, string> = {};
  const marker = `.columns.${field}.more.`;
  for (const issue of issues) {
    const at = issue.Path.indexOf(marker);
    if (at >= 0) byPath[issue.Path.slice(at + marker.length)] ??= issue.Message;
  }
  return byPath;
}

function ColumnRow({
  info,
  setting,
  texts,
  onText,
  issues,
  place,
  opened,
  dragging,
  onToggle,
  panelId,
  onChange,
  onMove,
  onDragStart,
  onDragEnd,
  onDrop,
}: {
  info: ResourceColumnInfo;
  setting: ConfigColumn;
  texts: Readonly<Record<string, string>>;
  onText: (english: string, vietnamese: string) => void;
  issues: Readonly<Record<string, string>>;
  place: number;
  opened: boolean;
  dragging: boolean;
  onToggle: () => void;
  /** The options panel this row's button opens. */
  panelId: string;
  onChange: (patch: Partial<ConfigColumn>) => void;
  onMove: (offset: number) => void;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDrop: () => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const field = info.Field;
  const shown = setting.show ?? !info.Hidden;
  const editable = setting.editable ?? info.Editable;
  const filter = setting.filter === undefined ? info.Filter : setting.filter;
  const type = setting.type ?? info.Type;
  const english = setting.header ?? info.Header;
  const optionCount = Object.keys(setting.more ?? info.More ?? {}).length;
  const onHandleKey = (event: KeyboardEvent) => {
    const offset = { ArrowUp: -1, ArrowDown: 1, Home: -1000, End: 1000 }[event.key];
    if (offset === undefined) return;
    event.preventDefault();
    onMove(offset);
    // The row moves; its handle keeps the focus for the next key.
    const handle = event.currentTarget as HTMLElement;
    requestAnimationFrame(() => handle.focus());
  };
  return (
    <tr
      className={dragging ? 'studio-dragging' : undefined}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        onDrop();
      }}
    >
      <td>
        <button
          type="button"
          className="btn btn-sm btn-link studio-handle"
          draggable
          onDragStart={(event) => {
            event.dataTransfer.setData('text/plain', field);
            event.dataTransfer.effectAllowed = 'move';
            onDragStart();
          }}
          onDragEnd={onDragEnd}
          onKeyDown={onHandleKey}
          aria-label={t('Move {{field}}, place {{place}}: arrow keys', { field, place })}
        >
          <i className="bi bi-grip-vertical" aria-hidden="true" />
        </button>
      </td>
      <th scope="row" className="font-monospace small" {...DATA_TEXT}>
        {field}
      </th>
      <td>
        <input
          className="form-control form-control-sm"
          aria-label={t('Header of {{field}}', { field })}
          value={setting.header ?? ''}
          placeholder={info.Header}
          maxLength={200}
          onChange={(event) => {
            const header = event.target.value.trim() ? event.target.value : undefined;
            // The Vietnamese header follows the English one it translates.
            const vn = texts[english];
            if (vn && !texts[header ?? info.Header]) onText(header ?? info.Header, vn);
            onChange({ header });
          }}
        />
      </td>
      <td>
        <input
          className="form-control form-control-sm"
          lang="vi"
          aria-label={t('Header of {{field}} in Vietnamese', { field })}
          value={texts[english] ?? ''}
          placeholder={t('As in English')}
          maxLength={200}
          onChange={(event) => onText(english, event.target.value)}
        />
      </td>
      <td>
        <input
          className="form-control form-control-sm studio-width"
          type="number"
          min={30}
          max={2000}
          aria-label={t('Width of {{field}} in pixels', { field })}
          value={setting.width ?? ''}
          placeholder={info.Width ? String(info.Width) : t('Auto')}
          onChange={(event) =>
            onChange({ width: event.target.value === '' ? undefined : Number(event.target.value) })
          }
        />
      </td>
      <td>
        <input
          className="form-check-input"
          type="checkbox"
          aria-label={t('Show {{field}}', { field })}
          checked={shown}
          onChange={(event) =>
            onChange({ show: event.target.checked === !info.Hidden ? undefined : event.target.checked })
          }
        />
      </td>
      <td>
        <input
          className="form-check-input"
          type="checkbox"
          aria-label={t('Cells of {{field}} may be changed', { field })}
          checked={editable}
          disabled={!info.CanEdit}
          onChange={(event) =>
            onChange({
              editable: event.target.checked === info.Editable ? undefined : event.target.checked,
            })
          }
        />
      </td>
      <td>
        <select
          className="form-select form-select-sm"
          aria-label={t('Filter of {{field}}', { field })}
          value={filter ?? ''}
          disabled={info.Filters.length === 0}
          onChange={(event) => {
            const chosen = event.target.value === '' ? null : (event.target.value as ConfigColumn['filter']);
            onChange({ filter: chosen === info.Filter ? undefined : chosen });
          }}
        >
          <option value="">{t('None')}</option>
          {info.Filters.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </td>
      <td>
        <select
          className="form-select form-select-sm"
          aria-label={t('Cell type of {{field}}', { field })}
          value={type}
          disabled={info.Types.length < 2}
          onChange={(event) =>
            onChange({
              type:
                event.target.value === info.Type ? undefined : (event.target.value as ConfigColumn['type']),
            })
          }
        >
          {info.Types.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </td>
      <td className="text-end">
        <button
          type="button"
          className={`btn btn-sm ${Object.keys(issues).length > 0 ? 'btn-outline-danger' : optionCount > 0 ? 'btn-outline-primary' : 'btn-outline-secondary'}`}
          aria-expanded={opened}
          aria-controls={opened ? panelId : undefined}
          onClick={onToggle}
        >
          {optionCount > 0 ? t('Options ({{count}})', { count: optionCount }) : t('Options')}
        </button>
      </td>
    </tr>
  );
}
