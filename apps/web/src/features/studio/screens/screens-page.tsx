import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { screenGroups } from '../../../engine/studio/screens';
import { DATA_TEXT } from '../../../i18n';
import { useStudioDraft } from '../draft';
import { NewScreenDialog } from './new-screen-dialog';
import { ScreenEditor } from './screen-editor';

/** /studio/screens: the screens, grouped as the side menu opens them, beside the chosen one's editor. */
export function ScreensPage() {
  const { t } = useTranslation(['studio', 'common']);
  const draft = useStudioDraft();
  const code = useParams()['*']?.split('/')[0] || null;
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const groups = screenGroups(draft.document, query);
  const screen = code ? draft.document.screens[code] : undefined;
  const revision =
    draft.items.find((item) => item.Item[0] === 'screens' && item.Item[1] === code)?.Revision ?? 0;
  return (
    <div className={`studio-screens${code ? ' has-selection' : ''}`}>
      <nav className="studio-screen-list" aria-label={t('Screens')}>
        <button type="button" className="btn btn-primary btn-sm w-100 mb-2" onClick={() => setCreating(true)}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('New screen')}
        </button>
        {creating && <NewScreenDialog onClose={() => setCreating(false)} />}
        <input
          type="search"
          className="form-control form-control-sm mb-2"
          placeholder={t('Search screens')}
          aria-label={t('Search screens')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        {groups.length === 0 && <p className="text-secondary small">{t('No screen matches.')}</p>}
        {groups.map((group) => (
          <section key={group.group ?? ''} className="mb-2">
            <h2 className="studio-list-heading">
              {group.group === null ? t('Not in a menu') : t(group.group)}
            </h2>
            <div className="list-group list-group-flush">
              {group.screens.map((entry) => (
                <NavLink
                  key={entry.code}
                  to={`/studio/screens/${entry.code}`}
                  className="list-group-item list-group-item-action studio-screen-link"
                >
                  <span className="text-truncate" {...DATA_TEXT}>
                    {entry.title}
                  </span>
                  {draft.isDrafted(['screens', entry.code]) && (
                    <span className="badge text-bg-warning">{t('Draft')}</span>
                  )}
                </NavLink>
              ))}
            </div>
          </section>
        ))}
      </nav>
      {code && screen ? (
        <ScreenEditor key={`${code}:${revision}:${draft.version}`} code={code} saved={screen} />
      ) : (
        <section className="studio-empty">
          <i className="bi bi-layout-text-window-reverse" aria-hidden="true" />
          <h2 className="h5">{code ? t('There is no screen {{code}}.', { code }) : t('Choose a screen')}</h2>
          <p className="text-secondary">
            {t(
              'Its title, columns, their options and how it looks to each role: saved to the draft, live when published.',
            )}
          </p>
        </section>
      )}
    </div>
  );
}
