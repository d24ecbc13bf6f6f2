import { useCallback, useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { type ModalComponentProps, registerModalComponent } from '../../components/modal-host/modal-store';
import { formatDateTime } from '../../engine/formats';
import { readObject, readText, valueText } from '../../engine/values';
import { ScreenSpinner } from '../shared/screen-state';

type Field = { field: string; title: string; datetime: boolean };

function fieldsOf(value: unknown): Field[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const options = readObject(item);
    const field = readText(options?.field);
    return field
      ? [{ field, title: readText(options?.title) ?? field, datetime: options?.format === 'datetime' }]
      : [];
  });
}

const shown = (item: Record<string, unknown>, field: Field) => {
  const value = item[field.field];
  if (field.datetime && typeof value === 'string' && value !== '') return formatDateTime(value);
  return valueText(value) || '—';
};

/**
 * The `apiList` modal component: a list a call answers for the row the modal was opened for, with
 * an optional action per item (the Users screen's open sessions, each with "End"), for
 * `modal: {type: 'component', config: {name: 'apiList', path, list, fields, empty, action}}`.
 * The calls send the row's `Id`; the action also sends the item's `Id` as `action.param`.
 */
export function ApiList({ config, data }: ModalComponentProps) {
  const { t } = useTranslation(['table', 'common']);
  const captionId = useId();
  const path = readText(config.path) ?? '';
  const list = readText(config.list) ?? 'List';
  const fields = fieldsOf(config.fields);
  const action = readObject(config.action);
  const [items, setItems] = useState<Record<string, unknown>[] | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const answer = await api.post<unknown>(path, list, { Id: data.Id });
    setItems(Array.isArray(answer) ? answer.map((item) => readObject(item) ?? {}) : []);
  }, [path, list, data.Id]);

  useEffect(() => {
    void load().catch(() => setItems([]));
  }, [load]);

  async function run(item: Record<string, unknown>) {
    if (!action) return;
    setBusy(true);
    try {
      await api.post(path, readText(action.name) ?? '', {
        Id: data.Id,
        [readText(action.param) ?? 'ItemId']: item.Id,
      });
      await load();
    } catch {
      // The client has shown the refusal.
    } finally {
      setBusy(false);
    }
  }

  if (items === null) {
    return <ScreenSpinner />;
  }
  if (items.length === 0) return <p className="mb-0">{t(readText(config.empty) ?? 'Nothing to show')}</p>;
  return (
    // Focusable, so that a keyboard reaches the columns a narrow window scrolls sideways.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must take the focus (WCAG 2.1.1).
    <section className="table-responsive" tabIndex={0} aria-labelledby={captionId}>
      <table className="table table-sm align-middle mb-0">
        <caption id={captionId} className="visually-hidden">
          {t(readText(config.caption) ?? 'List')}
        </caption>
        <thead>
          <tr>
            {fields.map((field) => (
              <th key={field.field} scope="col">
                {t(field.title)}
              </th>
            ))}
            {action && (
              <th scope="col">
                <span className="visually-hidden">{t('Actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            <tr key={valueText(item.Id) || index} data-item-id={valueText(item.Id)}>
              {fields.map((field) => (
                <td key={field.field} className="text-break">
                  {shown(item, field)}
                </td>
              ))}
              {action && (
                <td className="text-end">
                  <Button size="sm" variant="outline-danger" disabled={busy} onClick={() => void run(item)}>
                    {t(readText(action.title) ?? 'OK')}
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

registerModalComponent('apiList', ApiList);
