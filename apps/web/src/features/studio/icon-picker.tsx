import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How many icons the picker shows at once: the search narrows the rest. */
const SHOWN_ICONS = 96;

/** The names of every icon of the product's icon font (Bootstrap Icons), as `bi-…` classes. */
async function loadIconNames(): Promise<string[]> {
  const names = (await import('bootstrap-icons/font/bootstrap-icons.json')).default as Record<string, number>;
  return Object.keys(names).map((name) => `bi-${name}`);
}

/**
 * A searchable choice of icon: the icons of the product's icon font as radio buttons (one tab stop,
 * arrow keys move between them), "No icon" first, the chosen one kept in view.
 */
export function IconPicker({ value, onChange }: { value: string; onChange: (icon: string) => void }) {
  const { t } = useTranslation(['studio', 'common']);
  const searchId = useId();
  const name = useId();
  const [search, setSearch] = useState('');
  const icons = useQuery({ queryKey: ['studio', 'icons'], queryFn: loadIconNames, staleTime: Infinity });
  const matching = useMemo(() => {
    const needle = search.trim().toLowerCase().replace(/^bi-/, '');
    const all = icons.data ?? [];
    const found = needle ? all.filter((icon) => icon.slice(3).includes(needle)) : all;
    const shown = found.slice(0, SHOWN_ICONS);
    // The chosen icon stays choosable whatever the search shows.
    if (value && !shown.includes(value)) shown.unshift(value);
    return { shown, total: found.length };
  }, [icons.data, search, value]);

  return (
    <fieldset className="studio-icon-picker">
      <legend className="form-label fs-6 mb-1">{t('Icon')}</legend>
      <div className="d-flex align-items-center gap-2 mb-2">
        <span className="studio-icon-preview" aria-hidden="true">
          {value ? <i className={`bi ${value}`} /> : <i className="bi bi-slash-circle text-secondary" />}
        </span>
        <label className="visually-hidden" htmlFor={searchId}>
          {t('Search icons')}
        </label>
        <input
          id={searchId}
          type="search"
          className="form-control form-control-sm"
          placeholder={t('Search icons')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {icons.isPending ? (
        <div
          className="spinner-border spinner-border-sm text-primary"
          role="status"
          aria-label={t('Loading')}
        />
      ) : (
        <div className="studio-icon-grid">
          <label className="studio-icon-tile studio-icon-none" title={t('No icon')}>
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value=""
              checked={value === ''}
              onChange={() => onChange('')}
            />
            <i className="bi bi-slash-circle" aria-hidden="true" />
            <span className="visually-hidden">{t('No icon')}</span>
          </label>
          {matching.shown.map((icon) => (
            <label key={icon} className="studio-icon-tile" title={icon.slice(3)}>
              <input
                type="radio"
                className="visually-hidden"
                name={name}
                value={icon}
                checked={value === icon}
                onChange={() => onChange(icon)}
              />
              <i className={`bi ${icon}`} aria-hidden="true" />
              <span className="visually-hidden">{icon.slice(3)}</span>
            </label>
          ))}
        </div>
      )}
      <p className="form-text mb-0" aria-live="polite">
        {matching.total === 0
          ? t('No icon matches “{{search}}”.', { search })
          : matching.total > SHOWN_ICONS
            ? t('{{shown}} of {{count}} icons; search to narrow them.', {
                shown: SHOWN_ICONS,
                count: matching.total,
              })
            : t('{{count}} icons', { count: matching.total })}
      </p>
    </fieldset>
  );
}
