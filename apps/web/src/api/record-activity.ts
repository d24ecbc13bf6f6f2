import type { CommentList, HistoryList, MentionableUser, RecordComment } from '@panelwright/contract';
import { api } from './api';

// A record's history and comments (docs/record-activity.md).

type RecordRef = { APIName: string; Id: number };

/** `RecordHistory/List`: the record's changes, newest first. */
export function fetchRecordHistory(record: RecordRef): Promise<HistoryList> {
  return api.post('RecordHistory', 'List', record);
}

/**
 * `Comments/List`: a page of the record's thread, oldest first: the latest comments, or those before
 * the comment `before`. Asked again by itself while the thread is open, so quietly.
 */
export function fetchComments(record: RecordRef, before?: number): Promise<CommentList> {
  return api.post('Comments', 'List', before === undefined ? record : { ...record, Before: before }, {
    silent: true,
  });
}

/** `Comments/AddNew`: `@username` in the text mentions (and notifies) a user. */
export function addComment(record: RecordRef, body: string, url: string): Promise<RecordComment> {
  return api.post('Comments', 'AddNew', { ...record, Body: body, Url: url });
}

export function deleteComment(record: RecordRef, commentId: number): Promise<boolean> {
  return api.post('Comments', 'Delete', { ...record, CommentId: commentId });
}

/** `Comments/Mentionable`: users who may read the record, whose name starts with `search`. */
export async function fetchMentionable(record: RecordRef, search: string): Promise<MentionableUser[]> {
  const data = await api.post<{ Items: MentionableUser[] }>(
    'Comments',
    'Mentionable',
    { ...record, Search: search },
    { silent: true },
  );
  return data.Items;
}
