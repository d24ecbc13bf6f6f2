import type { ConfigScreen } from '@panelwright/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { CallFailure } from '../../../api/client';
import { useUnsavedChanges } from '../../../components/use-unsaved-changes';
import { textSaves } from '../../../engine/studio/screens';
import { DATA_TEXT } from '../../../i18n';
import { useStudioDraft } from '../draft';
import { JsonItemEditor } from '../json/json-item-editor';
import { ColumnsEditor } from './columns-editor';
import { ScreenActions } from './screen-actions';
import { ScreenButtonsEditor } from './screen-buttons-editor';
import { ScreenPreview } from './screen-preview';
import { useItemCheck } from './use-item-check';

const TABS = [
  { id: 'columns', label: 'Columns' },
  { id: 'buttons', label: 'Buttons' },
  { id: 'general', label: 'General' },
  { id: 'json', label: 'JSON' },
  { id: 'preview', label: 'Preview' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** Wide enough for the preview beside the editor (a desktop of 1440 px and more). */
const WIDE = '(min-width: 1440px)';

function useWide(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia?.(WIDE).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(WIDE);
    if (!query) return;
    const update = () => setWide(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return wide;
}

/** One screen of the draft: its general settings, its columns and their options, and its preview. */
export function ScreenEditor({ code, saved }: { code: string; saved: ConfigScreen }) {
  const { t } = useTranslation(['studio', 'common']);
  const draft = useStudioDraft();
  const [screen, setScreen] = useState(saved);
  // The screen's own words in Vietnamese (its code is their namespace), keyed by the English words.
  const savedTexts = draft.document.translations.vn?.[code] ?? NO_TEXTS;
  // Only what was typed here: the rest follows the draft (a rename or the Texts page may change it).
  const [textEdits, setTextEdits] = useState<Record<string, string>>({});
  const texts = { ...savedTexts, ...textEdits };
  const setText = (key: string, text: string) => setTextEdits((before) => ({ ...before, [key]: text }));
  const [tab, setTab] = useState<TabId>(saved.apiName ? 'columns' : 'general');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tabsId = useId();
  const screenChanged = JSON.stringify(screen) !== JSON.stringify(saved);
  const textChanges = textSaves('vn', code, savedTexts, texts);
  const changed = screenChanged || textChanges.length > 0;
  // Leaving the screen (a link, back, reload, closing the tab) asks first while it holds changes.
  useUnsavedChanges(changed);
  const wide = useWide();
  const [besideHidden, setBesideHidden] = useState(false);
  const beside = wide && !besideHidden;
  const shownTab = beside && tab === 'preview' ? (screen.apiName ? 'columns' : 'general') : tab;
  const drafted = draft.isDrafted(['screens', code]);
  // Checked as one types: the forms show the rules' messages under their fields.
  const issues = useItemCheck(screenChanged ? ['screens', code] : null, screen) ?? [];

  const save = async () => {
    setBusy(true);
    try {
      // The texts first: saving the screen renews this editor, which then reads them from the draft.
      for (const text of textChanges) await draft.save(text.item, text.value);
      if (screenChanged) await draft.save(['screens', code], screen);
      setError(null);
      toast.success(t('Saved to the draft.'));
    } catch (failure) {
      setError(
        (failure as CallFailure).description ||
          (failure as CallFailure).msg ||
          t('The change could not be saved.'),
      );
    } finally {
      setBusy(false);
    }
  };
  const discard = async () => {
    setBusy(true);
    try {
      await draft.discard([['screens', code]]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="studio-editor" aria-labelledby={`${tabsId}-title`}>
      <header className="studio-editor-header">
        <div className="min-w-0">
          <h2 id={`${tabsId}-title`} className="h4 mb-0 text-truncate" {...DATA_TEXT}>
            {screen.title}
          </h2>
          <small className="text-secondary" {...DATA_TEXT}>
            {code}
            {screen.uiUrl ? ` · ${screen.uiUrl}` : ''}
          </small>
        </div>
        <div className="studio-editor-actions">
          <ScreenActions code={code} screen={saved} disabled={busy || changed} />
          {drafted && !changed && (
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              onClick={() => void discard()}
              disabled={busy}
            >
              {t('Undo the draft of this screen')}
            </button>
          )}
          {changed && (
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              onClick={() => {
                setScreen(saved);
                setTextEdits({});
              }}
              disabled={busy}
            >
              {t('Undo my changes')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void save()}
            disabled={!changed || busy}
          >
            {t('Save to the draft')}
          </button>
        </div>
      </header>
      {error && (
        <div className="alert alert-danger py-2" role="alert">
          {error}
        </div>
      )}
      <div className="nav nav-tabs mb-3" role="tablist" aria-label={t('Parts of the screen')}>
        {TABS.filter(
          (item) =>
            (item.id !== 'columns' || screen.apiName) &&
            (item.id !== 'buttons' || screen.apiName || screen.uiType === 'buttonlist') &&
            (item.id !== 'preview' || !beside),
        ).map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`${tabsId}-${item.id}`}
            aria-controls={`${tabsId}-${item.id}-panel`}
            aria-selected={shownTab === item.id}
            className={`nav-link${shownTab === item.id ? ' active' : ''}`}
            onClick={() => setTab(item.id)}
          >
            {t(item.label)}
          </button>
        ))}
      </div>
      <div className={beside ? 'studio-editor-split' : undefined}>
        <div className="min-w-0">
          <div role="tabpanel" id={`${tabsId}-${shownTab}-panel`} aria-labelledby={`${tabsId}-${shownTab}`}>
            {shownTab === 'general' && (
              <GeneralForm
                screen={screen}
                onChange={setScreen}
                titleVn={texts[screen.title] ?? ''}
                onTitleVn={(text) => setText(screen.title, text)}
                onTitle={(title) => {
                  // The Vietnamese title follows the English one it translates.
                  const vn = texts[screen.title];
                  if (vn && !texts[title]) setText(title, vn);
                  setScreen({ ...screen, title });
                }}
              />
            )}
            {shownTab === 'columns' && (
              <ColumnsEditor
                screen={screen}
                onChange={setScreen}
                texts={texts}
                onText={setText}
                issues={issues}
              />
            )}
            {shownTab === 'buttons' && (
              <ScreenButtonsEditor screen={screen} issues={issues} onChange={setScreen} />
            )}
            {shownTab === 'json' &&
              (changed ? (
                <p className="text-secondary">
                  {t(
                    'Save to the draft or undo your changes first: the JSON view edits what the draft holds.',
                  )}
                </p>
              ) : (
                // The same object as the forms: what it saves comes back to them through the draft.
                <JsonItemEditor
                  item={['screens', code]}
                  value={saved}
                  label={t('JSON of the screen {{code}}', { code })}
                />
              ))}
            {shownTab === 'preview' && <ScreenPreview code={code} screen={saved} unsaved={changed} />}
          </div>
        </div>
        {beside && (
          <aside className="studio-editor-aside" aria-label={t('Preview')}>
            <ScreenPreview code={code} screen={saved} unsaved={changed} />
          </aside>
        )}
      </div>
      {wide && (
        <button
          type="button"
          className="btn btn-link btn-sm px-0 mt-2"
          aria-pressed={beside}
          onClick={() => setBesideHidden(!besideHidden)}
        >
          {t('Preview beside the editor')}
        </button>
      )}
    </section>
  );
}

const NO_TEXTS: Record<string, string> = {};

function GeneralForm({
  screen,
  onChange,
  onTitle,
  titleVn,
  onTitleVn,
}: {
  screen: ConfigScreen;
  onChange: (screen: ConfigScreen) => void;
  onTitle: (title: string) => void;
  titleVn: string;
  onTitleVn: (text: string) => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const id = useId();
  return (
    <div className="studio-general">
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-title`}>
          {t('Title in English')}
        </label>
        <input
          id={`${id}-title`}
          className="form-control"
          value={screen.title}
          maxLength={200}
          required
          onChange={(event) => onTitle(event.target.value)}
        />
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-title-vn`}>
          {t('Title in Vietnamese')}
        </label>
        <input
          id={`${id}-title-vn`}
          lang="vi"
          className="form-control"
          value={titleVn}
          maxLength={200}
          aria-describedby={`${id}-title-vn-hint`}
          onChange={(event) => onTitleVn(event.target.value)}
        />
        <div id={`${id}-title-vn-hint`} className="form-text">
          {t('Empty: Vietnamese users see the English title.')}
        </div>
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-url`}>
          {t('Address')}
        </label>
        <input
          id={`${id}-url`}
          className="form-control font-monospace"
          value={screen.uiUrl}
          maxLength={500}
          onChange={(event) => onChange({ ...screen, uiUrl: event.target.value })}
        />
      </div>
      <dl className="studio-facts">
        <dt>{t('Kind of screen')}</dt>
        <dd>{screen.uiType}</dd>
        <dt>{t('Data')}</dt>
        <dd>{screen.apiName ? `${screen.apiName}/${screen.apiMethod}` : t('None')}</dd>
      </dl>
      <div className="form-check form-switch">
        <input
          id={`${id}-enabled`}
          className="form-check-input"
          type="checkbox"
          role="switch"
          aria-checked={screen.isEnabled}
          checked={screen.isEnabled}
          onChange={(event) => onChange({ ...screen, isEnabled: event.target.checked })}
        />
        <label className="form-check-label" htmlFor={`${id}-enabled`}>
          {t('Switched on')}
        </label>
      </div>
      <div className="form-check form-switch">
        <input
          id={`${id}-sidebar`}
          className="form-check-input"
          type="checkbox"
          role="switch"
          aria-checked={screen.config.noSidebar === true}
          checked={screen.config.noSidebar === true}
          onChange={(event) => {
            const { noSidebar: _dropped, ...config } = screen.config;
            onChange({ ...screen, config: event.target.checked ? { ...config, noSidebar: true } : config });
          }}
        />
        <label className="form-check-label" htmlFor={`${id}-sidebar`}>
          {t('Without the sidebar')}
        </label>
      </div>
      <div className="form-check form-switch">
        <input
          id={`${id}-public`}
          className="form-check-input"
          type="checkbox"
          role="switch"
          aria-checked={screen.isPublic}
          checked={screen.isPublic}
          onChange={(event) => onChange({ ...screen, isPublic: event.target.checked })}
        />
        <label className="form-check-label" htmlFor={`${id}-public`}>
          {t('Guests may open it')}
        </label>
      </div>
    </div>
  );
}
