import type { HistoryEntry, MentionableUser, RecordComment } from '@panelwright/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addComment,
  deleteComment,
  fetchComments,
  fetchMentionable,
  fetchRecordHistory,
} from '../../../api/record-activity';
import { confirmDialog } from '../../../components/modal-host/modal-store';
import { NO_VALUE } from '../../../engine/record-activity/history-values';
import { commentParts, insertMention, mentionAt } from '../../../engine/record-activity/mentions';
import { valueText } from '../../../engine/values';
import { useAppStore } from '../../../state/app-store';
import { onCommentsChanged } from '../../../state/live-events';
import './record-activity.scss';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type RecordRef = { APIName: string; Id: number };

/** A time as the user's language writes it. */
function shownAt(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language === 'vn' ? 'vi-VN' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

const KIND_TEXT = { create: 'added the record', update: 'changed', delete: 'deleted the record' } as const;

/** A field's value as the table shows it (engine `historyValueFormatter`); `verbatim`: data, as written. */
type FieldFormat = (field: string, value: unknown, verbatim?: boolean) => string;

/** Without a table's columns: the value's text. */
const plainValue: FieldFormat = (_field, value) =>
  value === null || value === undefined || value === '' ? NO_VALUE : valueText(value);

/** How often an open thread asks for new comments when the live stream is off. */
export const THREAD_POLL_MS = 10_000;

function HistoryTab({
  record,
  t,
  language,
  format,
}: {
  record: RecordRef;
  t: Translate;
  language: string;
  format: FieldFormat;
}) {
  const history = useQuery({
    queryKey: ['RecordHistory', record.APIName, record.Id],
    queryFn: () => fetchRecordHistory(record),
  });
  if (history.isPending)
    return <div className="spinner-border text-primary" role="status" aria-label={t('Loading')} />;
  if (!history.data) return null;
  if (history.data.Items.length === 0)
    return <p className="text-body-secondary my-3">{t('No change of this record has been recorded yet.')}</p>;
  return (
    <ol className="activity-timeline list-unstyled mb-0">
      {history.data.Items.map((entry: HistoryEntry) => (
        <li key={entry.Id} className="activity-entry">
          <div className="activity-meta">
            <strong>{entry.UserName || t('the system')}</strong> {t(KIND_TEXT[entry.Kind])}
            {entry.Operation && <span className="badge text-bg-secondary ms-2">{t('bulk or import')}</span>}
            <time className="text-body-secondary ms-2 small" dateTime={entry.At}>
              {shownAt(entry.At, language)}
            </time>
          </div>
          {entry.Kind === 'update' && (
            <table className="table table-sm activity-changes mb-0">
              <thead className="visually-hidden">
                <tr>
                  <th scope="col">{t('Field')}</th>
                  <th scope="col">{t('Before')}</th>
                  <th scope="col">{t('After')}</th>
                </tr>
              </thead>
              <tbody>
                {entry.Changes.map((change) => (
                  <tr key={change.Field}>
                    <th scope="row" className="fw-semibold">
                      {t(change.Header)}
                    </th>
                    <td className="activity-old">{format(change.Field, change.Old, change.Verbatim)}</td>
                    <td aria-hidden="true" className="activity-arrow">
                      →
                    </td>
                    <td className="activity-new">{format(change.Field, change.New, change.Verbatim)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </li>
      ))}
      {history.data.More && (
        <li className="text-body-secondary small">{t('Older changes are in the audit log.')}</li>
      )}
    </ol>
  );
}

function CommentText({ comment }: { comment: RecordComment }) {
  const parts = commentParts(
    comment.Body,
    comment.Mentions.map((user) => user.UserName),
  );
  return (
    <p className="activity-comment-body mb-0">
      {parts.map((part, index) =>
        part.mention ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in their order
          <span key={index} className="mention">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/** The box to write a comment in, with the picker of users to mention after an `@`. */
function CommentBox({ record, t, onAdded }: { record: RecordRef; t: Translate; onAdded(): void }) {
  const ids = { box: useId(), list: useId() };
  const area = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [typing, setTyping] = useState<{ start: number; query: string } | null>(null);
  const [choices, setChoices] = useState<MentionableUser[]>([]);
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (!typing) {
      setChoices([]);
      return;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      fetchMentionable(record, typing.query)
        .then((users) => {
          if (!current) return;
          setChoices(users);
          setActive(0);
        })
        .catch(() => {});
    }, 150);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [typing, record]);

  const follow = (value: string, caret: number) => {
    setText(value);
    setTyping(mentionAt(value, caret));
  };
  const choose = (user: MentionableUser) => {
    const box = area.current;
    if (!typing || !box) return;
    const next = insertMention(text, typing.start, box.selectionStart, user.UserName);
    setText(next.text);
    setTyping(null);
    requestAnimationFrame(() => {
      box.focus();
      box.setSelectionRange(next.caret, next.caret);
    });
  };
  const send = async () => {
    if (busy || text.trim() === '') return;
    setBusy(true);
    try {
      await addComment(record, text.trim(), `${window.location.pathname}?record=${record.Id}`);
      setText('');
      setTyping(null);
      onAdded();
    } catch {
      // The API client has said why.
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const open = typing !== null && choices.length > 0;
    if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + choices.length) % choices.length);
    } else if (open && (event.key === 'Enter' || event.key === 'Tab')) {
      event.preventDefault();
      const user = choices[active];
      if (user) choose(user);
    } else if (open && event.key === 'Escape') {
      // Closes the picker, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      setTyping(null);
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };
  const open = typing !== null && choices.length > 0;
  return (
    <div className="activity-comment-box">
      <label htmlFor={ids.box} className="form-label small fw-semibold">
        {t('Add a comment')}
      </label>
      <div className="position-relative">
        <textarea
          id={ids.box}
          ref={area}
          className="form-control"
          rows={3}
          maxLength={4000}
          value={text}
          placeholder={t('Write a comment; type @ to mention someone')}
          aria-controls={ids.list}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${ids.list}-${active}` : undefined}
          onChange={(event) => follow(event.target.value, event.target.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => window.setTimeout(() => setTyping(null), 150)}
        />
        <div
          id={ids.list}
          role="listbox"
          aria-label={t('People to mention')}
          className="mention-picker list-group"
          hidden={!open}
        >
          {choices.map((user, index) => (
            <div
              key={user.Id}
              id={`${ids.list}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={`list-group-item list-group-item-action ${index === active ? 'active' : ''}`}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(user);
              }}
            >
              <span className="fw-semibold">{user.DisplayName || user.UserName}</span>{' '}
              <span className={index === active ? '' : 'text-body-secondary'}>@{user.UserName}</span>
            </div>
          ))}
        </div>
      </div>
      <div className="d-flex justify-content-end mt-2">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={busy || text.trim() === ''}
          onClick={() => void send()}
        >
          <i className="bi bi-send me-1" aria-hidden="true" />
          {t('Comment')}
        </button>
      </div>
    </div>
  );
}

/**
 * The thread: its latest page, older pages on demand. It reads itself again when someone comments:
 * told by the live stream when it is on, else asking every 10 s while it is open and the page shown.
 */
function CommentsTab({ record, t, language }: { record: RecordRef; t: Translate; language: string }) {
  const queryClient = useQueryClient();
  const live = useAppStore((s) => s.dataFirstSetting?.UIAppConfig.hasSignalR === true);
  const key = ['Comments', record.APIName, record.Id];
  const comments = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchComments(record, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.More ? page.Items[0]?.Id : undefined),
    refetchInterval: live ? false : THREAD_POLL_MS,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: key });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the record names the thread
  useEffect(
    () =>
      onCommentsChanged((change) => {
        if (change.APIName === record.APIName && change.Id === record.Id) reload();
      }),
    [record.APIName, record.Id],
  );
  const remove = async (comment: RecordComment) => {
    if (!(await confirmDialog({ message: t('Delete this comment?'), danger: true }))) return;
    try {
      await deleteComment(record, comment.Id);
      reload();
    } catch {
      // The API client has said why.
    }
  };
  // Pages come newest first; the thread reads downwards, oldest first.
  const items = [...(comments.data?.pages ?? [])].reverse().flatMap((page) => page.Items);
  return (
    <div>
      {comments.isPending && (
        <div className="spinner-border text-primary" role="status" aria-label={t('Loading')} />
      )}
      {comments.data && items.length === 0 && (
        <p className="text-body-secondary my-3">{t('No comments yet. Start the conversation below.')}</p>
      )}
      {comments.hasNextPage && (
        <button
          type="button"
          className="btn btn-link btn-sm px-0 mb-2"
          disabled={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          {t('Show older comments')}
        </button>
      )}
      {items.length > 0 && (
        <ol className="activity-comments list-unstyled" aria-label={t('Comments')}>
          {items.map((comment) => (
            <li key={comment.Id} className="activity-comment">
              <div className="activity-meta d-flex align-items-center gap-2">
                <strong>{comment.DisplayName || comment.UserName || t('a removed user')}</strong>
                <time className="text-body-secondary small" dateTime={comment.At}>
                  {shownAt(comment.At, language)}
                </time>
                {comment.CanDelete && (
                  <button
                    type="button"
                    className="btn btn-link btn-sm text-danger ms-auto p-0"
                    aria-label={t('Delete comment')}
                    onClick={() => void remove(comment)}
                  >
                    <i className="bi bi-trash" aria-hidden="true" />
                  </button>
                )}
              </div>
              <CommentText comment={comment} />
            </li>
          ))}
        </ol>
      )}
      <CommentBox record={record} t={t} onAdded={reload} />
    </div>
  );
}

const TABS = [
  { id: 'comments', title: 'Comments' },
  { id: 'history', title: 'History' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * A record's activity: its comment thread (with @mentions that notify) and its history of changes,
 * as tabs. Shown in a dialog from the table's selection or from a notification's link.
 */
export function RecordActivity({
  apiName,
  id,
  initialTab = 'comments',
  t,
  format = plainValue,
}: {
  apiName: string;
  id: number;
  initialTab?: TabId;
  /** The table's translation: its screen's texts (the field headers) before the table's. */
  t: Translate;
  /** A field's value as the table shows it. */
  format?: FieldFormat;
}) {
  const { i18n } = useTranslation();
  const base = useId();
  const [active, setActive] = useState<TabId>(initialTab);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const record = { APIName: apiName, Id: id };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = (index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    const tab = TABS[next];
    if (!tab) return;
    setActive(tab.id);
    tabs.current[next]?.focus();
  };
  return (
    <div className="record-activity">
      <div className="nav nav-tabs mb-3" role="tablist">
        {TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={`${base}-tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={active === tab.id}
            aria-controls={`${base}-panel`}
            tabIndex={active === tab.id ? 0 : -1}
            className={`nav-link ${active === tab.id ? 'active' : ''}`}
            onClick={() => setActive(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t(tab.title)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${active}`}>
        {active === 'comments' ? (
          <CommentsTab record={record} t={t} language={i18n.language} />
        ) : (
          <HistoryTab record={record} t={t} language={i18n.language} format={format} />
        )}
      </div>
    </div>
  );
}
