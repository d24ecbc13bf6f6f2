import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppState } from '../../state/app-store';
import { initTestI18n } from '../../testing/i18n';
import { SettingsPage } from './settings-page';

const calls = vi.hoisted(() => ({
  role: 'admin',
  saveSettings: vi.fn(async () => ({})),
  fetchAdminSettings: vi.fn(async () => ({
    Security: { fa2Required: false, webhookAllowPrivate: false, oidcDefaultRole: 'staff' },
  })),
}));
vi.mock('../../api/account', () => ({ fetchProfile: async () => ({ Role: calls.role }) }));
vi.mock('../../api/settings', () => ({
  saveSettings: calls.saveSettings,
  fetchAdminSettings: calls.fetchAdminSettings,
  // What Role/List answers, administrator roles left out by fetchGivableRoles itself (its own test
  // is the server's): the page offers what it is given.
  fetchGivableRoles: async () => [
    { Code: 'staff', Name: 'Staff' },
    { Code: 'viewer', Name: 'Viewer' },
  ],
}));
vi.mock('../../state/session-actions', () => ({ loadFirstSetting: async () => {} }));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeAll(initTestI18n);
beforeEach(() => {
  calls.saveSettings.mockClear();
  setAppState({ dataFirstSetting: { UIAppConfig: { siteName: 'Admin', checkIdleSecond: 60 } } as never });
});
afterEach(() => setAppState({ dataFirstSetting: null }));

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SettingsPage />
    </QueryClientProvider>,
  );

describe('the settings page', () => {
  it("shows the default role of new accounts, offers the roles that are not administrators' and saves the one chosen", async () => {
    calls.role = 'admin';
    renderPage();
    const select = await screen.findByRole('combobox', {
      name: 'Role of accounts made by registration, social or OpenID Connect sign-in',
    });
    await waitFor(() => expect(select).toHaveProperty('value', 'staff'));
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No role', 'Staff', 'Viewer']);
    await userEvent.selectOptions(select, 'Viewer');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.saveSettings).toHaveBeenCalledWith({ Security: { oidcDefaultRole: 'viewer' } }),
    );
  });

  it('shows no default role to someone who may only read the settings, nor asks the server for it', async () => {
    calls.role = 'staff';
    calls.fetchAdminSettings.mockClear();
    renderPage();
    await screen.findByText('Only an administrator may change the settings.');
    expect(screen.queryByRole('combobox', { name: /Role of accounts/ })).toBeNull();
    expect(calls.fetchAdminSettings).not.toHaveBeenCalled();
  });
});
