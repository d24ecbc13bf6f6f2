import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { isCallFailure } from '../../api/client';
import { runPlannedCall } from '../../api/screen-data';
import {
  applyAfterChangeData,
  buildAfterChangeCall,
  buildFormSubmitCall,
  clearInvalidOnChange,
  controlOptions,
  type FormScreenConfig,
  type FormValues,
  initialFormValues,
  isControlDisabled,
  isControlShown,
  REQUIRED_FIELDS_WARNING,
  readServerFieldErrors,
  shouldCloseModalAfterSubmit,
  validateRequiredFields,
} from '../../engine/forms';
import { isEmptyValue, readText } from '../../engine/values';
import { controlFor } from '../form-controls';
import { useModalControls } from '../modal-host/modal-context';
import { FormField } from './form-field';

/** The values as the form shows them (the controls demo): passwords stay hidden. */
function shownValues(
  controls: readonly { fieldName: string; type?: string }[],
  values: FormValues,
): FormValues {
  const secret = new Set(controls.filter((c) => c.type === 'password').map((c) => c.fieldName));
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [
      field,
      secret.has(field) && !isEmptyValue(value) ? '••••••' : value,
    ]),
  );
}

export type ConfigFormProps = {
  config: FormScreenConfig;
  /** The screen's APIName: the default path of the form's calls. */
  apiName: string;
  /** The values to start from (a record being edited). */
  initialValues?: FormValues;
  /** The screen's RequestData, merged into `DefaultValues` of every call. */
  requestData?: Record<string, unknown>;
  /** Option lists besides the form's own (an Options answer's `{Key}List`). */
  optionLists?: Record<string, unknown>;
  /** Translates the configuration's texts (labels, options), the screen's namespace first. */
  translate: (text: string) => string;
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix: string;
  onSubmitted?: (data: unknown) => void;
};

/**
 * The form engine over a form configuration: every control type through the control registry,
 * show and hide conditions over the current values, required fields checked on submit (nothing sent,
 * a warning toast), submit `{DefaultValues, DataForm}` to the configured call, after-change calls
 * whose `Data` updates the form, the server's field errors on their fields, and Save and Reset.
 */
export function ConfigForm(props: ConfigFormProps) {
  const { t } = useTranslation(['forms', 'common']);
  const { config, translate } = props;
  const controls = config.controls ?? [];
  const modal = useModalControls();
  const startValues = useMemo(
    () => initialFormValues(controls, props.initialValues),
    [controls, props.initialValues],
  );
  const [values, setValuesState] = useState<FormValues>(startValues);
  const valuesRef = useRef(values);
  const setValues = useCallback((update: (current: FormValues) => FormValues) => {
    valuesRef.current = update(valuesRef.current);
    setValuesState(valuesRef.current);
  }, []);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [requiredMessages, setRequiredMessages] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [loading, setLoading] = useState<string[]>([]);
  /** Typed fields changed since their last after-change call. */
  const pending = useRef(new Set<string>());
  const formRef = useRef<HTMLFormElement>(null);

  const context = useMemo(
    () => ({
      screenApiName: props.apiName,
      defaultValues: { ...props.requestData, ...config.defaultValues },
    }),
    [props.apiName, props.requestData, config.defaultValues],
  );
  const lists = useMemo(
    () => ({ ...props.optionLists, ...config.options }),
    [props.optionLists, config.options],
  );

  const afterChange = useCallback(
    async (fieldName: string) => {
      const plan = buildAfterChangeCall(config, fieldName, valuesRef.current, context);
      if (!plan) return;
      setLoading((list) => [...list, fieldName]);
      try {
        const envelope = await runPlannedCall(plan);
        const changes = envelope.Data;
        setValues((current) => applyAfterChangeData(current, changes));
        if (changes && typeof changes === 'object') {
          const filled = Object.entries(changes as Record<string, unknown>)
            .filter(([, value]) => !isEmptyValue(value))
            .map(([field]) => field);
          setInvalid((list) => list.filter((field) => !filled.includes(field)));
        }
      } catch {
        // The API client has shown why.
      } finally {
        setLoading((list) => list.filter((field) => field !== fieldName));
      }
    },
    [config, context, setValues],
  );

  const change = (fieldName: string, value: unknown) => {
    setValues((current) => ({ ...current, [fieldName]: value }));
    setInvalid((list) => clearInvalidOnChange(list, fieldName, value));
    setServerErrors((errors) => {
      if (!(fieldName in errors)) return errors;
      const { [fieldName]: _gone, ...rest } = errors;
      return rest;
    });
    const control = controls.find((c) => c.fieldName === fieldName);
    if (controlFor(control?.type).typed) pending.current.add(fieldName);
    else void afterChange(fieldName);
  };

  const commit = (fieldName: string) => {
    if (!pending.current.delete(fieldName)) return;
    void afterChange(fieldName);
  };

  const focusField = (fieldName: string) => {
    requestAnimationFrame(() => {
      const field = [...(formRef.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [])].find(
        (element) => element.dataset.field === fieldName,
      );
      field?.querySelector<HTMLElement>('input, select, textarea, [contenteditable="true"]')?.focus();
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const current = valuesRef.current;
    const validation = validateRequiredFields(controls, current);
    if (!validation.valid) {
      setInvalid(validation.invalidFields);
      setRequiredMessages(validation.messages);
      toast.warning(t(validation.warning ?? REQUIRED_FIELDS_WARNING));
      const first = validation.invalidFields[0];
      if (first) focusField(first);
      return;
    }
    setBusy(true);
    setGeneral([]);
    try {
      const plan = buildFormSubmitCall(config, current, context);
      const envelope = await runPlannedCall(plan, { hideError: true });
      setServerErrors({});
      toast.success(envelope.Msg ? translate(envelope.Msg) : t('Saved'));
      props.onSubmitted?.(envelope.Data);
      if (shouldCloseModalAfterSubmit(config, true)) modal?.close(envelope.Data);
    } catch (failure) {
      if (!isCallFailure(failure)) {
        toast.error(t('Something went wrong'));
      } else if (failure.status === 400 && failure.description) {
        const read = readServerFieldErrors(
          failure.description,
          controls.map((c) => c.fieldName),
        );
        setServerErrors(read.fields);
        setGeneral(read.general);
        const firstField = Object.keys(read.fields)[0];
        toast.error(firstField ? t('Please correct the marked fields.') : failure.description);
        if (firstField) focusField(firstField);
      } else if (failure.code === 2) {
        toast.error(translate(failure.msg));
      }
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    pending.current.clear();
    setValues(() => startValues);
    setInvalid([]);
    setRequiredMessages({});
    setServerErrors({});
    setGeneral([]);
  };

  return (
    <form ref={formRef} className="config-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
      {controls
        .filter((control) => isControlShown(control, values))
        .map((control) => {
          const fieldName = control.fieldName;
          const message =
            serverErrors[fieldName] ??
            (invalid.includes(fieldName)
              ? translate(requiredMessages[fieldName] ?? t('This field is required.'))
              : undefined);
          const placeholder = readText(control.more?.placeHolder);
          return (
            <FormField
              key={fieldName}
              id={`${props.idPrefix}-${fieldName}`}
              control={control}
              value={values[fieldName]}
              options={controlOptions(control, lists)}
              label={translate(control.label ?? fieldName)}
              placeholder={placeholder ? translate(placeholder) : undefined}
              disabled={busy || isControlDisabled(control)}
              message={message}
              loading={loading.includes(fieldName)}
              onChange={(value) => change(fieldName, value)}
              onCommit={() => commit(fieldName)}
            />
          );
        })}
      {general.length > 0 && (
        <div className="alert alert-danger py-2" role="alert">
          {general.map((text) => (
            <div key={text}>{text}</div>
          ))}
        </div>
      )}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
          {config.submitText ? translate(config.submitText) : t('Save')}
        </button>
        <button type="button" className="btn btn-outline-secondary" disabled={busy} onClick={reset}>
          {config.resetText ? translate(config.resetText) : t('Reset')}
        </button>
      </div>
      {config.showValues && (
        <section className="mt-4" aria-labelledby={`${props.idPrefix}-values`}>
          <h2 className="h6" id={`${props.idPrefix}-values`}>
            {t('Current values')}
          </h2>
          <pre className="bg-body-tertiary p-2 rounded small" data-testid="form-values">
            {JSON.stringify(shownValues(controls, values), null, 2)}
          </pre>
        </section>
      )}
    </form>
  );
}
