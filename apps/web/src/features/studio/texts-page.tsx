import { safeParseForPeople, translationTextSchema } from '@panelwright/contract/config-items';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { isCallFailure } from '../../api/client';
import { fetchShippedTexts } from '../../api/translations';
import { issueWords } from '../../engine/config-issues';
import { filterTexts, pageOf, type TextLanguage, type TextRow, textRows } from '../../engine/texts';
import { DATA_TEXT } from '../../i18n';
import { useStudioDraft } from './draft';
import { DraftReady } from './draft-ready';

const PAGE_SIZE = 50;
const LANGUAGES: readonly { code: TextLanguage; label: string }[] = [
  { code: 'vn', label: 'Tiếng Việt' },
  { code: 'en', label: 'English' },
];

const rowId = (row: TextRow) => `${row.namespace}\u0000${row.key}`;

/** /studio/texts: the product's texts by language and namespace, the shipped and the configured one. */
export function TextsPage() {
  return (
    <DraftReady>
      <TextsEditor />
    </DraftReady>
  );
}

function TextsEditor() {
  const { t } = useTranslation(['studio', 'common']);
  const draft = useStudioDraft();
  const ids = useId();
  const shipped = useQuery({
    queryKey: ['Translations', 'Shipped'],
    queryFn: fetchShippedTexts,
    staleTime: Infinity,
  });
  const [language, setLanguage] = useState<TextLanguage>('vn');
  const [namespace, setNamespace] = useState('');
  const [search, setSearch] = useState('');
  const [missingOnly, setMissingOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const deferredSearch = useDeferredValue(search);

  const rows = useMemo(
    () => (shipped.data ? textRows(shipped.data, draft.document.translations, language) : []),
    [shipped.data, draft.document.translations, language],
  );
  const namespaces = useMemo(() => [...new Set(rows.map((row) => row.namespace))], [rows]);
  const found = useMemo(
    () =>
      filterTexts(rows, { namespace, search: deferredSearch, missingOnly: missingOnly && language === 'vn' }),
    [rows, namespace, deferredSearch, missingOnly, language],
  );
  const shown = pageOf(found, page, PAGE_SIZE);
  const refilter =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
      setEditing(null);
    };

  if (shipped.isError) return <p className="text-danger">{t('The texts could not be loaded.')}</p>;
  if (!shipped.data) {
    return <div className="spinner-border text-primary m-4" role="status" aria-label={t('Loading')} />;
  }
  const languageName = LANGUAGES.find((item) => item.code === language)?.label ?? language;

  return (
    <div className="studio-texts">
      <div className="studio-texts-filters">
        <div>
          <label className="form-label small mb-1" htmlFor={`${ids}-language`}>
            {t('Language')}
          </label>
          <select
            id={`${ids}-language`}
            className="form-select form-select-sm"
            value={language}
            onChange={(event) => refilter(setLanguage)(event.target.value as TextLanguage)}
          >
            {LANGUAGES.map((item) => (
              <option key={item.code} value={item.code} lang={item.code === 'vn' ? 'vi' : 'en'}>
                {item.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="form-label small mb-1" htmlFor={`${ids}-namespace`}>
            {t('Part of the product')}
          </label>
          <select
            id={`${ids}-namespace`}
            className="form-select form-select-sm"
            value={namespace}
            onChange={(event) => refilter(setNamespace)(event.target.value)}
          >
            <option value="">{t('All parts')}</option>
            {namespaces.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="studio-texts-search">
          <label className="form-label small mb-1" htmlFor={`${ids}-search`}>
            {t('Search')}
          </label>
          <input
            id={`${ids}-search`}
            type="search"
            className="form-control form-control-sm"
            placeholder={t('A key or a text')}
            value={search}
            onChange={(event) => refilter(setSearch)(event.target.value)}
          />
        </div>
        {language === 'vn' && (
          <div className="form-check align-self-end mb-1">
            <input
              id={`${ids}-missing`}
              type="checkbox"
              className="form-check-input"
              checked={missingOnly}
              onChange={(event) => refilter(setMissingOnly)(event.target.checked)}
            />
            <label className="form-check-label" htmlFor={`${ids}-missing`}>
              {t('Missing in Vietnamese')}
            </label>
          </div>
        )}
      </div>
      <p className="studio-hint mb-2" aria-live="polite">
        {t('{{count}} texts', { count: found.length })}
      </p>
      {found.length === 0 ? (
        <section className="studio-panel studio-empty">
          <i className="bi bi-translate" aria-hidden="true" />
          <p className="mb-1 fw-semibold">{t('No text matches.')}</p>
          <p className="text-secondary mb-0">{t('Try another search, part or language.')}</p>
        </section>
      ) : (
        <section
          className="studio-panel p-0"
          aria-label={t('Texts in {{language}}', { language: languageName })}
        >
          <div className="studio-text-row studio-text-head" aria-hidden="true">
            <span>{t('Key')}</span>
            <span>{t('Shipped text')}</span>
            <span>{t('Configured text')}</span>
            <span />
          </div>
          <ul className="list-unstyled mb-0">
            {shown.rows.map((row) => (
              <TextRowView
                key={rowId(row)}
                row={row}
                language={language}
                editing={editing === rowId(row)}
                onEdit={(on) => setEditing(on ? rowId(row) : null)}
              />
            ))}
          </ul>
        </section>
      )}
      {shown.pages > 1 && (
        <nav className="studio-pager" aria-label={t('Pages of texts')}>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={shown.page <= 1}
            onClick={() => setPage(shown.page - 1)}
          >
            <i className="bi bi-chevron-left me-1" aria-hidden="true" />
            {t('Previous')}
          </button>
          <span className="small">
            {t('Page {{page}} of {{pages}}', { page: shown.page, pages: shown.pages })}
          </span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={shown.page >= shown.pages}
            onClick={() => setPage(shown.page + 1)}
          >
            {t('Next')}
            <i className="bi bi-chevron-right ms-1" aria-hidden="true" />
          </button>
        </nav>
      )}
    </div>
  );
}

function TextRowView({
  row,
  language,
  editing,
  onEdit,
}: {
  row: TextRow;
  language: TextLanguage;
  editing: boolean;
  onEdit: (on: boolean) => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const draft = useStudioDraft();
  const id = useId();
  const item = ['translations', language, row.namespace, row.key];
  const drafted = draft.isDrafted(item);
  const [value, setValue] = useState(row.configured ?? row.shipped ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const textLang = language === 'vn' ? 'vi' : 'en';

  const saveText = async (text: string | null) => {
    setBusy(true);
    try {
      await draft.save(item, text);
      onEdit(false);
      setError(null);
    } catch (failure) {
      toast.error(
        (isCallFailure(failure) ? failure.description || failure.msg : '') ||
          t('The text could not be saved.'),
      );
    } finally {
      setBusy(false);
    }
  };
  const submit = async () => {
    const parsed = safeParseForPeople(translationTextSchema, value);
    if (!parsed.success || value.trim() === '') {
      const { text, values } = issueWords(
        value.trim() === '' ? 'is required' : (parsed.error?.issues[0]?.message ?? 'is not valid'),
      );
      setError(t(text, values ?? {}));
      return;
    }
    await saveText(value);
  };

  return (
    <li className={`studio-text-row${drafted ? ' is-changed' : ''}`}>
      <div className="studio-text-key">
        <span className="studio-text-label">{t('Key')}</span>
        <code {...DATA_TEXT}>{row.key}</code>
        <span className="badge bg-body-secondary text-body-secondary border ms-1">{row.namespace}</span>
      </div>
      <div>
        <span className="studio-text-label">{t('Shipped text')}</span>
        {row.shipped === null ? (
          <span className="badge text-bg-danger-subtle text-danger-emphasis border border-danger-subtle">
            {t('Missing')}
          </span>
        ) : (
          <span lang={textLang} {...DATA_TEXT}>
            {row.shipped}
          </span>
        )}
      </div>
      <div>
        <span className="studio-text-label">{t('Configured text')}</span>
        {editing ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <label className="visually-hidden" htmlFor={`${id}-text`}>
              {t('Text for “{{key}}”', { key: row.key })}
            </label>
            <textarea
              id={`${id}-text`}
              className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
              lang={textLang}
              rows={2}
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              // biome-ignore lint/a11y/noAutofocus: the field opened by its own Edit button
              autoFocus
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') onEdit(false);
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
              }}
            />
            {error && (
              <div id={`${id}-error`} className="invalid-feedback d-block">
                {error}
              </div>
            )}
            <div className="d-flex gap-2 mt-1">
              <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
                {t('Save')}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => onEdit(false)}
              >
                {t('Cancel')}
              </button>
            </div>
          </form>
        ) : row.configured === null ? (
          <span className="text-secondary fst-italic">{t('As shipped')}</span>
        ) : (
          <span lang={textLang} {...DATA_TEXT}>
            {row.configured}
          </span>
        )}
        {drafted && !editing && (
          <span className="badge text-bg-warning ms-1">{t('Changed in the draft')}</span>
        )}
      </div>
      <div className="studio-text-actions">
        {!editing && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={t('Edit the text for “{{key}}”', { key: row.key })}
            title={t('Edit')}
            onClick={() => {
              setValue(row.configured ?? row.shipped ?? '');
              onEdit(true);
            }}
          >
            <i className="bi bi-pencil" aria-hidden="true" />
          </button>
        )}
        {row.configured !== null && !editing && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={t('Reset “{{key}}” to the shipped text', { key: row.key })}
            title={t('Reset to the shipped text')}
            disabled={busy}
            onClick={() => void saveText(null)}
          >
            <i className="bi bi-arrow-counterclockwise" aria-hidden="true" />
          </button>
        )}
      </div>
    </li>
  );
}
