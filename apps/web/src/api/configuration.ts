import type {
  ConfigChange,
  ConfigDocument,
  ConfigDraftItem,
  ConfigVersionSummary,
  ResourceColumnInfo,
} from '@panelwright/contract';
import { api } from './api';

/** `Configuration/LiveVersion`: the number of the configuration every call serves now. */
export async function fetchLiveConfigVersion(): Promise<number | null> {
  try {
    const answer = await api.post<{ Version: number }>(
      'Configuration',
      'LiveVersion',
      {},
      { silent: true, hideError: true },
    );
    return answer.Version;
  } catch {
    return null;
  }
}

export type VersionPage = { Data: ConfigVersionSummary[]; Total: number };

/** `Configuration/History`: the published versions, newest first. */
export function fetchConfigHistory(page: number, pageSize: number): Promise<VersionPage> {
  return api.post<VersionPage>('Configuration', 'History', { Page: page, PageSize: pageSize });
}

export type VersionDetail = {
  Version: ConfigVersionSummary;
  Changes: ConfigChange[];
  Document: ConfigDocument;
};

/** `Configuration/Version`: one version, what it changed and its whole configuration. */
export function fetchConfigVersion(id: number): Promise<VersionDetail> {
  return api.post<VersionDetail>('Configuration', 'Version', { Id: id });
}

/** `Configuration/Compare`: what changes from one version to another. */
export function compareConfigVersions(from: number, to: number): Promise<{ Changes: ConfigChange[] }> {
  return api.post('Configuration', 'Compare', { From: from, To: to });
}

/** `Configuration/Restore`: publishes an older version again, as a new version. */
export function restoreConfigVersion(id: number, message: string): Promise<ConfigVersionSummary> {
  return api.post('Configuration', 'Restore', { Id: id, Message: message });
}

export type DraftState = {
  Version: number;
  Document: ConfigDocument;
  Items: ConfigDraftItem[];
  Changes: ConfigChange[];
};

/** `Configuration/Draft`: the shared draft over the live configuration. */
export function fetchConfigDraft(): Promise<DraftState> {
  return api.post<DraftState>('Configuration', 'Draft', {});
}

/** `Configuration/Publish`: the draft becomes the live configuration, with a message. */
export function publishConfigDraft(
  message: string,
  /** Names typed to confirm the stored values the publish deletes (see Collections/Losses). */
  confirm: readonly string[] = [],
): Promise<ConfigVersionSummary> {
  return api.post('Configuration', 'Publish', {
    Message: message,
    ...(confirm.length ? { Confirm: confirm } : {}),
  });
}

/** A refusal of the configuration's rules: where (`screens.products.columns.Price.more.button.color`) and what. */
export type ConfigIssue = { Path: string; Message: string };

/** `Configuration/SaveDraft`: one item of the shared draft; `null` removes the item when published. */
export function saveConfigDraft(input: {
  Item: readonly string[];
  Value: unknown;
  Version: number;
  Revision: number;
}): Promise<ConfigDraftItem> {
  return api.post('Configuration', 'SaveDraft', input, { hideError: true });
}

/** `Configuration/DiscardDraft`: the named items of the draft, or all of it. */
export function discardConfigDraft(items?: readonly (readonly string[])[]): Promise<{ Discarded: number }> {
  return api.post('Configuration', 'DiscardDraft', items ? { Items: items } : {});
}

/** `Configuration/CheckItem`: what the rules say of an item's value, without saving it. */
export function checkConfigItem(item: readonly string[], value: unknown): Promise<{ Errors: ConfigIssue[] }> {
  return api.post('Configuration', 'CheckItem', { Item: item, Value: value }, { silent: true });
}

/** `Configuration/Columns`: a resource's declared columns and what a screen may change of them. */
export async function fetchResourceColumns(apiName: string): Promise<ResourceColumnInfo[]> {
  const answer = await api.post<{ Columns: ResourceColumnInfo[] }>('Configuration', 'Columns', {
    ApiName: apiName,
  });
  return answer.Columns;
}

/** `Configuration/Check`: every issue of a whole document, in the caller's language (none: it may be applied). */
export function checkConfiguration(document: unknown): Promise<{ Errors: ConfigIssue[] }> {
  return api.post('Configuration', 'Check', { Document: document }, { silent: true, hideError: true });
}

/** `Configuration/Export`: the live configuration as one document (what `npm run config -- export` writes). */
export function exportConfiguration(): Promise<ConfigDocument> {
  return api.post<ConfigDocument>('Configuration', 'Export', {});
}

/** `Configuration/Plan`: what applying a document would change; changes nothing. */
export function planConfiguration(document: unknown): Promise<{ Version: number; Changes: ConfigChange[] }> {
  return api.post('Configuration', 'Plan', { Document: document }, { hideError: true });
}

/** `Configuration/Apply`: a whole document becomes the live configuration, as one version. */
export function applyConfiguration(document: unknown, message: string): Promise<ConfigVersionSummary> {
  return api.post('Configuration', 'Apply', { Document: document, Message: message }, { hideError: true });
}
