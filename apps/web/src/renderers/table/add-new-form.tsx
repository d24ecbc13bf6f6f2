import type { OptionItem } from '@panelwright/contract';
import { EMPTY_OPTION_VALUE } from '@panelwright/contract/constants';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from 'react-toastify';
import type { Translate } from '../../cells';
import { DatePicker } from '../../components/date-picker/date-picker';
import { useModalControls } from '../../components/modal-host/modal-context';
import { NumberInput } from '../../components/number-input/number-input';
import { PhotoUpload } from '../../components/photo-upload/photo-upload';
import { isoToPickerText, joinMultiSelect, pickerTextToIso } from '../../engine/formats';
import {
  buildFormSubmitBody,
  clearInvalidOnChange,
  controlValueList,
  type FormControl,
  type FormValues,
  initialFormValues,
  isControlDisabled,
  isControlShown,
  shouldCloseModalAfterSubmit,
  validateRequiredFields,
} from '../../engine/forms';
import { isTruthyFlag, parseJsonText, valueText } from '../../engine/values';

type ControlProps = {
  id: string;
  control: FormControl;
  value: unknown;
  invalid: boolean;
  disabled: boolean;
  options: readonly OptionItem[];
  t: Translate;
  onChange(value: unknown): void;
};

const inputClass = (invalid: boolean, base = 'form-control') => `${base}${invalid ? ' is-invalid' : ''}`;

/** Dates with the product's pickers (d/m/Y, d/m/Y H:i); a date-time is kept with its zone. */
function DateControl({ id, value, invalid, disabled, onChange, control }: ControlProps) {
  const withTime = control.type === 'datetime';
  const kind = withTime ? 'datetime' : 'date';
  return (
    <DatePicker
      id={id}
      className={inputClass(invalid)}
      enableTime={withTime}
      defaultText={isoToPickerText(valueText(value), kind)}
      placeholder={withTime ? 'dd/mm/yyyy hh:mm' : 'dd/mm/yyyy'}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      onPick={(dates) => {
        const [date] = dates;
        if (!date) return onChange(null);
        const pad = (n: number) => String(n).padStart(2, '0');
        onChange(
          withTime
            ? date.toISOString()
            : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
        );
      }}
      onBlur={(event) => {
        const text = event.currentTarget.value;
        const iso = pickerTextToIso(text, kind);
        if (text.trim() === '') onChange(null);
        else if (iso) onChange(withTime ? new Date(iso).toISOString() : iso);
      }}
    />
  );
}

function TextControl({ id, value, invalid, disabled, onChange, control }: ControlProps) {
  const type = { password: 'password', time: 'time' }[control.type ?? ''];
  return (
    <input
      id={id}
      type={type ?? 'text'}
      className={inputClass(invalid)}
      value={valueText(value)}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function TextareaControl({ id, value, invalid, disabled, onChange }: ControlProps) {
  return (
    <textarea
      id={id}
      rows={3}
      className={inputClass(invalid)}
      value={
        typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value)
      }
      disabled={disabled}
      aria-invalid={invalid || undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

const numberOption = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** The number input rules; `more.min`, `more.max`, `more.allowDecimal` and `more.allowNegative` apply. */
function NumberControl({ id, value, invalid, disabled, onChange, control }: ControlProps) {
  const more = control.more ?? {};
  return (
    <NumberInput
      id={id}
      min={numberOption(more.min)}
      max={numberOption(more.max)}
      allowDecimal={more.allowDecimal !== false}
      allowNegative={more.allowNegative !== false}
      className={inputClass(invalid)}
      value={value as number | null}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      onValueChange={(_text, number) => onChange(number)}
    />
  );
}

function SelectControl({ id, value, invalid, disabled, onChange, options, t }: ControlProps) {
  return (
    <select
      id={id}
      className={inputClass(invalid, 'form-select')}
      value={valueText(value) || EMPTY_OPTION_VALUE}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      onChange={(event) => {
        const picked = options.find((option) => valueText(option.Value) === event.target.value);
        onChange(picked ? picked.Value : null);
      }}
    >
      <option value={EMPTY_OPTION_VALUE}>{t('(none)')}</option>
      {options.map((option) => (
        <option key={valueText(option.Value)} value={valueText(option.Value)}>
          {t(option.Text)}
        </option>
      ))}
    </select>
  );
}

function MultiSelectControl({ id, control, value, disabled, onChange, options, t }: ControlProps) {
  const picked = new Set(controlValueList(control, value));
  return (
    <div id={id}>
      {options.map((option, index) => {
        const item = valueText(option.Value);
        return (
          <div key={item} className="form-check form-check-inline">
            <input
              id={`${id}-${index}`}
              type="checkbox"
              className="form-check-input"
              checked={picked.has(item)}
              disabled={disabled}
              onChange={() => {
                const next = new Set(picked);
                if (next.has(item)) next.delete(item);
                else next.add(item);
                onChange(
                  joinMultiSelect(
                    options.map((o) => valueText(o.Value)).filter((o) => next.has(o)),
                    control.separator,
                  ),
                );
              }}
            />
            <label className="form-check-label" htmlFor={`${id}-${index}`}>
              {t(option.Text)}
            </label>
          </div>
        );
      })}
    </div>
  );
}

function CheckControl({ id, value, disabled, onChange, control }: ControlProps) {
  return (
    <div className={control.type === 'switch' ? 'form-check form-switch' : 'form-check'}>
      <input
        id={id}
        type="checkbox"
        role={control.type === 'switch' ? 'switch' : undefined}
        className="form-check-input"
        checked={isTruthyFlag(value)}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}

function ColorControl({ id, value, disabled, onChange }: ControlProps) {
  return (
    <input
      id={id}
      type="color"
      className="form-control form-control-color"
      value={valueText(value) || '#000000'}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function PhotoControl({ value, disabled, onChange, control, t }: ControlProps) {
  return (
    <div className="d-flex align-items-center gap-2">
      {valueText(value) && <img src={valueText(value)} alt="" style={{ maxHeight: 48, maxWidth: 48 }} />}
      <PhotoUpload
        label={t('Upload a photo for {{field}}', { field: t(control.label ?? control.fieldName) })}
        onUploaded={onChange}
        disabled={disabled}
      />
    </div>
  );
}

/** One control per form-control type of screen-config.md; anything else is a text input. */
const CONTROLS: Record<string, (props: ControlProps) => ReactNode> = {
  text: TextControl,
  password: TextControl,
  date: DateControl,
  time: TextControl,
  datetime: DateControl,
  textarea: TextareaControl,
  tag: TextareaControl,
  richtext: TextareaControl,
  json: TextareaControl,
  number: NumberControl,
  money: NumberControl,
  select: SelectControl,
  radio: SelectControl,
  multiselect: MultiSelectControl,
  checkbox: CheckControl,
  switch: CheckControl,
  color: ColorControl,
  photo: PhotoControl,
  file: PhotoControl,
};

/** The values sent: JSON controls parsed, everything else as entered. */
function submittedValues(controls: readonly FormControl[], values: FormValues): FormValues {
  const sent: FormValues = { ...values };
  for (const control of controls) {
    if (control.type === 'json' && typeof sent[control.fieldName] === 'string') {
      const parsed = parseJsonText(sent[control.fieldName] as string);
      if (parsed !== undefined) sent[control.fieldName] = parsed;
    }
  }
  return sent;
}

/**
 * The AddNew form of `ScreenConfig.AddNew.controls`: a simple form (the full form engine is the
 * `myform` renderer). Required fields follow part 2 section 5; the body is `{DefaultValues, DataForm}`.
 */
export function AddNewForm({
  controls,
  options,
  t,
  submit,
  closeAfterSubmit,
}: {
  controls: FormControl[];
  options: Record<string, OptionItem[]>;
  t: Translate;
  /** Sends the body; resolves when saved, rejects with the message to show otherwise. */
  submit(body: { DefaultValues: Record<string, unknown>; DataForm: FormValues }): Promise<void>;
  /** `AddNew.closeMyModalAfterSubmit`: the modal closes once saved. */
  closeAfterSubmit: boolean;
}) {
  const modal = useModalControls();
  const close = () => modal?.close(undefined);
  const formId = useId();
  const [values, setValues] = useState<FormValues>(() => initialFormValues(controls));
  const [invalid, setInvalid] = useState<string[]>([]);
  const [messages, setMessages] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const change = (field: string, value: unknown) => {
    setValues((current) => ({ ...current, [field]: value }));
    setInvalid((current) => clearInvalidOnChange(current, field, value));
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = validateRequiredFields(controls, values);
    setInvalid(validation.invalidFields);
    setMessages(validation.messages);
    if (!validation.valid) {
      if (validation.warning) toast.warning(t(validation.warning));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await submit(buildFormSubmitBody(submittedValues(controls, values)));
      if (shouldCloseModalAfterSubmit({ closeMyModalAfterSubmit: closeAfterSubmit }, true))
        modal?.close(true);
      else setValues(initialFormValues(controls));
    } catch (error) {
      setProblem(typeof error === 'string' ? error : t('Error from server'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      {controls
        .filter((control) => isControlShown(control, values))
        .map((control) => {
          const Control = CONTROLS[control.type ?? 'text'] ?? TextControl;
          const id = `${formId}-${control.fieldName}`;
          const bad = invalid.includes(control.fieldName);
          return (
            <div key={control.fieldName} className="mb-2">
              <label className="form-label mb-1" htmlFor={id}>
                {t(control.label ?? control.fieldName)}
                {control.required && (
                  <span className="text-danger" aria-hidden="true">
                    {' '}
                    *
                  </span>
                )}
              </label>
              <Control
                id={id}
                control={control}
                value={values[control.fieldName]}
                invalid={bad}
                disabled={isControlDisabled(control, busy)}
                options={control.optionKey ? (options[control.optionKey] ?? []) : []}
                t={t}
                onChange={(value) => change(control.fieldName, value)}
              />
              {bad && (
                <div className="invalid-feedback d-block">
                  {t(messages[control.fieldName] ?? 'This field is required.')}
                </div>
              )}
            </div>
          );
        })}
      {problem && (
        <div className="alert alert-danger py-2" role="alert">
          {t(problem)}
        </div>
      )}
      <div className="d-flex justify-content-end gap-2 mt-3">
        <button type="button" className="btn btn-outline-secondary" onClick={close} disabled={busy}>
          {t('Cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
          {t('Save')}
        </button>
      </div>
    </form>
  );
}
