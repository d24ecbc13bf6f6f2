import type { ConfigChange, ConfigDocument, ConfigSettings } from '@panelwright/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { isCallFailure } from '../../../api/client';
import {
  applyConfiguration,
  type ConfigIssue,
  checkConfiguration,
  exportConfiguration,
  planConfiguration,
} from '../../../api/configuration';
import { parseJsonText } from '../../../engine/config-json/json-text';
import { lineAndColumn } from '../../../engine/config-json/paths';
import { DATA_TEXT } from '../../../i18n';
import { ChangeList } from '../change-list';
import { type StudioDraft, useStudioDraftIfRead } from '../draft';
import { useDraftCheck } from './draft-check';
import { JsonItemEditor } from './json-item-editor';

/** The largest configuration file the page reads (the shipped one is far below). */
const FILE_MAX_BYTES = 10 * 1024 * 1024;

/** The settings in words, in the file's order; the name in the file follows each. */
const SETTING_TEXTS: Record<keyof ConfigSettings, string> = {
  uiAppConfig: 'Client settings',
  security: 'Security',
  retention: 'Retention',
  defaultValues: 'Default values',
  mediaAcceptedType: 'Accepted file types',
  homeUrl: 'Home address',
  changePasswordMessage: 'Change-password message',
};

/** What an unset setting starts as in the editor: an empty object, or an empty text. */
const TEXT_SETTINGS = new Set(['mediaAcceptedType', 'homeUrl', 'changePasswordMessage']);

/** The value of an item in the document (undefined when it is not there). */
function itemValue(document: ConfigDocument, item: readonly string[]): unknown {
  let current: unknown = document;
  for (const key of item) {
    if (!current || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The items the page offers, by section: screens, both menus, roles and the settings. */
function itemGroups(document: ConfigDocument) {
  return [
    {
      label: 'Screens',
      items: Object.entries(document.screens)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, screen]) => ({
          item: ['screens', code],
          text: `${screen.title} · ${code}`,
          words: false,
        })),
    },
    {
      label: 'Menus',
      items: [
        { item: ['menus', 'side'], text: 'Side menu', words: true },
        { item: ['menus', 'app'], text: 'App menu', words: true },
      ],
    },
    {
      label: 'Roles',
      items: Object.entries(document.roles)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, role]) => ({ item: ['roles', code], text: `${role.name} · ${code}`, words: false })),
    },
    {
      label: 'Settings',
      items: (Object.keys(SETTING_TEXTS) as (keyof ConfigSettings)[]).map((name) => ({
        item: ['settings', name],
        text: SETTING_TEXTS[name],
        words: true,
        name,
      })),
    },
  ];
}

/** /studio/file: one item of the configuration as JSON; the whole configuration as a file, down and up. */
export function ConfigFilePage() {
  const { t } = useTranslation(['studio', 'common']);
  const draft = useStudioDraftIfRead();
  if (!draft)
    return <div className="spinner-border text-primary m-4" role="status" aria-label={t('Loading')} />;
  return (
    <div className="studio-file">
      <ItemSection draft={draft} />
      <div className="studio-file-side">
        <DraftCheckSection draft={draft} />
        <FileSection version={draft.version} />
      </div>
    </div>
  );
}

function ItemSection({ draft }: { draft: StudioDraft }) {
  const { t } = useTranslation(['studio', 'common']);
  const [params, setParams] = useSearchParams();
  const chooserId = useId();
  const groups = itemGroups(draft.document);
  const first = groups[0]?.items[0]?.item ?? ['menus', 'side'];
  const chosen = params.get('item')?.split('.') ?? first;
  const item = groups.some((group) => group.items.some((entry) => entry.item.join('.') === chosen.join('.')))
    ? chosen
    : first;
  const key = item.join('.');
  const stored = itemValue(draft.document, item);
  const value =
    stored === undefined && item[0] === 'settings' ? (TEXT_SETTINGS.has(item[1] ?? '') ? '' : {}) : stored;
  const drafted = draft.isDrafted(item);
  const [discarding, setDiscarding] = useState(false);

  const discard = async () => {
    setDiscarding(true);
    try {
      await draft.discard([item]);
    } finally {
      setDiscarding(false);
    }
  };

  return (
    <section className="studio-file-item" aria-labelledby="studio-file-item-title">
      <header className="studio-file-item-header">
        <h2 id="studio-file-item-title" className="h5 mb-0">
          {t('Edit an item as JSON')}
        </h2>
        <div className="studio-file-chooser">
          <label className="form-label mb-0" htmlFor={chooserId}>
            {t('Item')}
          </label>
          <select
            id={chooserId}
            className="form-select form-select-sm"
            value={key}
            onChange={(event) => setParams({ item: event.target.value }, { replace: true })}
          >
            {groups.map((group) => (
              <optgroup key={group.label} label={t(group.label)}>
                {group.items.map((entry) => (
                  <option
                    key={entry.item.join('.')}
                    value={entry.item.join('.')}
                    {...(entry.words ? {} : DATA_TEXT)}
                  >
                    {entry.words ? t(entry.text) : entry.text}
                    {'name' in entry ? ` · ${entry.name}` : ''}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      </header>
      <div className="studio-file-item-state">
        <code {...DATA_TEXT}>{key}</code>
        {drafted ? (
          <>
            <span className="badge text-bg-warning">{t('In the draft')}</span>
            <button
              type="button"
              className="btn btn-link btn-sm p-0"
              disabled={discarding}
              onClick={() => void discard()}
            >
              {t('Discard this item’s draft')}
            </button>
          </>
        ) : stored === undefined ? (
          <span className="text-body-secondary small">{t('Not set: the product’s default applies.')}</span>
        ) : (
          <span className="text-body-secondary small">{t('As it is live')}</span>
        )}
      </div>
      <JsonItemEditor key={key} item={item} value={value} label={t('JSON of {{item}}', { item: key })} />
    </section>
  );
}

function DraftCheckSection({ draft }: { draft: StudioDraft }) {
  const { t } = useTranslation(['studio', 'common']);
  const [, setParams] = useSearchParams();
  const check = useDraftCheck(draft);
  const open = (path: string) => {
    const parts = path.split('.');
    if (parts.length >= 2) setParams({ item: parts.slice(0, 2).join('.') }, { replace: true });
  };
  let body: ReactNode;
  if (draft.items.length === 0) body = <p className="text-body-secondary mb-0">{t('The draft is empty.')}</p>;
  else if (check.pending)
    body = (
      <div
        className="spinner-border spinner-border-sm text-primary"
        role="status"
        aria-label={t('Loading')}
      />
    );
  else if (check.publishable)
    body = (
      <p className="studio-json-ok mb-0">
        <i className="bi bi-check-circle me-1" aria-hidden="true" />
        {t('The draft’s {{count}} items pass the rules: it can be published.', { count: draft.items.length })}
      </p>
    );
  else
    body = (
      <>
        <p className="studio-json-count mb-1">{t('The draft cannot be published until these are fixed:')}</p>
        <IssueList issues={check.issues} onOpen={open} />
      </>
    );
  return (
    <section className="studio-file-card" aria-labelledby="studio-draft-check-title">
      <h2 id="studio-draft-check-title" className="h6 mb-2">
        {t('The draft')}
      </h2>
      {body}
    </section>
  );
}

/** Issues of the rules, each with its path and its reason in words. */
function IssueList({ issues, onOpen }: { issues: readonly ConfigIssue[]; onOpen?: (path: string) => void }) {
  const { t } = useTranslation(['studio', 'common']);
  return (
    <ul className="list-unstyled mb-0 studio-file-issues">
      {issues.map((issue) => (
        <li key={`${issue.Path}:${issue.Message}`}>
          {onOpen ? (
            <button
              type="button"
              className="btn btn-link studio-json-issue"
              title={t('Open this item')}
              onClick={() => onOpen(issue.Path)}
            >
              <code className="studio-json-path" {...DATA_TEXT}>
                {issue.Path}
              </code>
              <span className="studio-json-message" {...DATA_TEXT}>
                {issue.Message}
              </span>
            </button>
          ) : (
            <span className="studio-json-issue">
              <code className="studio-json-path" {...DATA_TEXT}>
                {issue.Path}
              </code>
              <span className="studio-json-message" {...DATA_TEXT}>
                {issue.Message}
              </span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

type Upload = { name: string; document: unknown; changes: ConfigChange[] };

function FileSection({ version }: { version: number }) {
  const { t } = useTranslation(['studio', 'common']);
  const queryClient = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [downloading, setDownloading] = useState(false);
  const [reading, setReading] = useState(false);
  const [refusal, setRefusal] = useState<{ text: string; issues: ConfigIssue[] } | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);

  const download = async () => {
    setDownloading(true);
    try {
      const document = await exportConfiguration();
      const blob = new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = window.document.createElement('a');
      link.href = url;
      link.download = `configuration-v${version}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      // The API client has shown the reason.
    } finally {
      setDownloading(false);
    }
  };

  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setRefusal(null);
    setReading(true);
    try {
      if (file.size > FILE_MAX_BYTES) {
        setRefusal({ text: t('The file is larger than 10 MB: it is not a configuration file.'), issues: [] });
        return;
      }
      const text = await file.text();
      const parsed = parseJsonText(text);
      if (!parsed.ok) {
        const { line, column } = lineAndColumn(text, parsed.error.from);
        setRefusal({
          text: t('The file is not JSON: line {{line}}, column {{column}}: {{reason}}', {
            line,
            column,
            reason: t(parsed.error.words.text, parsed.error.words.values ?? {}),
          }),
          issues: [],
        });
        return;
      }
      const { Errors } = await checkConfiguration(parsed.value);
      if (Errors.length > 0) {
        setRefusal({
          text: t('The file breaks the configuration’s rules; nothing changed:'),
          issues: Errors,
        });
        return;
      }
      const plan = await planConfiguration(parsed.value);
      setUpload({ name: file.name, document: parsed.value, changes: plan.Changes });
    } catch (failure) {
      setRefusal({ text: failureText(failure, t('The file could not be read.')), issues: [] });
    } finally {
      setReading(false);
      // The same file may be chosen again after a fix.
      if (input.current) input.current.value = '';
    }
  };

  const applied = async (id: number) => {
    setUpload(null);
    await queryClient.invalidateQueries({ queryKey: ['Configuration'] });
    toast.success(t('Version {{id}} is live.', { id }));
  };

  return (
    <section className="studio-file-card" aria-labelledby="studio-file-title">
      <h2 id="studio-file-title" className="h6 mb-1">
        {t('The configuration file')}
      </h2>
      <p className="text-body-secondary small">
        {t(
          'The whole live configuration as one JSON file: download it, change it, and upload it to see what it changes before applying it.',
        )}
      </p>
      <div className="studio-file-buttons">
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={downloading}
          onClick={() => void download()}
        >
          <i className="bi bi-download me-1" aria-hidden="true" />
          {t('Download the configuration')}
        </button>
        <div>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".json,application/json"
            className="visually-hidden studio-file-input"
            disabled={reading}
            onChange={(event) => void read(event)}
          />
          <label className="btn btn-outline-primary mb-0" htmlFor={inputId}>
            <i className="bi bi-upload me-1" aria-hidden="true" />
            {t('Upload a configuration file')}
          </label>
        </div>
      </div>
      {reading && (
        <div className="d-flex align-items-center gap-2 mt-2 small text-body-secondary">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          <span role="status">{t('Reading the file…')}</span>
        </div>
      )}
      {refusal && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          <p className={refusal.issues.length > 0 ? 'mb-2' : 'mb-0'}>{refusal.text}</p>
          {refusal.issues.length > 0 && <IssueList issues={refusal.issues} />}
        </div>
      )}
      {upload && (
        <ApplyDialog upload={upload} onClose={() => setUpload(null)} onApplied={(id) => void applied(id)} />
      )}
    </section>
  );
}

/** A failure's words: the server's reason, never a stack or a body. */
function failureText(failure: unknown, fallback: string): string {
  if (!isCallFailure(failure)) return fallback;
  return failure.description ?? failure.msg ?? fallback;
}

function ApplyDialog({
  upload,
  onClose,
  onApplied,
}: {
  upload: Upload;
  onClose: () => void;
  onApplied: (version: number) => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const messageId = useId();
  const [message, setMessage] = useState(() => t('Apply {{file}}', { file: upload.name }));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const nothing = upload.changes.length === 0;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || nothing || message.trim() === '') return;
    setBusy(true);
    setFailure('');
    try {
      const version = await applyConfiguration(upload.document, message.trim());
      onApplied(version.Id);
    } catch (error) {
      setFailure(failureText(error, t('The file could not be applied.')));
      setBusy(false);
    }
  };
  return (
    <Modal show onHide={onClose} centered scrollable size="lg" aria-labelledby="studio-apply-title">
      <form onSubmit={submit} className="studio-dialog-form">
        <Modal.Header closeButton closeLabel={t('Close')}>
          <Modal.Title id="studio-apply-title" as="h2" className="h5">
            {t('Apply {{file}}', { file: upload.name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            {nothing
              ? t('The file is the live configuration: applying it would change nothing.')
              : t('Applying it publishes these changes as one version, at once:')}
          </p>
          <ChangeList changes={upload.changes} empty={t('No differences.')} />
          {!nothing && (
            <div className="mt-3">
              <label className="form-label" htmlFor={messageId}>
                {t('Message')}
              </label>
              <input
                id={messageId}
                className="form-control"
                value={message}
                maxLength={500}
                required
                onChange={(event) => setMessage(event.target.value)}
              />
            </div>
          )}
          {failure && (
            <div className="alert alert-danger mt-3 mb-0" role="alert">
              {failure}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {nothing ? t('Close') : t('Cancel')}
          </button>
          {!nothing && (
            <button type="submit" className="btn btn-primary" disabled={busy || message.trim() === ''}>
              {t('Apply')}
            </button>
          )}
        </Modal.Footer>
      </form>
    </Modal>
  );
}
