import { type Collection, collectionSchema, safeParseForPeople } from '@panelwright/contract/config-items';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { issueWords } from '../../../engine/config-issues';
import { useStudioDraft } from '../draft';
import { DraftReady } from '../draft-ready';
import { type FieldRow, FieldsEditor } from './fields-editor';

type Draftable = Omit<Collection, 'Fields'> & { Fields: FieldRow[] };

const NEW: Draftable = {
  APIName: '',
  Title: { en: '' },
  Fields: [{ Name: 'Name', Type: 'text', Required: true, Searchable: true }],
};

/** /studio/collections: the collections of the draft, and the editor of the chosen or a new one. */
export function CollectionsPage() {
  return (
    <DraftReady>
      <CollectionsEditor />
    </DraftReady>
  );
}

function CollectionsEditor() {
  const { t } = useTranslation(['studio', 'common']);
  const draft = useStudioDraft();
  const collections = draft.document.Collections ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const editing = chosen === '' ? NEW : collections.find((c) => c.APIName === chosen);
  return (
    <div className={`studio-screens${editing ? ' has-selection' : ''}`}>
      <nav className="studio-screen-list" aria-label={t('Collections')}>
        <button type="button" className="btn btn-primary btn-sm w-100 mb-2" onClick={() => setChosen('')}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('New collection')}
        </button>
        <h2 className="studio-list-heading">{t('Collections')}</h2>
        {collections.length === 0 ? (
          <p className="small text-secondary">{t('No collections yet.')}</p>
        ) : (
          <div className="list-group">
            {collections.map((collection) => (
              <button
                type="button"
                key={collection.APIName}
                className={`list-group-item list-group-item-action studio-screen-link${collection.APIName === chosen ? ' active' : ''}`}
                aria-current={collection.APIName === chosen ? 'true' : undefined}
                onClick={() => setChosen(collection.APIName)}
              >
                <span className="text-truncate">
                  <i className={`bi ${collection.Icon || 'bi-table'} me-1`} aria-hidden="true" />
                  {collection.Title.en}
                </span>
                <span className="badge text-bg-light">{collection.Fields.length}</span>
              </button>
            ))}
          </div>
        )}
      </nav>
      {editing ? (
        <CollectionForm
          key={chosen ?? ''}
          original={chosen === '' ? null : (editing as Collection)}
          initial={editing as Draftable}
          onDone={(name) => setChosen(name)}
          onClose={() => setChosen(null)}
        />
      ) : (
        <section className="studio-empty">
          <i className="bi bi-database-add" aria-hidden="true" />
          <p className="mt-2 mb-0">
            {t('Choose a collection, or make a new one: its table, screen and menu entry come with it.')}
          </p>
        </section>
      )}
    </div>
  );
}

/** The form of one collection: its names, place in the menu and fields; saved into the draft. */
function CollectionForm({
  original,
  initial,
  onDone,
  onClose,
}: {
  original: Collection | null;
  initial: Draftable;
  onDone: (name: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const draft = useStudioDraft();
  const ids = useId();
  const [value, setValue] = useState<Draftable>(() => structuredClone(initial));
  const [busy, setBusy] = useState(false);
  const [shownIssues, setShownIssues] = useState(false);
  const collections = draft.document.Collections ?? [];
  const targets = useMemo(() => {
    const names = new Set<string>(collections.map((c) => c.APIName));
    for (const screen of Object.values(draft.document.screens)) if (screen.apiName) names.add(screen.apiName);
    return [...names].sort();
  }, [collections, draft.document.screens]);
  const groups = draft.document.menus.side.filter((entry) => entry.children.length > 0 || entry.url === '');
  const parsed = safeParseForPeople(collectionSchema, value);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      }));
  const set = (patch: Partial<Draftable>) => setValue((current) => ({ ...current, ...patch }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setShownIssues(true);
    if (!parsed.success || busy) return;
    setBusy(true);
    try {
      // A renamed collection leaves the draft under its old name and comes back under its new one;
      // its table stays (the value keeps it), so its records stay too.
      if (original && original.APIName !== value.APIName)
        await draft.save(['Collections', original.APIName], null);
      await draft.save(['Collections', value.APIName], parsed.data);
      toast.success(t('{{name}} is in the draft: publish it to make it live.', { name: value.Title.en }));
      onDone(value.APIName);
    } catch {
      // The API client has shown the reason.
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!original) return;
    setBusy(true);
    try {
      await draft.save(['Collections', original.APIName], null);
      toast.info(t('{{name}} leaves when the draft is published.', { name: original.Title.en }));
      onDone(null);
    } catch {
      setBusy(false);
    }
  };

  return (
    <form className="studio-editor" onSubmit={save} noValidate aria-labelledby={`${ids}-title`}>
      <div className="studio-editor-header">
        <div className="min-w-0">
          <button type="button" className="btn btn-link btn-sm p-0 d-md-none" onClick={onClose}>
            <i className="bi bi-arrow-left me-1" aria-hidden="true" />
            {t('Collections')}
          </button>
          <h2 className="h5 mb-0" id={`${ids}-title`}>
            {original ? original.Title.en : t('New collection')}
          </h2>
          {original && (
            <p className="small text-secondary mb-0">
              {t('Its table keeps its records when it is renamed.')}
            </p>
          )}
        </div>
        <div className="studio-editor-actions">
          {original && (
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              disabled={busy}
              onClick={() => void remove()}
            >
              <i className="bi bi-trash me-1" aria-hidden="true" />
              {t('Delete collection')}
            </button>
          )}
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {t('Save to draft')}
          </button>
        </div>
      </div>
      <div className="row g-2 studio-collection-general">
        <div className="col-sm-6">
          <label className="form-label small mb-1" htmlFor={`${ids}-en`}>
            {t('Title (English)')}
          </label>
          <input
            id={`${ids}-en`}
            className="form-control form-control-sm"
            value={value.Title.en}
            maxLength={100}
            onChange={(event) => {
              const en = event.target.value;
              const derived = en.replace(/[^A-Za-z0-9]/g, '').replace(/s$/, '');
              set({
                Title: { ...value.Title, en },
                ...(original ? {} : { APIName: derived.charAt(0).toUpperCase() + derived.slice(1) }),
              });
            }}
          />
        </div>
        <div className="col-sm-6">
          <label className="form-label small mb-1" htmlFor={`${ids}-vn`}>
            {t('Title (Vietnamese)')}
          </label>
          <input
            id={`${ids}-vn`}
            lang="vi"
            className="form-control form-control-sm"
            value={value.Title.vn ?? ''}
            maxLength={100}
            onChange={(event) => set({ Title: { ...value.Title, vn: event.target.value || undefined } })}
          />
        </div>
        <div className="col-sm-4">
          <label className="form-label small mb-1" htmlFor={`${ids}-api`}>
            {t('API name')}
          </label>
          <input
            id={`${ids}-api`}
            className="form-control form-control-sm font-monospace"
            value={value.APIName}
            maxLength={40}
            aria-describedby={`${ids}-api-help`}
            onChange={(event) => set({ APIName: event.target.value })}
          />
          <div id={`${ids}-api-help`} className="form-text">
            {t('The name of its calls, such as Customer/List.')}
          </div>
        </div>
        <div className="col-sm-4">
          <label className="form-label small mb-1" htmlFor={`${ids}-icon`}>
            {t('Icon')}
          </label>
          <input
            id={`${ids}-icon`}
            className="form-control form-control-sm"
            value={value.Icon ?? ''}
            placeholder="bi-table"
            onChange={(event) => set({ Icon: event.target.value || undefined })}
          />
        </div>
        <div className="col-sm-4">
          <label className="form-label small mb-1" htmlFor={`${ids}-group`}>
            {t('Menu group')}
          </label>
          <select
            id={`${ids}-group`}
            className="form-select form-select-sm"
            value={value.MenuGroup ?? ''}
            onChange={(event) => set({ MenuGroup: event.target.value || undefined })}
          >
            <option value="">{t('At the top of the menu')}</option>
            {groups.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {entry.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldsEditor fields={value.Fields} targets={targets} onChange={(Fields) => set({ Fields })} />
      {shownIssues && issues.length > 0 && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          <p className="mb-1">{t('Fix these before saving:')}</p>
          <ul className="mb-0">
            {issues.slice(0, 8).map((issue) => {
              const words = issueWords(issue.message);
              return (
                <li key={`${issue.path}:${issue.message}`}>
                  <code>{issue.path || t('Collection')}</code> {t(words.text, words.values)}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </form>
  );
}
