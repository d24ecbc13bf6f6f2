import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { api } from '../../api/api';
import type { CallFailure } from '../../api/client';
import { ForbiddenPage } from '../../components/forbidden-page';
import { StudioDraftProvider, useOptionalStudioDraft } from './draft';
import { HistoryPage } from './history-page';
import { ConfigFilePage } from './json/config-file-page';
import { MenusPage } from './menus-page';
import { DraftBar } from './publish-panel';
import { ScreensPage } from './screens/screens-page';
import { TextsPage } from './texts-page';
import './studio.scss';

/**
 * The studio's pages, in the order its navigation lists them. Each editor is one entry: its path under
 * /studio, its label (a key of the `studio` texts), its icon and its page.
 */
const STUDIO_PAGES: readonly { path: string; label: string; icon: string; element: ReactNode }[] = [
  { path: 'screens', label: 'Screens', icon: 'bi-window-stack', element: <ScreensPage /> },
  { path: 'menus', label: 'Menus', icon: 'bi-list-nested', element: <MenusPage /> },
  { path: 'texts', label: 'Texts', icon: 'bi-translate', element: <TextsPage /> },
  { path: 'history', label: 'History', icon: 'bi-clock-history', element: <HistoryPage /> },
  { path: 'file', label: 'Configuration file', icon: 'bi-filetype-json', element: <ConfigFilePage /> },
];

/** Whether the signed-in user may use the studio: its calls answer 403 otherwise. */
async function probeStudio(): Promise<boolean> {
  try {
    await api.post('Configuration', 'History', { Page: 1, PageSize: 1 }, { silent: true, hideError: true });
    return true;
  } catch (error) {
    if ((error as CallFailure).status === 403) return false;
    throw error;
  }
}

/** /studio: where administrators change the configuration, its drafts and its history. */
export function StudioPage() {
  const { t } = useTranslation(['studio', 'common']);
  const access = useQuery({ queryKey: ['Configuration', 'Access'], queryFn: probeStudio, staleTime: 60_000 });
  if (access.isPending) {
    return <div className="spinner-border text-primary m-4" role="status" aria-label={t('Loading')} />;
  }
  if (access.data !== true) return <ForbiddenPage />;
  return (
    <div className="studio">
      <header className="studio-header">
        <h1 className="h3 mb-0">{t('Studio')}</h1>
        <nav aria-label={t('Studio')}>
          <ul className="nav nav-underline">
            {STUDIO_PAGES.map((page) => (
              <li className="nav-item" key={page.path}>
                <NavLink className="nav-link" to={page.path}>
                  <i className={`bi ${page.icon} me-1`} aria-hidden="true" />
                  {t(page.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <StudioDraftProvider>
        <DraftGate>
          <Routes>
            <Route index element={<Navigate to={STUDIO_PAGES[0]?.path ?? 'history'} replace />} />
            {STUDIO_PAGES.map((page) => (
              <Route key={page.path} path={`${page.path}/*`} element={page.element} />
            ))}
            <Route path="*" element={<Navigate to={STUDIO_PAGES[0]?.path ?? 'history'} replace />} />
          </Routes>
        </DraftGate>
      </StudioDraftProvider>
    </div>
  );
}

/** The studio's pages once the draft is read, under its draft bar. */
function DraftGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['studio', 'common']);
  const draft = useOptionalStudioDraft();
  if (!draft)
    return <div className="spinner-border text-primary m-4" role="status" aria-label={t('Loading')} />;
  return (
    <>
      <DraftBar />
      {children}
    </>
  );
}
