import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { type ModalComponentProps, registerModalComponent } from '../../components/modal-host/modal-store';
import { valueText } from '../../engine/values';

/** Fields a person reads; client flags and styles are left out. */
const shownField = (key: string) => !key.startsWith('_') && !key.startsWith('UI_') && key !== 'StyleRow';

/**
 * The `rowDetail` modal component: the fields of the row (or of an api check's `FormData`), for
 * `modal: {type: 'component', config: {name: 'rowDetail'}}`.
 */
export function RowDetail({ data, config }: ModalComponentProps) {
  const { t } = useTranslation(['table', 'common']);
  const fields = Array.isArray(config.fields)
    ? config.fields.map(String)
    : Object.keys(data).filter(shownField);
  return (
    <dl className="row-detail row mb-0">
      {fields.map((field) => (
        <Fragment key={field}>
          <dt className="col-sm-4 text-truncate">{t(field)}</dt>
          <dd className="col-sm-8 text-break">{valueText(data[field]) || '—'}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

registerModalComponent('rowDetail', RowDetail);
