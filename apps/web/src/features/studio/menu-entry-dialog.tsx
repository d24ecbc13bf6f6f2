import type { ConfigDocument, ConfigMenuEntry } from '@panelwright/contract';
import { configMenuEntrySchema, safeParseForPeople } from '@panelwright/contract/config-items';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { checkConfigItem } from '../../api/configuration';
import { fetchShippedTexts } from '../../api/translations';
import { fieldOfIssuePath, issuesByField, issueWords } from '../../engine/config-issues';
import {
  findEntry,
  indexPathOf,
  insertEntry,
  type MenuTree,
  menuGroups,
  newEntryCode,
  updateEntry,
} from '../../engine/menu-tree';
import { DATA_TEXT } from '../../i18n';
import { useStudioDraft } from './draft';
import { IconPicker } from './icon-picker';

/** What the dialog does: add an entry or a group (into a group or at the top), or edit one. */
export type EntryDialogMode =
  | { mode: 'add'; group: boolean; parent: string | null }
  | { mode: 'edit'; code: string };

type Fields = Omit<ConfigMenuEntry, 'children'>;
const FIELD_NAMES = ['code', 'name', 'url', 'icon', 'newWindow', 'isEnabled'] as const;

const blank = (group: boolean): Fields => ({
  code: '',
  name: '',
  url: group ? '' : '/',
  icon: '',
  newWindow: false,
  isEnabled: true,
});

/** The screens an entry can open: those with an address of their own, without parameters. */
function openableScreens(document: ConfigDocument) {
  return Object.entries(document.screens)
    .filter(([, screen]) => screen.parent === null && screen.uiUrl && !screen.uiUrl.includes('['))
    .map(([code, screen]) => ({ code, title: screen.title || code, url: screen.uiUrl }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/**
 * The form of one menu entry or group. The contract's schema checks it as the server will, each
 * reason under its field in the reader's language; the server's CheckItem then has the last word
 * on the whole menu before it is saved into the draft.
 */
export function MenuEntryDialog({
  menu,
  tree,
  document,
  mode,
  onSave,
  onClose,
}: {
  menu: 'side' | 'app';
  tree: MenuTree;
  document: ConfigDocument;
  mode: EntryDialogMode;
  onSave: (next: ConfigMenuEntry[], code: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const id = useId();
  const editing = mode.mode === 'edit' ? findEntry(tree, mode.code)?.entry : undefined;
  const isGroup = mode.mode === 'add' ? mode.group : editing?.url === '';
  const [fields, setFields] = useState<Fields>(() => {
    if (!editing) return blank(isGroup);
    const { children: _, ...own } = editing;
    return own;
  });
  const [parent, setParent] = useState<string | null>(mode.mode === 'add' ? mode.parent : null);
  const [codeTouched, setCodeTouched] = useState(mode.mode === 'edit');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const screens = useMemo(() => openableScreens(document), [document]);
  // The entry's name in Vietnamese: a text of the common namespace, keyed by the English name.
  const draft = useStudioDraft();
  const shipped = useQuery({
    queryKey: ['Translations', 'Shipped'],
    queryFn: fetchShippedTexts,
    staleTime: Infinity,
  });
  const vietnameseOf = (name: string) =>
    document.translations.vn?.common?.[name] ?? shipped.data?.vn.common?.[name] ?? '';
  const [vietnamese, setVietnamese] = useState<string | null>(null);
  const shownVietnamese = vietnamese ?? vietnameseOf(fields.name.trim());
  const groups = useMemo(() => menuGroups(tree), [tree]);
  const words = (message: string) => {
    const { text, values } = issueWords(message);
    return t(text, values ?? {});
  };

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((current) => {
      const next = { ...current, [key]: value };
      // A new entry's code follows its name until it is typed in.
      if (key === 'name' && !codeTouched) next.code = newEntryCode(tree, String(value));
      return next;
    });
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const entry: ConfigMenuEntry = {
      ...fields,
      url: isGroup ? '' : fields.url.trim(),
      name: fields.name.trim(),
      children: editing?.children ?? [],
    };
    const parsed = safeParseForPeople(configMenuEntrySchema, entry);
    const found = parsed.success ? {} : issuesByField(parsed.error.issues);
    const codeTaken = findEntry(tree, entry.code) && entry.code !== editing?.code;
    if (codeTaken && !found.code) found.code = t('is used by another entry of this menu');
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setGeneral([]);
      return;
    }
    const next =
      mode.mode === 'add'
        ? insertEntry(tree, parent, entry)
        : updateEntry(tree, mode.code, { ...fields, url: entry.url, name: entry.name });
    if (!next) return;
    setBusy(true);
    try {
      // The server's rules are the last word on the whole menu.
      const check = await checkConfigItem(['menus', menu], next);
      if (check.Errors.length > 0) {
        const at = `menus.${menu}.${indexPathOf(next, entry.code) ?? ''}`;
        const byField: Record<string, string> = {};
        const others: string[] = [];
        for (const issue of check.Errors) {
          const field = fieldOfIssuePath(issue.Path, at);
          if (field && (FIELD_NAMES as readonly string[]).includes(field)) byField[field] ??= issue.Message;
          else others.push(issue.Message);
        }
        setErrors(byField);
        setGeneral(others);
        setBusy(false);
        return;
      }
      await onSave(next, entry.code);
      const text = shownVietnamese.trim();
      if (text !== '' && text !== vietnameseOf(entry.name)) {
        await draft.save(['translations', 'vn', 'common', entry.name], text);
      }
    } catch {
      // The API client or the page has shown the reason.
      setBusy(false);
    }
  };

  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;
  const invalid = (name: string) =>
    errors[name]
      ? { 'aria-invalid': true as const, 'aria-describedby': errorId(name), className: 'is-invalid' }
      : { className: '' };
  const errorOf = (name: string) =>
    errors[name] ? (
      <div id={errorId(name)} className="invalid-feedback d-block">
        {/* The contract's reasons are in English; the server's come translated already. */}
        {words(errors[name])}
      </div>
    ) : null;
  const screenOfUrl = screens.find((screen) => screen.url === fields.url)?.url ?? '';
  const title =
    mode.mode === 'edit'
      ? isGroup
        ? t('Edit the group')
        : t('Edit the entry')
      : isGroup
        ? t('Add a group')
        : t('Add an entry');

  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby={`${id}-title`}>
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel={t('Close')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {general.length > 0 && (
            <div className="alert alert-danger py-2" role="alert">
              {general.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </div>
          )}
          <div className="row g-3">
            <div className="col-md-6">
              <label className="form-label" htmlFor={fieldId('name')}>
                {t('Name')}
              </label>
              <input
                id={fieldId('name')}
                {...invalid('name')}
                className={`form-control ${invalid('name').className}`}
                value={fields.name}
                maxLength={200}
                onChange={(event) => set('name', event.target.value)}
              />
              {errorOf('name')}
              <div className="form-text">{t('In English: the key of its texts.')}</div>
            </div>
            <div className="col-md-6">
              <label className="form-label" htmlFor={fieldId('vietnamese')}>
                {t('Name in Vietnamese')}
              </label>
              <input
                id={fieldId('vietnamese')}
                className="form-control"
                lang="vi"
                value={shownVietnamese}
                maxLength={2000}
                onChange={(event) => setVietnamese(event.target.value)}
              />
            </div>
            <div className="col-md-6">
              <label className="form-label" htmlFor={fieldId('code')}>
                {t('Code')}
              </label>
              <input
                id={fieldId('code')}
                {...invalid('code')}
                className={`form-control font-monospace ${invalid('code').className}`}
                value={fields.code}
                maxLength={64}
                onChange={(event) => {
                  setCodeTouched(true);
                  set('code', event.target.value);
                }}
              />
              {errorOf('code')}
            </div>
            {!isGroup && (
              <>
                <div className="col-md-6">
                  <label className="form-label" htmlFor={fieldId('screen')}>
                    {t('Screen')}
                  </label>
                  <select
                    id={fieldId('screen')}
                    className="form-select"
                    value={screenOfUrl}
                    onChange={(event) => {
                      const screen = screens.find((item) => item.url === event.target.value);
                      if (!screen) return;
                      set('url', screen.url);
                      if (fields.name.trim() === '') set('name', screen.title);
                    }}
                  >
                    <option value="">{t('Another address (type it)')}</option>
                    {screens.map((screen) => (
                      <option key={screen.code} value={screen.url}>
                        {screen.title} ({screen.url})
                      </option>
                    ))}
                  </select>
                </div>
                <div className="col-md-6">
                  <label className="form-label" htmlFor={fieldId('url')}>
                    {t('Address')}
                  </label>
                  <input
                    id={fieldId('url')}
                    {...invalid('url')}
                    className={`form-control font-monospace ${invalid('url').className}`}
                    value={fields.url}
                    maxLength={500}
                    placeholder="/data/products"
                    onChange={(event) => set('url', event.target.value)}
                  />
                  {errorOf('url')}
                  <div className="form-text">{t('A path of the product, or an http(s) address.')}</div>
                </div>
              </>
            )}
            {mode.mode === 'add' && (
              <div className="col-md-6">
                <label className="form-label" htmlFor={fieldId('parent')}>
                  {t('Put it in')}
                </label>
                <select
                  id={fieldId('parent')}
                  className="form-select"
                  value={parent ?? ''}
                  onChange={(event) => setParent(event.target.value === '' ? null : event.target.value)}
                >
                  <option value="">{t('The top of the menu')}</option>
                  {groups.map(({ entry, depth }) => (
                    <option key={entry.code} value={entry.code} {...DATA_TEXT}>
                      {`${'— '.repeat(depth)}${entry.name}`}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className="col-12 d-flex flex-wrap gap-4">
              <div className="form-check form-switch">
                <input
                  id={fieldId('isEnabled')}
                  type="checkbox"
                  className="form-check-input"
                  checked={fields.isEnabled}
                  onChange={(event) => set('isEnabled', event.target.checked)}
                />
                <label className="form-check-label" htmlFor={fieldId('isEnabled')}>
                  {t('Shown in the menu')}
                </label>
              </div>
              {!isGroup && (
                <div className="form-check">
                  <input
                    id={fieldId('newWindow')}
                    type="checkbox"
                    className="form-check-input"
                    checked={fields.newWindow}
                    onChange={(event) => set('newWindow', event.target.checked)}
                  />
                  <label className="form-check-label" htmlFor={fieldId('newWindow')}>
                    {t('Opens in a new window')}
                  </label>
                </div>
              )}
            </div>
            <div className="col-12">
              <IconPicker value={fields.icon} onChange={(icon) => set('icon', icon)} />
              {errorOf('icon')}
            </div>
          </div>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('Cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {mode.mode === 'add' ? t('Add') : t('Save')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
