import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../testing/i18n';
import { inStudio } from '../../testing/studio-draft';
import { type MemoryDraft, memoryDraft } from '../../testing/studio-draft-calls';
import { TextsPage } from './texts-page';

const memory = vi.hoisted(() => ({ draft: null as unknown as MemoryDraft }));
vi.mock('../../api/configuration', async () => {
  const { configurationCalls } = await import('../../testing/studio-draft-calls');
  return configurationCalls(() => memory.draft);
});
vi.mock('../../api/translations', () => ({
  fetchShippedTexts: async () => ({
    en: { common: {} },
    vn: {
      common: { Login: 'Đăng nhập', Logout: 'Đăng xuất' },
      // Enough texts for more than one page.
      table: Object.fromEntries(
        Array.from({ length: 60 }, (_, index) => [`Column ${index}`, `Cột ${index}`]),
      ),
      studio: {},
    },
  }),
}));
vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

beforeAll(initTestI18n);
beforeEach(() => {
  memory.draft = memoryDraft({
    translations: { vn: { common: { Logout: 'Thoát' } }, en: { studio: { History: 'History' } } },
  });
});

const rowOf = (key: string) => screen.getByText(key, { selector: 'code' }).closest('li') as HTMLElement;

describe('the studio’s texts page', () => {
  it('lists the Vietnamese texts with the shipped and configured text, a page at a time', async () => {
    render(inStudio(<TextsPage />));
    expect(await screen.findByText('63 texts')).toBeTruthy();
    const logout = rowOf('Logout');
    expect(within(logout).getByText('Đăng xuất')).toBeTruthy();
    expect(within(logout).getByText('Thoát')).toBeTruthy();
    expect(within(rowOf('Login')).getByText('As shipped')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByText('Next', { selector: 'button' }));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('finds texts by key or text, and those missing in Vietnamese', async () => {
    render(inStudio(<TextsPage />));
    const search = await screen.findByLabelText('Search');
    fireEvent.change(search, { target: { value: 'dang nhap' } });
    await waitFor(() => expect(screen.getByText('1 texts')).toBeTruthy());
    expect(rowOf('Login')).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Missing in Vietnamese'));
    await waitFor(() => expect(screen.getByText('1 texts')).toBeTruthy());
    expect(within(rowOf('History')).getByText('Missing')).toBeTruthy();
  });

  it('saves an edited text into the draft and resets a configured one to the shipped text', async () => {
    render(inStudio(<TextsPage />));
    await screen.findByText('63 texts');
    fireEvent.click(screen.getByLabelText('Edit the text for “Login”'));
    const field = screen.getByLabelText('Text for “Login”');
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(within(rowOf('Login')).getByText('Save', { selector: 'button' }));
    // An empty text is refused in words; nothing is saved.
    expect(await within(rowOf('Login')).findByText('is required')).toBeTruthy();
    expect(memory.draft.saves).toHaveLength(0);
    fireEvent.change(field, { target: { value: 'Vào hệ thống' } });
    fireEvent.click(within(rowOf('Login')).getByText('Save', { selector: 'button' }));
    await waitFor(() =>
      expect(memory.draft.saves).toEqual([
        { Item: ['translations', 'vn', 'common', 'Login'], Value: 'Vào hệ thống' },
      ]),
    );
    expect(await within(rowOf('Login')).findByText('Vào hệ thống')).toBeTruthy();
    expect(within(rowOf('Login')).getByText('Changed in the draft')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Reset “Logout” to the shipped text'));
    await waitFor(() => expect(memory.draft.saves).toHaveLength(2));
    expect(memory.draft.saves[1]).toEqual({ Item: ['translations', 'vn', 'common', 'Logout'], Value: null });
    await waitFor(() => expect(within(rowOf('Logout')).getByText('As shipped')).toBeTruthy());
  });
});
