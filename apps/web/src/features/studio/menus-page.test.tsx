import type { ConfigMenuEntry } from '@panelwright/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { findEntry } from '../../engine/menu-tree';
import { initTestI18n } from '../../testing/i18n';
import { inStudio } from '../../testing/studio-draft';
import { type MemoryDraft, memoryDraft } from '../../testing/studio-draft-calls';
import { MenusPage } from './menus-page';

const memory = vi.hoisted(() => ({ draft: null as unknown as MemoryDraft }));
vi.mock('../../api/configuration', async () => {
  const { configurationCalls } = await import('../../testing/studio-draft-calls');
  return configurationCalls(() => memory.draft);
});
vi.mock('../../api/translations', () => ({
  fetchShippedTexts: async () => ({ en: {}, vn: { common: { Home: 'Trang chủ' } } }),
}));
const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toasts }));

beforeAll(initTestI18n);

const entry = (
  code: string,
  name: string,
  url: string,
  children: ConfigMenuEntry[] = [],
): ConfigMenuEntry => ({
  code,
  name,
  url,
  icon: '',
  newWindow: false,
  isEnabled: true,
  children,
});

beforeEach(() => {
  toasts.error.mockReset();
  memory.draft = memoryDraft(
    {
      screens: {
        products: { title: 'Products', uiUrl: '/data/products', parent: null },
        reports: { title: 'Sales report', uiUrl: '/reports/sales', parent: null },
      } as never,
      menus: {
        side: [
          entry('home', 'Home', '/home'),
          entry('group-data', 'Data', '', [
            entry('products', 'Products', '/data/products'),
            entry('events', 'Events', '/data/events'),
          ]),
          entry('group-reports', 'Reports', '', []),
        ],
        app: [],
      },
    },
    [
      {
        kind: 'menu',
        item: 'side/home',
        path: ['menus', 'side', 'home', 'name'],
        op: 'change',
        before: 'Start',
        after: 'Home',
      },
    ],
  );
});

const lastSaved = () => memory.draft.saves.at(-1);
const codesOf = (tree: unknown, code: string | null) =>
  (code === null
    ? (tree as ConfigMenuEntry[])
    : (findEntry(tree as ConfigMenuEntry[], code)?.entry.children ?? [])
  ).map((item) => item.code);

describe('the studio’s menus page', () => {
  it('shows the side menu as groups with their entries, and marks what the draft changed', async () => {
    render(inStudio(<MenusPage />));
    const data = await screen.findByRole('button', { name: 'Move Data' });
    expect(data).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add an entry to Data' })).toBeTruthy();
    const home = screen.getByRole('button', { name: 'Move Home' }).closest('.studio-menu-row') as HTMLElement;
    expect(within(home).getByText('Changed in the draft')).toBeTruthy();
    const events = screen
      .getByRole('button', { name: 'Move Events' })
      .closest('.studio-menu-row') as HTMLElement;
    expect(within(events).queryByText('Changed in the draft')).toBeNull();
    expect(screen.getByText('No entries in this group yet.')).toBeTruthy();
    // The app menu is empty, and says so.
    fireEvent.click(screen.getByRole('button', { name: 'App menu' }));
    expect(await screen.findByText('This menu has no entries yet.')).toBeTruthy();
  });

  it('moves an entry with the keyboard alone: up, into the group above, out again; announces each and keeps focus', async () => {
    render(inStudio(<MenusPage />));
    const events = await screen.findByRole('button', { name: 'Move Events' });
    events.focus();
    fireEvent.keyDown(events, { key: 'ArrowUp', altKey: true });
    await waitFor(() => expect(lastSaved()?.Item).toEqual(['menus', 'side']));
    expect(codesOf(lastSaved()?.Value, 'group-data')).toEqual(['events', 'products']);
    expect(screen.getByText('Events: place 1 of 2 in Data.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Events'));

    // Out of the group, to just after it; then into the group above it again.
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft', altKey: true });
    await waitFor(() => expect(memory.draft.saves).toHaveLength(2));
    expect(codesOf(lastSaved()?.Value, null)).toEqual(['home', 'group-data', 'events', 'group-reports']);
    expect(screen.getByText('Events: place 3 of 4 at the top of the menu.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Events'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight', altKey: true });
    await waitFor(() => expect(memory.draft.saves).toHaveLength(3));
    expect(codesOf(lastSaved()?.Value, 'group-data')).toEqual(['products', 'events']);

    // A move that cannot be made saves nothing and says so.
    const home = screen.getByRole('button', { name: 'Move Home' });
    fireEvent.keyDown(home, { key: 'ArrowUp', altKey: true });
    expect(screen.getByText('Home cannot move that way.')).toBeTruthy();
    // Without Alt, the arrows are left to the page.
    fireEvent.keyDown(home, { key: 'ArrowDown' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(memory.draft.saves).toHaveLength(3);
  });

  it('moves an entry into a group by drag and drop', async () => {
    render(inStudio(<MenusPage />));
    const home = (await screen.findByRole('button', { name: 'Move Home' })).closest(
      '.studio-menu-row',
    ) as HTMLElement;
    const reports = screen
      .getByRole('button', { name: 'Move Reports' })
      .closest('.studio-menu-row') as HTMLElement;
    const dataTransfer = { setData: vi.fn(), getData: () => 'home', effectAllowed: '', dropEffect: '' };
    reports.getBoundingClientRect = () =>
      ({ top: 0, height: 40, bottom: 40, left: 0, right: 100, width: 100 }) as DOMRect;
    fireEvent.dragStart(home, { dataTransfer });
    fireEvent.dragOver(reports, { dataTransfer, clientY: 20 });
    fireEvent.drop(reports, { dataTransfer, clientY: 20 });
    await waitFor(() => expect(memory.draft.saves).toHaveLength(1));
    expect(codesOf(lastSaved()?.Value, 'group-reports')).toEqual(['home']);
  });

  it('adds an entry into a chosen group, from a screen of the configuration, after checking its fields', async () => {
    render(inStudio(<MenusPage />));
    fireEvent.click(await screen.findByText('Add an entry', { selector: 'button' }));
    const dialog = await screen.findByRole('dialog');
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    fireEvent.change(field('Put it in'), { target: { value: 'group-reports' } });
    // A wrong address is refused under its field, in words, and nothing is saved.
    fireEvent.change(field('Name'), { target: { value: 'Weekly sales' } });
    fireEvent.change(field('Address'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByText('Add', { selector: 'button' }));
    expect(
      await within(dialog).findByText('must be a path such as /data/products or an http(s) address'),
    ).toBeTruthy();
    expect(field('Address').getAttribute('aria-invalid')).toBe('true');
    expect(memory.draft.saves).toHaveLength(0);

    fireEvent.change(field('Screen'), { target: { value: '/reports/sales' } });
    expect(field('Address').value).toBe('/reports/sales');
    fireEvent.change(field('Name in Vietnamese'), { target: { value: 'Doanh số tuần' } });
    fireEvent.click(within(dialog).getByText('Add', { selector: 'button' }));
    // The menu, then the entry's name in Vietnamese (a text keyed by its English name).
    await waitFor(() => expect(memory.draft.saves).toHaveLength(2));
    expect(memory.draft.saves[1]).toEqual({
      Item: ['translations', 'vn', 'common', 'Weekly sales'],
      Value: 'Doanh số tuần',
    });
    memory.draft.saves.pop();
    const added = findEntry(lastSaved()?.Value as ConfigMenuEntry[], 'weekly-sales');
    expect(added?.parent?.code).toBe('group-reports');
    expect(added?.entry).toMatchObject({ name: 'Weekly sales', url: '/reports/sales', isEnabled: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('picks an icon from a searchable list of the product’s icons', async () => {
    const user = userEvent.setup();
    render(inStudio(<MenusPage />));
    await user.click(await screen.findByRole('button', { name: 'Edit Home' }));
    const dialog = await screen.findByRole('dialog');
    // The Vietnamese name shown is the shipped one; left as it is, it is not saved.
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Name in Vietnamese') as HTMLInputElement).value).toBe(
        'Trang chủ',
      ),
    );
    fireEvent.change(within(dialog).getByLabelText('Search icons'), { target: { value: 'house-door' } });
    await user.click(await within(dialog).findByRole('radio', { name: 'house-door-fill' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(memory.draft.saves).toHaveLength(1));
    expect(findEntry(lastSaved()?.Value as ConfigMenuEntry[], 'home')?.entry.icon).toBe('bi-house-door-fill');
  });

  it('removes an entry only once confirmed', async () => {
    const user = userEvent.setup();
    render(inStudio(<MenusPage />));
    await user.click(await screen.findByRole('button', { name: 'Remove Data' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Data and the 2 entries in it leave the menu when the draft is published.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(memory.draft.saves).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove Data' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(memory.draft.saves).toHaveLength(1));
    expect(codesOf(lastSaved()?.Value, null)).toEqual(['home', 'group-reports']);
  });
});
