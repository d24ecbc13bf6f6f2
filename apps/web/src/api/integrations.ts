import type {
  ApiKeyAddNew,
  ApiKeyItem,
  WebhookAddNew,
  WebhookDeliveryItem,
  WebhookItem,
} from '@panelwright/contract';
import { api } from './api';

/** `ApiKey/List`: every key for an administrator, one's own otherwise. */
export const fetchApiKeys = () => api.post<ApiKeyItem[]>('ApiKey', 'List', {});

/** `ApiKey/AddNew`: the answer holds the key, once. */
export const createApiKey = (input: ApiKeyAddNew) =>
  api.post<ApiKeyItem & { Key: string }>('ApiKey', 'AddNew', input);

export const revokeApiKey = (id: string) => api.post<boolean>('ApiKey', 'Revoke', { Id: id });

/** `Webhook/Targets`: the APINames a webhook may follow. */
export const fetchWebhookTargets = () => api.post<string[]>('Webhook', 'Targets', {});

export const fetchWebhooks = () => api.post<WebhookItem[]>('Webhook', 'List', {});

export const createWebhook = (input: WebhookAddNew) => api.post<WebhookItem>('Webhook', 'AddNew', input);

export const updateWebhook = (input: { Id: number; IsActive: boolean }) =>
  api.post<WebhookItem>('Webhook', 'UpdateFields', input);

export const deleteWebhook = (id: number) => api.post<boolean>('Webhook', 'Delete', { Id: id });

export const fetchDeliveries = (page: number) =>
  api.post<{ Data: WebhookDeliveryItem[]; Total: number }>('Webhook', 'Deliveries', {
    Page: page,
    PageSize: 50,
  });

export const redeliver = (id: string) => api.post<boolean>('Webhook', 'Redeliver', { Id: id });

/** The role codes an administrator may give (`Role/List`); null when the caller may not list roles. */
export async function fetchRoleCodes(): Promise<string[] | null> {
  try {
    const answer = await api.post<{ Data: { Code: string }[] }>(
      'Role',
      'List',
      { Page: 1, PageSize: 200 },
      { silent: true, hideError: true },
    );
    return answer.Data.map((row) => row.Code);
  } catch {
    return null;
  }
}
