import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { create } from 'zustand';
import { searchRecords, startPageQuery } from '../../api/home';
import { COLOR_MODES, type ColorMode } from '../../engine/color-mode';
import { menuScreens, type PaletteItem, rankPalette } from '../../engine/command-palette';
import { useAppStore } from '../../state/app-store';
import { switchColorMode } from '../../state/color-mode-actions';
import { useMenusStore } from '../../state/menus';
import { logout } from '../../state/session-actions';
import { changeLanguage } from '../../state/shell-actions';

/** Which of the shell's keyboard dialogs is open. */
const useShellDialogs = create<{ open: 'palette' | 'shortcuts' | null }>(() => ({ open: null }));
export const openCommandPalette = () => useShellDialogs.setState({ open: 'palette' });
export const openShortcutList = () => useShellDialogs.setState({ open: 'shortcuts' });
const closeDialogs = () => useShellDialogs.setState({ open: null });

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', vn: 'Tiếng Việt' };
const MODE_NAMES: Record<ColorMode, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const RECORD_SEARCH_PAUSE_MS = 200;

type Runnable = PaletteItem & { run: () => void };

/** The records of the searchable resources whose texts hold the query (after a pause in typing). */
function useRecordResults(query: string): Runnable[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loginCount = useAppStore((s) => s.loginRefreshCount);
  const sources = useQuery(startPageQuery(loginCount)).data?.Search ?? [];
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query.trim()), RECORD_SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const records = useQuery({
    queryKey: ['PaletteRecords', settled, sources.map((s) => s.Api).join()],
    enabled: settled.length >= 2 && sources.length > 0,
    staleTime: 30_000,
    queryFn: async () =>
      (
        await Promise.all(
          sources.map(async (source) =>
            (await searchRecords(source.Api, settled, 3).catch(() => [])).map((row) => ({ source, row })),
          ),
        )
      ).flat(),
  });
  return (records.data ?? []).map(({ source, row }) => {
    const title = String(row[source.TitleField] ?? row.Id ?? '');
    return {
      id: `record-${source.Api}-${String(row.Id)}`,
      kind: 'record' as const,
      label: title,
      hint: t(source.Name),
      icon: 'bi-file-earmark-text',
      keywords: settled,
      run: () => navigate(`${source.Url}?q=${encodeURIComponent(title)}`),
    };
  });
}

/** Screens of the menus and the shell's commands, as palette items. */
function useFixedItems(): Runnable[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sideMenu = useMenusStore((s) => s.sideMenu);
  const appMenu = useMenusStore((s) => s.appMenu);
  const languages = useAppStore((s) => s.dataFirstSetting?.LanguageList ?? []);
  const languageChange = useAppStore((s) => s.dataFirstSetting?.UIAppConfig.languageChange);
  return useMemo(() => {
    const screens: Runnable[] = menuScreens([sideMenu, appMenu]).map((screen) => ({
      id: `screen-${screen.url}`,
      kind: 'screen',
      label: t(screen.name),
      ...(screen.group ? { hint: t(screen.group) } : {}),
      icon: screen.icon,
      keywords: screen.name,
      run: () =>
        /^https?:/i.test(screen.url) ? window.open(screen.url, '_blank', 'noopener') : navigate(screen.url),
    }));
    const themes: Runnable[] = COLOR_MODES.map((mode) => ({
      id: `theme-${mode}`,
      kind: 'command',
      label: t('Theme: {{mode}}', { mode: t(MODE_NAMES[mode]) }),
      icon: mode === 'dark' ? 'bi-moon-stars' : mode === 'light' ? 'bi-sun' : 'bi-circle-half',
      keywords: `theme ${mode} colour color`,
      run: () => void switchColorMode(mode),
    }));
    const languageItems: Runnable[] = languageChange
      ? languages.map((language) => ({
          id: `language-${language.Value}`,
          kind: 'command',
          label: t('Language: {{language}}', { language: LANGUAGE_NAMES[language.Value] ?? language.Value }),
          icon: 'bi-translate',
          keywords: `language ${language.Value}`,
          run: () => void changeLanguage(language.Value).catch(() => toast.error(t('Something went wrong'))),
        }))
      : [];
    const commands: Runnable[] = [
      ...themes,
      ...languageItems,
      {
        id: 'shortcuts',
        kind: 'command',
        label: t('Keyboard shortcuts'),
        icon: 'bi-keyboard',
        run: () => setTimeout(openShortcutList, 0),
      },
      {
        id: 'logout',
        kind: 'command',
        label: t('Logout'),
        icon: 'bi-box-arrow-right',
        keywords: 'sign out',
        run: () => void logout(),
      },
    ];
    return [...screens, ...commands];
  }, [t, navigate, sideMenu, appMenu, languages, languageChange]);
}

const GROUP_NAMES: Record<PaletteItem['kind'], string> = {
  screen: 'Screens',
  record: 'Records',
  command: 'Commands',
};

/** The command palette (Ctrl+K / ⌘K): screens, records of the searchable resources and commands. */
function CommandPalette() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const fixed = useFixedItems();
  const records = useRecordResults(query);
  const listId = useId();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const shown = useMemo(() => {
    const ranked = rankPalette(fixed, query) as Runnable[];
    const screens = ranked.filter((item) => item.kind === 'screen').slice(0, 8);
    const commands = ranked.filter((item) => item.kind === 'command');
    return [...screens, ...records.slice(0, 8), ...commands];
  }, [fixed, records, query]);
  const chosen = shown[Math.min(active, shown.length - 1)];
  const run = (item: Runnable | undefined) => {
    if (!item) return;
    closeDialogs();
    item.run();
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((at) => (shown.length === 0 ? 0 : (at + 1) % shown.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((at) => (shown.length === 0 ? 0 : (at - 1 + shown.length) % shown.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(chosen);
    }
  };
  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);
  return (
    <Modal
      show
      onHide={closeDialogs}
      onEntered={() => input.current?.focus()}
      aria-labelledby={titleId}
      dialogClassName="command-palette"
      contentClassName="command-palette"
    >
      <h2 id={titleId} className="visually-hidden">
        {t('Command palette')}
      </h2>
      <input
        ref={input}
        // biome-ignore lint/a11y/noAutofocus: the palette exists to be typed into
        autoFocus
        type="text"
        role="combobox"
        className="form-control command-palette-input"
        placeholder={t('Search screens, records and commands')}
        aria-label={t('Search screens, records and commands')}
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={chosen ? `${listId}-${shown.indexOf(chosen)}` : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div id={listId} role="listbox" aria-label={t('Results')} className="command-palette-list">
        {shown.length === 0 && <p className="text-secondary px-3 py-2 mb-0">{t('Sorry, no result found')}</p>}
        {(['screen', 'record', 'command'] as const).map((kind) => {
          const inGroup = shown.filter((item) => item.kind === kind);
          if (inGroup.length === 0) return null;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (no fieldset there)
            <div key={kind} role="group" aria-label={t(GROUP_NAMES[kind])}>
              <div className="command-palette-group" aria-hidden="true">
                {t(GROUP_NAMES[kind])}
              </div>
              {inGroup.map((item) => {
                const at = shown.indexOf(item);
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's arrows and Enter choose
                  <div
                    key={item.id}
                    id={`${listId}-${at}`}
                    role="option"
                    tabIndex={-1}
                    aria-selected={at === active}
                    className="command-palette-option"
                    onMouseMove={() => setActive(at)}
                    onClick={() => run(item)}
                  >
                    <i className={`bi ${item.icon}`} aria-hidden="true" />
                    <span>{item.label}</span>
                    {item.hint && <span className="command-palette-hint">{item.hint}</span>}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </Modal>
  );
}

/** The keyboard shortcuts the product answers to (the "?" list). */
const SHORTCUTS: { keys: string[]; text: string }[] = [
  { keys: ['Ctrl+K', '⌘K'], text: 'Open the command palette' },
  { keys: ['?'], text: 'Show this list of shortcuts' },
  { keys: ['/'], text: 'Search the menu' },
  { keys: ['↑', '↓', 'Enter'], text: 'Move through the palette’s results and open one' },
  { keys: ['Esc'], text: 'Close a dialog, a menu or the palette' },
];

function ShortcutList() {
  const { t } = useTranslation();
  return (
    <Modal show onHide={closeDialogs} aria-labelledby="shortcut-list-title" centered>
      <Modal.Header closeButton closeLabel={t('Close')}>
        <Modal.Title as="h2" className="h5" id="shortcut-list-title">
          {t('Keyboard shortcuts')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <table className="table table-sm mb-0">
          <caption className="visually-hidden">{t('Keyboard shortcuts')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Keys')}</th>
              <th scope="col">{t('What it does')}</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map((shortcut) => (
              <tr key={shortcut.text}>
                <td className="text-nowrap">
                  {shortcut.keys.map((key, at) => (
                    <span key={key}>
                      {at > 0 && ' '}
                      <kbd className="pw-kbd" data-i18n-data="">
                        {key}
                      </kbd>
                    </span>
                  ))}
                </td>
                <td>{t(shortcut.text)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Modal.Body>
    </Modal>
  );
}

/** The shell's keyboard dialogs, where the one open is drawn. */
export function ShellDialogs() {
  const open = useShellDialogs((s) => s.open);
  if (open === 'palette') return <CommandPalette />;
  if (open === 'shortcuts') return <ShortcutList />;
  return null;
}

/** Whether one of the shell's keyboard dialogs is open (the page's own keys wait meanwhile). */
export const isShellDialogOpen = () => useShellDialogs.getState().open !== null;
