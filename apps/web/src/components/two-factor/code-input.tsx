import { useTranslation } from 'react-i18next';

/** A six-digit code field: numeric keyboard, one-time-code autofill, digits only. */
export function CodeInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {t('Code')}
      </label>
      <input
        id={id}
        className="form-control form-control-lg text-center font-monospace"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="\d{6}"
        // biome-ignore lint/a11y/noAutofocus: the step exists to type the code
        autoFocus
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      />
    </div>
  );
}

export const isSixDigits = (code: string) => /^\d{6}$/.test(code);
