import type { ApiKeyItem } from '@panelwright/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../testing/i18n';
import * as integrations from '../../api/integrations';
import ModalHost from '../../components/modal-host/modal-host';
import { useModalStore } from '../../components/modal-host/modal-store';
import { ApiKeysTab } from './api-keys-tab';
import { DeliveriesTab } from './deliveries-tab';
import { WebhooksTab } from './webhooks-tab';

vi.mock('../../api/integrations', () => ({
  fetchApiKeys: vi.fn(),
  createApiKey: vi.fn(),
  revokeApiKey: vi.fn(),
  fetchRoleCodes: vi.fn(),
  fetchWebhookTargets: vi.fn(),
  fetchWebhooks: vi.fn(),
  createWebhook: vi.fn(),
  updateWebhook: vi.fn(),
  deleteWebhook: vi.fn(),
  fetchDeliveries: vi.fn(),
  redeliver: vi.fn(),
}));
const api = vi.mocked(integrations);

const KEY: ApiKeyItem = {
  Id: 'k1',
  Name: 'Nightly export',
  Prefix: 'pwk_ab12',
  Role: 'viewer',
  Owner: 'admin',
  AllowedAddresses: [],
  ExpiresAt: null,
  CreatedAt: '2026-11-27T08:00:00Z',
  LastUsedAt: null,
  LastUsedIp: null,
  RevokedAt: null,
  Status: 'active',
};

function show(element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {element}
      <ModalHost />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  useModalStore.setState({ modals: [] });
  api.fetchRoleCodes.mockResolvedValue(['viewer']);
  api.fetchWebhookTargets.mockResolvedValue(['Product']);
});
afterEach(cleanup);

describe('a new API key', () => {
  it("is shown once in the product's secret dialog: named, copied, closed with Done", async () => {
    const user = userEvent.setup();
    api.fetchApiKeys.mockResolvedValue([]);
    api.createApiKey.mockResolvedValue({ ...KEY, Key: 'pwk_ab12_secret-value' });
    show(<ApiKeysTab isAdmin ownRoles={[]} />);
    await screen.findByText('No API keys yet.');
    await user.type(screen.getByLabelText('Name'), 'Nightly export');
    await user.selectOptions(screen.getByLabelText('Role'), 'viewer');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your new key' });
    // The shared dialog of the modal host (the one way a secret is shown), not a dialog of its own.
    expect(dialog.querySelector('[data-modal-type]')?.getAttribute('data-modal-type')).toBe('component');
    expect((within(dialog).getByRole('textbox', { name: 'Key' }) as HTMLTextAreaElement).value).toBe(
      'pwk_ab12_secret-value',
    );
    // One status in the dialog, its line under the key: the key itself is no news to announce.
    expect(
      within(dialog)
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toEqual(['It is shown only this once.']);
    expect(dialog.textContent).toContain('Copy the key Nightly export now');
    expect(within(dialog).getByText('It is shown only this once.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('pwk_ab12_secret-value');
    expect(within(dialog).getByText('Copied to the clipboard.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The form is cleared for the next key.
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });
});

describe("the integrations tabs' list states", () => {
  it('API keys: a failed list says so in words with Retry, which asks again', async () => {
    const user = userEvent.setup();
    api.fetchApiKeys.mockRejectedValueOnce(new Error('List failed')).mockResolvedValue([KEY]);
    show(<ApiKeysTab isAdmin ownRoles={[]} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The API keys could not be loaded.');
    expect(screen.queryByText('No API keys yet.')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Nightly export');
    expect(api.fetchApiKeys).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('API keys: while loading a labelled spinner; empty, a sentence and the action that starts a key', async () => {
    const user = userEvent.setup();
    let answer: (keys: ApiKeyItem[]) => void = () => {};
    api.fetchApiKeys.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    show(<ApiKeysTab isAdmin ownRoles={[]} />);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    answer([]);
    const empty = await screen.findByText('No API keys yet.');
    await user.click(screen.getByRole('button', { name: 'Name your first key' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(empty.closest('[role="status"]')).not.toBeNull();
  });

  it('webhooks: a failed list says so with Retry; empty, the action goes to the form', async () => {
    const user = userEvent.setup();
    api.fetchWebhooks.mockRejectedValueOnce(new Error('List failed')).mockResolvedValue([]);
    show(<WebhooksTab />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The webhooks could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('No webhooks yet.');
    await user.click(screen.getByRole('button', { name: 'Set up the first webhook' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Resource (APIName)'));
  });

  it('delivery log: a failed list says so with Retry; empty, the action leads to the webhooks', async () => {
    const user = userEvent.setup();
    const showWebhooks = vi.fn();
    api.fetchDeliveries
      .mockRejectedValueOnce(new Error('List failed'))
      .mockResolvedValue({ Data: [], Total: 0 });
    show(<DeliveriesTab onShowWebhooks={showWebhooks} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The delivery log could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('No deliveries yet.');
    await user.click(screen.getByRole('button', { name: 'See the webhooks' }));
    expect(showWebhooks).toHaveBeenCalled();
  });
});
