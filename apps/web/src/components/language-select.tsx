import { useTexts } from '../texts';

/** The names languages are offered by, each in its own language. */
const LANGUAGE_NAMES: Record<string, string> = { en: 'English', vn: 'Tiếng Việt' };

/** A language picker over the server's language list; what a choice does is the caller's. */
export function LanguageSelect({
  languages,
  onChange,
  className = '',
}: {
  languages: { Value: string }[];
  onChange: (code: string) => void;
  className?: string;
}) {
  const { t, language: current } = useTexts();
  return (
    <select
      className={`form-select form-select-sm w-auto ${className}`}
      aria-label={t('Language')}
      value={current}
      onChange={(e) => onChange(e.target.value)}
    >
      {languages.map((language) => (
        <option key={language.Value} value={language.Value} lang={language.Value === 'vn' ? 'vi' : 'en'}>
          {LANGUAGE_NAMES[language.Value] ?? language.Value}
        </option>
      ))}
    </select>
  );
}
