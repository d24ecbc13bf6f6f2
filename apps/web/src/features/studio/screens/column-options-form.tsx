import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { optionValue, withOptionValue } from '../../../engine/studio/screens';
import { COLUMN_OPTION_FORM, type OptionField, setOptionCount } from './column-options';

type More = Record<string, unknown> | undefined;

/**
 * A column's options by group, from the one list of options the studio edits in a form: the groups
 * as a list beside the chosen group's fields, each field with what it does and, under it, what the
 * rules say of its value.
 */
export function ColumnOptionsForm({
  field,
  more,
  fields,
  issues,
  onChange,
}: {
  field: string;
  more: More;
  /** The resource's row fields, offered where an option names one. */
  fields: readonly string[];
  /** The rules' messages by option path (`button.color`), in the user's language. */
  issues: Readonly<Record<string, string>>;
  onChange: (more: More) => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const id = useId();
  const [groupId, setGroupId] = useState(
    () => COLUMN_OPTION_FORM.find((group) => setOptionCount(group, more) > 0)?.id ?? 'confirmation',
  );
  const group = COLUMN_OPTION_FORM.find((entry) => entry.id === groupId) ?? COLUMN_OPTION_FORM[0];
  if (!group) return null;
  return (
    <div className="studio-options">
      <nav className="studio-option-groups" aria-label={t('Groups of options of {{field}}', { field })}>
        {COLUMN_OPTION_FORM.map((entry) => {
          const count = setOptionCount(entry, more);
          const wrong = entry.fields.some((option) => issues[option.path.join('.')]);
          return (
            <button
              key={entry.id}
              type="button"
              className={`btn btn-sm studio-option-group-button${entry.id === group.id ? ' active' : ''}`}
              aria-current={entry.id === group.id ? 'true' : undefined}
              onClick={() => setGroupId(entry.id)}
            >
              <span>{t(entry.label)}</span>{' '}
              {wrong ? (
                <span className="badge text-bg-danger">{t('Check')}</span>
              ) : (
                count > 0 && (
                  <span className="badge rounded-pill text-bg-secondary">
                    {count}
                    <span className="visually-hidden"> {t('set')}</span>
                  </span>
                )
              )}
            </button>
          );
        })}
      </nav>
      <fieldset className="studio-option-group">
        <legend className="h6">{t(group.label)}</legend>
        <datalist id={`${id}-fields`}>
          {fields.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <div className="studio-option-fields">
          {group.fields.map((option) => (
            <OptionInput
              key={`${group.id}:${option.path.join('.')}`}
              field={field}
              option={option}
              fieldList={`${id}-fields`}
              problem={issues[option.path.join('.')] ?? null}
              value={optionValue(more, option.path)}
              onChange={(value) => onChange(withOptionValue(more, option.path, value))}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}

export function OptionInput({
  field,
  option,
  fieldList,
  problem,
  value,
  onChange,
}: {
  field: string;
  option: OptionField;
  fieldList: string;
  problem: string | null;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const id = useId();
  const [jsonProblem, setJsonProblem] = useState<string | null>(null);
  const label = t(option.label);
  const shownProblem = jsonProblem ?? problem;
  const describedBy = `${id}-hint${shownProblem ? ` ${id}-problem` : ''}`;
  const under = (
    <>
      {shownProblem && (
        <div id={`${id}-problem`} className="invalid-feedback d-block">
          {shownProblem}
        </div>
      )}
      <div id={`${id}-hint`} className="form-text">
        {t(option.hint)}
      </div>
    </>
  );
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': shownProblem ? true : undefined,
  } as const;
  const invalid = shownProblem ? ' is-invalid' : '';
  if (option.kind === 'boolean') {
    return (
      <div className="form-check mb-2">
        <input
          {...common}
          className={`form-check-input${invalid}`}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked ? true : undefined)}
        />
        <label className="form-check-label" htmlFor={id}>
          {label}
          <span className="visually-hidden"> ({field})</span>
        </label>
        {under}
      </div>
    );
  }
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  let control: ReactNode;
  switch (option.kind) {
    case 'textarea':
      control = (
        <textarea
          {...common}
          className={`form-control form-control-sm${invalid}`}
          rows={2}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
      break;
    case 'yesNo':
      control = (
        <select
          {...common}
          className={`form-select form-select-sm${invalid}`}
          value={value === true ? 'yes' : value === false ? 'no' : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value === 'yes')}
        >
          <option value="">{t('Not set')}</option>
          <option value="yes">{t('Yes')}</option>
          <option value="no">{t('No')}</option>
        </select>
      );
      break;
    case 'choice':
      control = (
        <select
          {...common}
          className={`form-select form-select-sm${invalid}`}
          value={text}
          onChange={(event) => onChange(event.target.value || undefined)}
        >
          <option value="">{t('Not set')}</option>
          {(option.choices ?? []).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      );
      break;
    case 'number':
      control = (
        <input
          {...common}
          type="number"
          className={`form-control form-control-sm${invalid}`}
          value={text}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        />
      );
      break;
    case 'colour':
      control = (
        <div className="input-group input-group-sm">
          <input
            type="color"
            className="form-control form-control-color"
            aria-label={t('Pick {{label}}', { label })}
            value={/^#[0-9a-f]{6}$/i.test(text) ? text : '#0d6efd'}
            onChange={(event) => onChange(event.target.value)}
          />
          <input
            {...common}
            className={`form-control font-monospace${invalid}`}
            value={text}
            placeholder="#057e38 / success"
            onChange={(event) => onChange(event.target.value.trim())}
          />
        </div>
      );
      break;
    case 'json':
      control = (
        <JsonOptionText
          common={common}
          invalid={invalid}
          value={value}
          onProblem={setJsonProblem}
          onChange={onChange}
        />
      );
      break;
    default:
      control = (
        <input
          {...common}
          className={`form-control form-control-sm${option.kind === 'text' ? '' : ' font-monospace'}${invalid}`}
          value={text}
          list={option.kind === 'field' ? fieldList : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
  return (
    <div className="mb-2">
      <label className="form-label small mb-1" htmlFor={id}>
        {label}
        <span className="visually-hidden"> ({field})</span>
      </label>
      {control}
      {under}
    </div>
  );
}

/** An option whose value is a JSON object: typed as text, given to the column only once it is one. */
function JsonOptionText({
  common,
  invalid,
  value,
  onProblem,
  onChange,
}: {
  common: Record<string, unknown>;
  invalid: string;
  value: unknown;
  onProblem: (problem: string | null) => void;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const [text, setText] = useState(() => (value === undefined ? '' : JSON.stringify(value)));
  return (
    <textarea
      {...common}
      className={`form-control form-control-sm font-monospace${invalid}`}
      rows={2}
      value={text}
      spellCheck={false}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        if (typed.trim() === '') {
          onProblem(null);
          return onChange(undefined);
        }
        try {
          const parsed: unknown = JSON.parse(typed);
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
            onProblem(t('Write a JSON object, in braces: {"key": "value"}.'));
            return;
          }
          onProblem(null);
          onChange(parsed);
        } catch {
          onProblem(t('This is not JSON: check the quotes, commas and braces.'));
        }
      }}
    />
  );
}
