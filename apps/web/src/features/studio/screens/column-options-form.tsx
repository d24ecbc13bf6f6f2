import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { optionValue, withOptionValue } from '../../../engine/studio/screens';
import { COLUMN_OPTION_FORM, type OptionField } from './column-options';

type More = Record<string, unknown> | undefined;

/** A column's options by group, from the one list of options the studio edits in a form. */
export function ColumnOptionsForm({
  field,
  more,
  onChange,
}: {
  field: string;
  more: More;
  onChange: (more: More) => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  return (
    <div className="studio-options">
      {COLUMN_OPTION_FORM.map((group) => (
        <fieldset key={group.id} className="studio-option-group">
          <legend className="h6">{t(group.label)}</legend>
          {group.fields.map((option) => (
            <OptionInput
              key={option.path.join('.')}
              field={field}
              option={option}
              value={optionValue(more, option.path)}
              onChange={(value) => onChange(withOptionValue(more, option.path, value))}
            />
          ))}
        </fieldset>
      ))}
      <p className="form-text mb-0">{t('Every other option is edited in the JSON view.')}</p>
    </div>
  );
}

function OptionInput({
  field,
  option,
  value,
  onChange,
}: {
  field: string;
  option: OptionField;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const id = useId();
  const label = t(option.label);
  const hint = option.hint ? <div className="form-text">{t(option.hint)}</div> : null;
  if (option.kind === 'boolean') {
    return (
      <div className="form-check mb-2">
        <input
          id={id}
          className="form-check-input"
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label className="form-check-label" htmlFor={id}>
          {label}
        </label>
      </div>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <div className="mb-2">
      <label className="form-label small mb-1" htmlFor={id}>
        {label}
        <span className="visually-hidden"> ({field})</span>
      </label>
      {option.kind === 'textarea' ? (
        <textarea
          id={id}
          className="form-control form-control-sm"
          rows={2}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : option.kind === 'colour' ? (
        <div className="input-group input-group-sm">
          <input
            type="color"
            className="form-control form-control-color"
            aria-label={t('Pick {{label}}', { label })}
            value={/^#[0-9a-f]{6}$/i.test(text) ? text : '#0d6efd'}
            onChange={(event) => onChange(event.target.value)}
          />
          <input
            id={id}
            className="form-control font-monospace"
            value={text}
            placeholder="#057e38 / success"
            onChange={(event) => onChange(event.target.value.trim())}
          />
        </div>
      ) : (
        <input
          id={id}
          className="form-control form-control-sm"
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint}
    </div>
  );
}
