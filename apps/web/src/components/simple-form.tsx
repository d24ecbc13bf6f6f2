import { useTranslation } from 'react-i18next';
import { isCallFailure } from '../api/client';
import { fieldMessage, readServerFieldErrors } from '../engine/forms/server-errors';
import { FieldError } from './form-error';

// The messages under a form live apart, so that the sign-in page can show them without i18next.
export { FieldError, FormError } from './form-error';

/** One labelled input of a fixed account form (sign-up, profile, password change). */
export interface SimpleField<K extends string> {
  name: K;
  /** English text, translated here. */
  label: string;
  type?: string;
  autoComplete: string;
}

/**
 * The labelled inputs of a fixed form, each id `{idPrefix}-{name}` so its label points at it; a
 * field's message (`errors`) shows under that field and is read out when it appears.
 */
export function SimpleFields<K extends string>({
  idPrefix,
  fields,
  values,
  errors = {},
  onChange,
}: {
  idPrefix: string;
  fields: readonly SimpleField<K>[];
  values: Record<K, string>;
  /** Translated messages by field. */
  errors?: Partial<Record<K, string>>;
  onChange: (name: K, value: string) => void;
}) {
  const { t } = useTranslation();
  return fields.map((field) => {
    const id = `${idPrefix}-${field.name}`;
    const error = errors[field.name];
    return (
      <div className="mb-3" key={field.name}>
        <label htmlFor={id} className="form-label">
          {t(field.label)}
        </label>
        <input
          id={id}
          type={field.type ?? 'text'}
          className={`form-control${error ? ' is-invalid' : ''}`}
          autoComplete={field.autoComplete}
          value={values[field.name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(field.name, e.target.value)}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
    );
  });
}

/**
 * What a refused call tells a fixed form: a 400 whose description names fields (`Email: must be an
 * e-mail address`) gives each field its message, in a sentence with its label; the rest (a business
 * message, a network failure) is the form's message.
 */
export function splitFailure<K extends string>(
  failure: unknown,
  fields: readonly SimpleField<K>[],
  t: (text: string, values?: Record<string, string | number>) => string,
): { fields: Partial<Record<K, string>>; form: string } {
  if (!isCallFailure(failure)) return { fields: {}, form: t('Something went wrong') };
  if (failure.status !== 400 || !failure.description) return { fields: {}, form: t(failure.msg) };
  const read = readServerFieldErrors(
    failure.description,
    fields.map((field) => field.name),
  );
  const messages: Partial<Record<K, string>> = {};
  for (const field of fields) {
    const rule = read.fields[field.name];
    if (rule) messages[field.name] = fieldMessage(t(field.label), rule, t);
  }
  return { fields: messages, form: read.general.join('\n') };
}
