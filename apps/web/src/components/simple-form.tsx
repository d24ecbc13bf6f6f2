import { useTranslation } from 'react-i18next';

/** One labelled input of a fixed account form (sign-up, profile, password change). */
export interface SimpleField<K extends string> {
  name: K;
  /** English text, translated here. */
  label: string;
  type?: string;
  autoComplete: string;
}

/** The labelled inputs of a fixed form, each id `{idPrefix}-{name}` so its label points at it. */
export function SimpleFields<K extends string>({
  idPrefix,
  fields,
  values,
  onChange,
}: {
  idPrefix: string;
  fields: readonly SimpleField<K>[];
  values: Record<K, string>;
  onChange: (name: K, value: string) => void;
}) {
  const { t } = useTranslation();
  return fields.map((field) => (
    <div className="mb-3" key={field.name}>
      <label htmlFor={`${idPrefix}-${field.name}`} className="form-label">
        {t(field.label)}
      </label>
      <input
        id={`${idPrefix}-${field.name}`}
        type={field.type ?? 'text'}
        className="form-control"
        autoComplete={field.autoComplete}
        value={values[field.name]}
        onChange={(e) => onChange(field.name, e.target.value)}
      />
    </div>
  ));
}

/** The server's or the form's own error under a form, read out when it appears. */
export function FormError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <div className="text-danger mt-3 small" role="alert" style={{ whiteSpace: 'pre-line' }}>
      {message}
    </div>
  );
}
