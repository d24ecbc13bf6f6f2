import type { ConfigMenuEntry } from '@panelwright/contract';
import {
  type DragEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { isCallFailure } from '../../api/client';
import {
  changedEntries,
  findEntry,
  isMenuGroup,
  type MenuTree,
  moveDown,
  moveEntry,
  moveIn,
  moveOut,
  moveUp,
  removeEntry,
} from '../../engine/menu-tree';
import { DATA_TEXT } from '../../i18n';
import { useStudioDraft } from './draft';
import { DraftReady } from './draft-ready';
import { type EntryDialogMode, MenuEntryDialog } from './menu-entry-dialog';

type MenuKind = 'side' | 'app';
const MENUS: readonly { kind: MenuKind; label: string }[] = [
  { kind: 'side', label: 'Side menu' },
  { kind: 'app', label: 'App menu' },
];

/** The keyboard's moves on a focused entry: with Alt, the arrows move it up, down, out and in. */
const KEY_MOVES: Record<string, (tree: MenuTree, code: string) => ConfigMenuEntry[] | null> = {
  ArrowUp: moveUp,
  ArrowDown: moveDown,
  ArrowLeft: moveOut,
  ArrowRight: moveIn,
};

type DropZone = 'before' | 'after' | 'inside';

/** The reason a save was refused, as the server worded it. */
const failureText = (error: unknown) =>
  isCallFailure(error) ? error.description || error.msg : error instanceof Error ? error.message : '';

/** /studio/menus: both menus as trees of groups and entries, edited into the shared draft. */
export function MenusPage() {
  return (
    <DraftReady>
      <MenusEditor />
    </DraftReady>
  );
}

function MenusEditor() {
  const { t } = useTranslation(['studio', 'common']);
  const draft = useStudioDraft();
  const hintId = useId();
  const [kind, setKind] = useState<MenuKind>('side');
  // The tree as last changed here, shown while its save is on the way.
  const [pending, setPending] = useState<{ kind: MenuKind; tree: ConfigMenuEntry[] } | null>(null);
  const tree = pending?.kind === kind ? pending.tree : draft.document.menus[kind];
  const changed = useMemo(() => changedEntries(draft.changes, kind), [draft.changes, kind]);
  const [announcement, setAnnouncement] = useState('');
  // The entry the keyboard moved: focus follows it while it is drawn anew (moved to another group, then
  // drawn again from the draft the save returns), until the user focuses something else.
  const followed = useRef<string | null>(null);
  const [, setMoves] = useState(0);
  const menusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const menus = menusRef.current;
    if (!menus) return;
    const stopFollowing = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (followed.current && target.id !== `studio-menu-${kind}-${followed.current}`)
        followed.current = null;
    };
    menus.addEventListener('focusin', stopFollowing);
    return () => menus.removeEventListener('focusin', stopFollowing);
  }, [kind]);
  const followFocus = (code: string) => {
    followed.current = code;
    setMoves((n) => n + 1);
  };
  const [dialog, setDialog] = useState<EntryDialogMode | null>(null);
  const [removing, setRemoving] = useState<ConfigMenuEntry | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [drop, setDrop] = useState<{ code: string; zone: DropZone } | null>(null);
  // Saves go one after another: each names the revision the one before it made.
  const queue = useRef<Promise<void>>(Promise.resolve());

  const handleId = (code: string) => `studio-menu-${kind}-${code}`;
  // After every render (no dependency list): a redrawn entry takes the focus back.
  useLayoutEffect(() => {
    const code = followed.current;
    if (code === null) return;
    const entry = document.getElementById(`studio-menu-${kind}-${code}`);
    const active = document.activeElement;
    // Focus is lost when its element left the page (React drew the entry anew elsewhere).
    if (entry && active !== entry && (active === null || active === document.body || !active.isConnected))
      entry.focus();
  });

  const commit = (next: ConfigMenuEntry[]): Promise<void> => {
    const menu = kind;
    setPending({ kind: menu, tree: next });
    const run = queue.current.then(async () => {
      try {
        await draft.save(['menus', menu], next);
      } catch (error) {
        toast.error(failureText(error) || t('The menu could not be saved.'));
        throw error;
      }
    });
    const settled = run.catch(() => undefined);
    queue.current = settled;
    // Once the last save is answered, the draft's own tree is shown again.
    void settled.then(() => {
      if (queue.current === settled) setPending(null);
    });
    return run;
  };

  const nameOf = (entry: ConfigMenuEntry) => entry.name;
  const placeText = (next: MenuTree, code: string) => {
    const place = findEntry(next, code);
    if (!place) return '';
    const values = {
      name: nameOf(place.entry),
      place: String(place.index + 1),
      count: String(place.siblings),
      group: place.parent ? nameOf(place.parent) : '',
    };
    return place.parent
      ? t('{{name}}: place {{place}} of {{count}} in {{group}}.', values)
      : t('{{name}}: place {{place}} of {{count}} at the top of the menu.', values);
  };

  const move = (next: ConfigMenuEntry[] | null, entry: ConfigMenuEntry) => {
    if (!next) {
      setAnnouncement(t('{{name}} cannot move that way.', { name: nameOf(entry) }));
      return;
    }
    followFocus(entry.code);
    setAnnouncement(placeText(next, entry.code));
    void commit(next).catch(() => undefined);
  };

  const onKeyDown = (event: KeyboardEvent, entry: ConfigMenuEntry) => {
    const keyMove = event.altKey ? KEY_MOVES[event.key] : undefined;
    if (!keyMove) return;
    event.preventDefault();
    event.stopPropagation();
    move(keyMove(tree, entry.code), entry);
  };

  const zoneOf = (event: DragEvent, entry: ConfigMenuEntry): DropZone => {
    const rect = event.currentTarget.getBoundingClientRect();
    // Without a pointer position (a drop without coordinates) a group takes the entry.
    const y =
      rect.height > 0 && Number.isFinite(event.clientY) ? (event.clientY - rect.top) / rect.height : 0.5;
    if (isMenuGroup(entry) && y > 0.25 && y < 0.75) return 'inside';
    return y < 0.5 ? 'before' : 'after';
  };

  const onDrop = (event: DragEvent, target: ConfigMenuEntry) => {
    event.preventDefault();
    const code = dragging ?? event.dataTransfer.getData('text/plain');
    const zone = zoneOf(event, target);
    setDrop(null);
    setDragging(null);
    const moved = code ? findEntry(tree, code) : null;
    const place = findEntry(tree, target.code);
    if (!moved || !place || code === target.code) return;
    const parent = place.parent?.code ?? null;
    const next =
      zone === 'inside'
        ? moveEntry(tree, code, target.code, target.children.length)
        : moveEntry(tree, code, parent, zone === 'before' ? place.index : place.index + 1);
    move(next, moved.entry);
  };

  const remove = async (entry: ConfigMenuEntry) => {
    const next = removeEntry(tree, entry.code);
    setRemoving(null);
    if (!next) return;
    setAnnouncement(t('{{name}} was removed.', { name: nameOf(entry) }));
    await commit(next).catch(() => undefined);
  };

  const renderEntries = (entries: MenuTree, depth: number) => (
    <ul
      className={depth === 0 ? 'studio-menu-tree list-unstyled mb-0' : 'studio-menu-children list-unstyled'}
    >
      {entries.map((entry) => {
        const group = isMenuGroup(entry);
        const zone = drop?.code === entry.code ? drop.zone : null;
        return (
          <li key={entry.code} className="studio-menu-item">
            {/* biome-ignore lint/a11y/noStaticElementInteractions: the row takes a pointer's drag; keyboard moves go through its handle */}
            <div
              className={[
                'studio-menu-row',
                group ? 'is-group' : '',
                entry.isEnabled ? '' : 'is-hidden',
                changed.has(entry.code) ? 'is-changed' : '',
                dragging === entry.code ? 'is-dragging' : '',
                zone ? `drop-${zone}` : '',
              ].join(' ')}
              draggable
              onKeyDown={(event) => onKeyDown(event, entry)}
              onDragStart={(event) => {
                event.stopPropagation();
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', entry.code);
                setDragging(entry.code);
              }}
              onDragEnd={() => {
                setDragging(null);
                setDrop(null);
              }}
              onDragOver={(event) => {
                if (!dragging || dragging === entry.code) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                const next = zoneOf(event, entry);
                if (drop?.code !== entry.code || drop.zone !== next)
                  setDrop({ code: entry.code, zone: next });
              }}
              onDragLeave={() => setDrop((current) => (current?.code === entry.code ? null : current))}
              onDrop={(event) => onDrop(event, entry)}
            >
              <button
                type="button"
                id={handleId(entry.code)}
                className="btn btn-sm studio-menu-handle"
                aria-label={t('Move {{name}}', { name: nameOf(entry) })}
                aria-describedby={hintId}
              >
                <i className="bi bi-grip-vertical" aria-hidden="true" />
              </button>
              <i
                className={`bi ${entry.icon || (group ? 'bi-folder2' : 'bi-dot')} studio-menu-icon`}
                aria-hidden="true"
              />
              <span className="studio-menu-name" {...DATA_TEXT}>
                {entry.name}
              </span>
              {group ? (
                <span className="badge rounded-pill bg-body-secondary text-body-secondary border studio-menu-kind">
                  {t('Group')}
                </span>
              ) : (
                <code className="studio-menu-url" {...DATA_TEXT}>
                  {entry.url}
                </code>
              )}
              <span className="studio-menu-flags">
                {entry.newWindow && (
                  <span className="badge bg-body-secondary text-body-secondary border">
                    <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
                    {t('New window')}
                  </span>
                )}
                {!entry.isEnabled && (
                  <span className="badge text-bg-secondary">
                    <i className="bi bi-eye-slash me-1" aria-hidden="true" />
                    {t('Hidden')}
                  </span>
                )}
                {changed.has(entry.code) && (
                  <span className="badge text-bg-warning">{t('Changed in the draft')}</span>
                )}
              </span>
              <span className="studio-menu-actions">
                {group && (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary"
                    aria-label={t('Add an entry to {{name}}', { name: nameOf(entry) })}
                    title={t('Add an entry to {{name}}', { name: nameOf(entry) })}
                    onClick={() => setDialog({ mode: 'add', group: false, parent: entry.code })}
                  >
                    <i className="bi bi-plus-lg" aria-hidden="true" />
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  aria-label={t('Edit {{name}}', { name: nameOf(entry) })}
                  title={t('Edit {{name}}', { name: nameOf(entry) })}
                  onClick={() => setDialog({ mode: 'edit', code: entry.code })}
                >
                  <i className="bi bi-pencil" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={t('Remove {{name}}', { name: nameOf(entry) })}
                  title={t('Remove {{name}}', { name: nameOf(entry) })}
                  onClick={() => setRemoving(entry)}
                >
                  <i className="bi bi-trash" aria-hidden="true" />
                </button>
              </span>
            </div>
            {entry.children.length > 0 && renderEntries(entry.children, depth + 1)}
            {group && entry.children.length === 0 && (
              <p className="studio-menu-children studio-menu-empty-group">
                {t('No entries in this group yet.')}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );

  return (
    <div className="studio-menus" ref={menusRef}>
      <div className="studio-toolbar">
        <fieldset className="btn-group" aria-label={t('Menu')}>
          {MENUS.map((menu) => (
            <button
              key={menu.kind}
              type="button"
              className={`btn btn-sm ${menu.kind === kind ? 'btn-primary' : 'btn-outline-secondary'}`}
              aria-pressed={menu.kind === kind}
              onClick={() => setKind(menu.kind)}
            >
              {t(menu.label)}
            </button>
          ))}
        </fieldset>
        <div className="d-flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => setDialog({ mode: 'add', group: false, parent: null })}
          >
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('Add an entry')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => setDialog({ mode: 'add', group: true, parent: null })}
          >
            <i className="bi bi-folder-plus me-1" aria-hidden="true" />
            {t('Add a group')}
          </button>
        </div>
      </div>
      <p id={hintId} className="studio-hint">
        {t(
          'Drag an entry to move it. With the keyboard, focus its handle and press Alt+↑ or Alt+↓ to move it, Alt+→ to put it into the group above, Alt+← to take it out of its group.',
        )}
      </p>
      <section className="studio-panel" aria-label={t(MENUS.find((menu) => menu.kind === kind)?.label ?? '')}>
        {tree.length === 0 ? (
          <div className="studio-empty">
            <i className="bi bi-list-nested" aria-hidden="true" />
            <p className="mb-1 fw-semibold">{t('This menu has no entries yet.')}</p>
            <p className="text-secondary mb-0">{t('Add an entry or a group to start it.')}</p>
          </div>
        ) : (
          renderEntries(tree, 0)
        )}
      </section>
      <div className="visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcement}
      </div>
      {dialog && (
        <MenuEntryDialog
          key={JSON.stringify(dialog)}
          menu={kind}
          tree={tree}
          document={draft.document}
          mode={dialog}
          onClose={() => setDialog(null)}
          onSave={async (next, code) => {
            await commit(next);
            setDialog(null);
            followFocus(code);
            setAnnouncement(placeText(next, code));
          }}
        />
      )}
      {removing && (
        <Modal show onHide={() => setRemoving(null)} centered aria-labelledby="studio-remove-entry-title">
          <Modal.Header closeButton closeLabel={t('Close')}>
            <Modal.Title id="studio-remove-entry-title" as="h2" className="h5">
              {t('Remove {{name}}', { name: nameOf(removing) })}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="mb-0">
              {removing.children.length > 0
                ? t('{{name}} and the {{count}} entries in it leave the menu when the draft is published.', {
                    name: nameOf(removing),
                    count: removing.children.length,
                  })
                : t('{{name}} leaves the menu when the draft is published.', { name: nameOf(removing) })}
            </p>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-outline-secondary" onClick={() => setRemoving(null)}>
              {t('Cancel')}
            </button>
            <button type="button" className="btn btn-danger" onClick={() => void remove(removing)}>
              {t('Remove')}
            </button>
          </Modal.Footer>
        </Modal>
      )}
    </div>
  );
}
