import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { isCallFailure } from '../../api/client';
import { runPlannedCall } from '../../api/screen-data';
import {
  applyAfterChangeData,
  buildAfterChangeCall,
  buildFormSubmitBody,
  buildFormSubmitCall,
  changedFields,
  clearInvalidOnChange,
  controlOptions,
  type FormScreenConfig,
  type FormValues,
  fieldMessage,
  initialFormValues,
  isControlDisabled,
  isControlShown,
  REQUIRED_FIELDS_WARNING,
  readServerFieldErrors,
  shouldCloseModalAfterSubmit,
  validateRequiredFields,
} from '../../engine/forms';
import { isEmptyValue, readText } from '../../engine/values';
import { DATA_TEXT } from '../../i18n';
import { controlFor } from '../form-controls';
import { useModalControls } from '../modal-host/modal-context';
import { useUnsavedChanges } from '../use-unsaved-changes';
import { FormField } from './form-field';

/** The body of a form's submit: `{DefaultValues, DataForm}`. */
export type FormSubmitBody = ReturnType<typeof buildFormSubmitBody>;

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
  /**
   * Sends the body instead of the configured call (the table's AddNew). Resolves with the answer's
   * data when saved; rejects with the call's failure, or the message to show.
   */
  send?: (body: FormSubmitBody) => Promise<unknown>;
  /** A Cancel button in place of Reset (a form in a dialog); it asks first when changes would be lost. */
  onCancel?: () => void;
  /** After a save that does not close the dialog, the form starts again from its first values. */
  clearAfterSubmit?: boolean;
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
  /** The values last saved (or the first ones): what the form's changes are measured against. */
  const [savedValues, setSavedValues] = useState<FormValues>(startValues);
  /** Fields whose text is no value of their type, with the control's message. */
  const [problems, setProblems] = useState<Record<string, string>>({});
  /** Fields the user has left, or all once a submit was tried: their problems show. */
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [tried, setTried] = useState(false);
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
    setLeft((fields) => (fields.has(fieldName) ? fields : new Set([...fields, fieldName])));
    if (!pending.current.delete(fieldName)) return;
    if (problems[fieldName]) return;
    void afterChange(fieldName);
  };

  const reportProblem = (fieldName: string, message: string | undefined) =>
    setProblems((current) => {
      if (current[fieldName] === message) return current;
      const { [fieldName]: _old, ...rest } = current;
      return message === undefined ? rest : { ...rest, [fieldName]: message };
    });

  // Changes not yet saved: a dialog around the form and leaving the page ask before losing them.
  useUnsavedChanges(changedFields(savedValues, values).length > 0);

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
    const wrong = controls
      .filter((control) => isControlShown(control, current) && problems[control.fieldName])
      .map((control) => control.fieldName);
    if (wrong.length > 0) {
      setTried(true);
      toast.error(t('Please correct the marked fields.'));
      focusField(wrong[0] ?? '');
      return;
    }
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
    const showRefusal = (description: string) => {
      const read = readServerFieldErrors(
        description,
        controls.map((c) => c.fieldName),
      );
      setServerErrors(read.fields);
      setGeneral(read.general);
      const firstField = Object.keys(read.fields)[0];
      toast.error(firstField ? t('Please correct the marked fields.') : translate(description));
      if (firstField) focusField(firstField);
    };
    try {
      let data: unknown;
      if (props.send) {
        data = await props.send(buildFormSubmitBody(current, context.defaultValues));
      } else {
        const plan = buildFormSubmitCall(config, current, context);
        const envelope = await runPlannedCall(plan, { hideError: true });
        toast.success(envelope.Msg ? translate(envelope.Msg) : t('Saved'));
        data = envelope.Data;
      }
      setServerErrors({});
      setSavedValues(current);
      props.onSubmitted?.(data);
      if (shouldCloseModalAfterSubmit(config, true)) modal?.close(data);
      else if (props.clearAfterSubmit) reset();
    } catch (failure) {
      if (typeof failure === 'string') {
        showRefusal(failure);
      } else if (!isCallFailure(failure)) {
        toast.error(t('Something went wrong'));
      } else if (failure.status === 400 && failure.description) {
        showRefusal(failure.description);
      } else if (failure.code === 2) {
        toast.error(translate(failure.msg));
      }
    } finally {
      setBusy(false);
    }
  };

  /** Back to the first values, every mark cleared (Reset, and after a save with `clearAfterSubmit`). */
  const reset = () => {
    pending.current.clear();
    setValues(() => startValues);
    setSavedValues(startValues);
    setProblems({});
    setLeft(new Set());
    setTried(false);
    setInvalid([]);
    setRequiredMessages({});
    setServerErrors({});
    setGeneral([]);
  };

  const submitButton = (
    <button type="submit" className="btn btn-primary" disabled={busy}>
      {busy && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
      {config.submitText ? translate(config.submitText) : t('Save')}
    </button>
  );

  return (
    <form ref={formRef} className="config-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
      {controls
        .filter((control) => isControlShown(control, values))
        .map((control) => {
          const fieldName = control.fieldName;
          const problem = tried || left.has(fieldName) ? problems[fieldName] : undefined;
          const label = translate(control.label ?? fieldName);
          const serverRule = serverErrors[fieldName];
          const message =
            problem ??
            (serverRule === undefined ? undefined : fieldMessage(label, serverRule, t)) ??
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
              label={label}
              placeholder={placeholder ? translate(placeholder) : undefined}
              disabled={busy || isControlDisabled(control)}
              message={message}
              loading={loading.includes(fieldName)}
              onChange={(value) => change(fieldName, value)}
              onCommit={() => commit(fieldName)}
              reportProblem={(text) => reportProblem(fieldName, text)}
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
      {props.onCancel ? (
        <div className="d-flex justify-content-end gap-2 mt-3">
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={busy}
            onClick={props.onCancel}
          >
            {t('Cancel')}
          </button>
          {submitButton}
        </div>
      ) : (
        <div className="d-flex gap-2">
          {submitButton}
          <button type="button" className="btn btn-outline-secondary" disabled={busy} onClick={reset}>
            {config.resetText ? translate(config.resetText) : t('Reset')}
          </button>
        </div>
      )}
      {config.showValues && (
        <section className="mt-4" aria-labelledby={`${props.idPrefix}-values`}>
          <h2 className="h6" id={`${props.idPrefix}-values`}>
            {t('Current values')}
          </h2>
          <pre className="bg-body-tertiary p-2 rounded small" data-testid="form-values" {...DATA_TEXT}>
            {JSON.stringify(shownValues(controls, values), null, 2)}
          </pre>
        </section>
      )}
    </form>
  );
}
