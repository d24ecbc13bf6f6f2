import type {
  ConfigChange,
  ConfigDocument,
  ConfigDraftItem,
  ConfigVersionSummary,
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
export function publishConfigDraft(message: string): Promise<ConfigVersionSummary> {
  return api.post('Configuration', 'Publish', { Message: message });
}
