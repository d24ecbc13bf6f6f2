import { COLLECTION_FIELD_TYPES, type CollectionField } from '@panelwright/contract/config-items';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPE_LABELS } from './field-types';

/** A field as the form edits it (the schema's defaults not yet filled). */
export type FieldRow = Omit<CollectionField, 'Required'> & { Required?: boolean };

const CHOICES = new Set(['choice', 'multipleChoice']);
const RELATIONS = new Set(['relation', 'inverse']);
const TEXTS = new Set(['text', 'longText', 'richText', 'email', 'url']);
const NUMBERS = new Set(['integer', 'decimal', 'money', 'percent']);

/** The fields of a collection: a row each with its name, type and the options its type has. */
export function FieldsEditor({
  fields,
  targets,
  onChange,
}: {
  fields: FieldRow[];
  targets: string[];
  onChange: (fields: FieldRow[]) => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const update = (index: number, patch: Partial<FieldRow>) =>
    onChange(fields.map((field, at) => (at === index ? ({ ...field, ...patch } as FieldRow) : field)));
  const move = (index: number, by: number) => {
    const next = [...fields];
    const [field] = next.splice(index, 1);
    if (field) next.splice(index + by, 0, field);
    onChange(next);
  };
  return (
    <section className="mt-3" aria-labelledby="studio-fields-heading">
      <div className="d-flex justify-content-between align-items-center mb-2">
        <h3 className="h6 mb-0" id="studio-fields-heading">
          {t('Fields')}
        </h3>
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          onClick={() => onChange([...fields, { Name: '', Type: 'text', Required: false }])}
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('Add field')}
        </button>
      </div>
      <ol className="list-unstyled studio-fields mb-0">
        {fields.map((field, index) => (
          <FieldEditor
            // Rows are edited in place; their order changes only through the move buttons.
            // biome-ignore lint/suspicious/noArrayIndexKey: a field's name is what is being typed
            key={index}
            field={field}
            index={index}
            count={fields.length}
            targets={targets}
            onChange={(patch) => update(index, patch)}
            onMove={(by) => move(index, by)}
            onRemove={() => onChange(fields.filter((_, at) => at !== index))}
          />
        ))}
      </ol>
    </section>
  );
}

function FieldEditor({
  field,
  index,
  count,
  targets,
  onChange,
  onMove,
  onRemove,
}: {
  field: FieldRow;
  index: number;
  count: number;
  targets: string[];
  onChange: (patch: Partial<FieldRow>) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const id = useId();
  const label = field.Name || t('Field {{number}}', { number: index + 1 });
  const number = (text: string) => (text === '' ? undefined : Number(text));
  return (
    <li className="studio-field">
      <div className="studio-field-main">
        <div>
          <label className="form-label small mb-1" htmlFor={`${id}-name`}>
            {t('Name')}
          </label>
          <input
            id={`${id}-name`}
            className="form-control form-control-sm font-monospace"
            value={field.Name}
            maxLength={40}
            placeholder="Email"
            onChange={(event) => onChange({ Name: event.target.value })}
          />
        </div>
        <div>
          <label className="form-label small mb-1" htmlFor={`${id}-type`}>
            {t('Type')}
          </label>
          <select
            id={`${id}-type`}
            className="form-select form-select-sm"
            value={field.Type}
            onChange={(event) => {
              const Type = event.target.value as FieldRow['Type'];
              onChange({
                Type,
                Target: RELATIONS.has(Type) ? (field.Target ?? targets[0]) : undefined,
                Choices: CHOICES.has(Type) ? (field.Choices ?? [{ Value: 'Yes' }]) : undefined,
              });
            }}
          >
            {COLLECTION_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(FIELD_TYPE_LABELS[type])}
              </option>
            ))}
          </select>
        </div>
        {RELATIONS.has(field.Type) && (
          <div>
            <label className="form-label small mb-1" htmlFor={`${id}-target`}>
              {t('Other side')}
            </label>
            <select
              id={`${id}-target`}
              className="form-select form-select-sm"
              value={field.Target ?? ''}
              onChange={(event) => onChange({ Target: event.target.value })}
            >
              {targets.map((target) => (
                <option key={target} value={target}>
                  {target}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="form-check studio-field-required">
          <input
            id={`${id}-required`}
            type="checkbox"
            className="form-check-input"
            checked={field.Required === true}
            disabled={field.Type === 'inverse'}
            onChange={(event) => onChange({ Required: event.target.checked })}
          />
          <label className="form-check-label small" htmlFor={`${id}-required`}>
            {t('Required')}
          </label>
        </div>
        <div className="studio-field-actions">
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={index === 0}
            aria-label={t('Move {{name}} up', { name: label })}
            onClick={() => onMove(-1)}
          >
            <i className="bi bi-arrow-up" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={index === count - 1}
            aria-label={t('Move {{name}} down', { name: label })}
            onClick={() => onMove(1)}
          >
            <i className="bi bi-arrow-down" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            aria-label={t('Remove {{name}}', { name: label })}
            onClick={onRemove}
          >
            <i className="bi bi-trash" aria-hidden="true" />
          </button>
        </div>
      </div>
      <details className="studio-field-more">
        <summary className="small">{t('More options of {{name}}', { name: label })}</summary>
        <div className="studio-field-options">
          {field.Type === 'relation' && (
            <div>
              <label className="form-label small mb-1" htmlFor={`${id}-display`}>
                {t('Shown as')}
              </label>
              <input
                id={`${id}-display`}
                className="form-control form-control-sm"
                value={field.Display ?? ''}
                placeholder="{Name} ({Code})"
                onChange={(event) => onChange({ Display: event.target.value || undefined })}
              />
            </div>
          )}
          {field.Type === 'inverse' && (
            <div>
              <label className="form-label small mb-1" htmlFor={`${id}-via`}>
                {t('Its relation field')}
              </label>
              <input
                id={`${id}-via`}
                className="form-control form-control-sm font-monospace"
                value={field.Via ?? ''}
                onChange={(event) => onChange({ Via: event.target.value || undefined })}
              />
            </div>
          )}
          {CHOICES.has(field.Type) && (
            <div className="studio-field-wide">
              <label className="form-label small mb-1" htmlFor={`${id}-choices`}>
                {t('Options, one a line (value, then a colour such as #057e38)')}
              </label>
              <textarea
                id={`${id}-choices`}
                className="form-control form-control-sm"
                rows={3}
                value={(field.Choices ?? [])
                  .map((c) => [c.Value, c.Colour].filter(Boolean).join(', '))
                  .join('\n')}
                onChange={(event) =>
                  onChange({
                    Choices: event.target.value
                      .split('\n')
                      .map((line) => line.split(',').map((part) => part.trim()))
                      .filter(([text]) => text)
                      .map(([text, colour]) => ({
                        Value: text as string,
                        ...(colour ? { Colour: colour } : {}),
                      })),
                  })
                }
              />
            </div>
          )}
          {NUMBERS.has(field.Type) && (
            <>
              <NumberOption
                id={`${id}-min`}
                label={t('Minimum')}
                value={field.Min}
                onChange={(Min) => onChange({ Min })}
              />
              <NumberOption
                id={`${id}-max`}
                label={t('Maximum')}
                value={field.Max}
                onChange={(Max) => onChange({ Max })}
              />
            </>
          )}
          {TEXTS.has(field.Type) && (
            <>
              <NumberOption
                id={`${id}-length`}
                label={t('Longest length')}
                value={field.MaxLength}
                onChange={(MaxLength) => onChange({ MaxLength })}
              />
              <div>
                <label className="form-label small mb-1" htmlFor={`${id}-pattern`}>
                  {t('Pattern')}
                </label>
                <input
                  id={`${id}-pattern`}
                  className="form-control form-control-sm font-monospace"
                  value={field.Pattern ?? ''}
                  onChange={(event) => onChange({ Pattern: event.target.value || undefined })}
                />
              </div>
            </>
          )}
          {field.Type !== 'inverse' && (
            <div>
              <label className="form-label small mb-1" htmlFor={`${id}-default`}>
                {t('Default')}
              </label>
              <input
                id={`${id}-default`}
                className="form-control form-control-sm"
                value={field.Default === undefined ? '' : String(field.Default)}
                onChange={(event) =>
                  onChange({
                    Default:
                      event.target.value === ''
                        ? undefined
                        : NUMBERS.has(field.Type)
                          ? number(event.target.value)
                          : event.target.value,
                  })
                }
              />
            </div>
          )}
          <div className="studio-field-flags">
            {(
              [
                ['Unique', t('Unique')],
                ['Searchable', t('Searchable')],
                ['ShowInList', t('Shown in lists')],
                ['Editable', t('Editable')],
              ] as const
            ).map(([key, text]) => (
              <div className="form-check form-check-inline" key={key}>
                <input
                  id={`${id}-${key}`}
                  type="checkbox"
                  className="form-check-input"
                  checked={
                    key === 'Unique' || key === 'Searchable' ? field[key] === true : field[key] !== false
                  }
                  onChange={(event) => onChange({ [key]: event.target.checked })}
                />
                <label className="form-check-label small" htmlFor={`${id}-${key}`}>
                  {text}
                </label>
              </div>
            ))}
          </div>
        </div>
      </details>
    </li>
  );
}

function NumberOption({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  return (
    <div>
      <label className="form-label small mb-1" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        className="form-control form-control-sm"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      />
    </div>
  );
}
