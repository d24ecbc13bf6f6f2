import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CommentList, HistoryList, RecordComment } from '@panelwright/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../testing/i18n';
import * as activityApi from '../../../api/record-activity';
import { prepareColumns } from '../../../engine/columns';
import { historyValueFormatter } from '../../../engine/record-activity/history-values';
import { columnDef } from '../../../engine/testing/columns';
import { i18n } from '../../../i18n';
import { useAppStore } from '../../../state/app-store';
import { emitCommentsChanged } from '../../../state/live-events';
import { RecordActivity, THREAD_POLL_MS } from './record-activity';

vi.mock('../../../api/record-activity', () => ({
  fetchRecordHistory: vi.fn(),
  fetchComments: vi.fn(),
  addComment: vi.fn(),
  deleteComment: vi.fn(),
  fetchMentionable: vi.fn(),
}));
const api = vi.mocked(activityApi);

const LOCALES = resolve(import.meta.dirname, '../../../../public/locales');
const NAMESPACES = ['screens', 'table', 'common'];

beforeAll(() => {
  // The shipped Vietnamese texts, as the page loads them.
  for (const ns of NAMESPACES) {
    i18n.addResourceBundle(
      'vn',
      ns,
      JSON.parse(readFileSync(`${LOCALES}/vn/${ns}.json`, 'utf8')),
      true,
      true,
    );
  }
});

const COLUMNS = prepareColumns({
  Name: columnDef({ fieldName: 'Name', Header: 'Name', Index: 1 }),
  Price: columnDef({ fieldName: 'Price', Header: 'Price', type: 'money', Index: 2 }),
  Status: columnDef({
    fieldName: 'Status',
    Header: 'Status',
    type: 'select',
    Index: 3,
    Type: { source: 'Status' },
  }),
  Released: columnDef({ fieldName: 'Released', Header: 'Released', type: 'date', Index: 4 }),
  CategoryId: columnDef({
    fieldName: 'CategoryId',
    Header: 'Category',
    type: 'select',
    Index: 7,
    Type: { source: 'Category' },
  }),
  IsFeatured: columnDef({ fieldName: 'IsFeatured', Header: 'Featured', type: 'switch', Index: 5 }),
  Stocked: columnDef({
    fieldName: 'Stocked',
    Header: 'Stocked',
    type: 'date',
    Index: 6,
    more: { dateFormat: 'DD/MM/YYYY' },
  }),
});

const HISTORY: HistoryList = {
  Items: [
    {
      Id: 2,
      At: '2026-11-20T09:30:00.000Z',
      Kind: 'update',
      UserName: 'vnstaff',
      Changes: [
        { Field: 'Price', Header: 'Price', Old: 10, New: 4321.5 },
        { Field: 'Status', Header: 'Status', Old: 'Active', New: 'Archived' },
        // Categories' names are data, even one spelled as a UI word ("Office"): shown as written.
        { Field: 'CategoryId', Header: 'Category', Old: 'Office', New: 'Furniture', Verbatim: true },
        { Field: 'Released', Header: 'Released', Old: null, New: '2026-03-15' },
        { Field: 'Stocked', Header: 'Stocked', Old: '2026-01-05', New: '2026-02-07' },
        { Field: 'IsFeatured', Header: 'Featured', Old: false, New: true },
        // Free text that happens to be a translated word stays as it was written.
        { Field: 'Name', Header: 'Name', Old: 'Blue pen', New: 'Archived' },
      ],
    },
    { Id: 1, At: '2026-11-19T08:00:00.000Z', Kind: 'create', UserName: '', Changes: [] },
  ],
  More: false,
};

const comment = (id: number, body: string, extra: Partial<RecordComment> = {}): RecordComment => ({
  Id: id,
  At: '2026-11-20T10:00:00.000Z',
  UserId: 2,
  UserName: 'ann',
  DisplayName: 'Ann',
  Body: body,
  Mentions: [],
  CanDelete: false,
  ...extra,
});

function renderActivity(language: 'en' | 'vn', initialTab: 'comments' | 'history' = 'comments') {
  const t = i18n.getFixedT(language, NAMESPACES) as unknown as (key: string, options?: object) => string;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <RecordActivity
        apiName="Product"
        id={3}
        t={t}
        initialTab={initialTab}
        format={historyValueFormatter(COLUMNS, t)}
      />
    </QueryClientProvider>,
  );
}

const setHub = (on: boolean) =>
  useAppStore.setState({
    dataFirstSetting: { UIAppConfig: { hasSignalR: on } } as never,
  });

beforeEach(() => {
  api.fetchRecordHistory.mockResolvedValue(HISTORY);
  api.fetchComments.mockResolvedValue({ Items: [], More: false });
  setHub(true);
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
  await i18n.changeLanguage('en');
});

describe('the history timeline', () => {
  it('speaks Vietnamese: the field labels, who did what, choices translated, values as the table shows them', async () => {
    await i18n.changeLanguage('vn');
    renderActivity('vn', 'history');
    expect(screen.getByRole('tab', { name: 'Lịch sử' }).getAttribute('aria-selected')).toBe('true');
    const entry = (await screen.findByText('vnstaff')).closest('li') as HTMLElement;
    expect(entry.textContent).toContain('vnstaff đã thay đổi');
    const change = (label: string) => {
      const row = within(entry).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;
      return [
        row.querySelector('.activity-old')?.textContent,
        row.querySelector('.activity-new')?.textContent,
      ];
    };
    // Money with its 2 decimals, the product's symbols.
    expect(change('Giá')).toEqual(['10,00', '4.321,50']);
    expect(change('Trạng thái')).toEqual(['Đang hoạt động', 'Đã lưu trữ']);
    expect(change('Danh mục')).toEqual(['Office', 'Furniture']);
    // Dates in the table's format: the default DD-MMMYY, or the column's own.
    expect(change('Ngày phát hành')).toEqual(['—', '15-Mar26']);
    expect(change('Stocked')).toEqual(['05/01/2026', '07/02/2026']);
    expect(change('Tên')).toEqual(['Blue pen', 'Archived']);
    const added = screen.getAllByRole('listitem')[1] as HTMLElement;
    expect(added.textContent).toContain('đã thêm bản ghi');
    // Nothing in English is left where a Vietnamese text exists.
    expect(entry.textContent).not.toMatch(/\bchanged\b|Price|Status/);
  });

  it('shows the same in English', async () => {
    renderActivity('en', 'history');
    const entry = (await screen.findByText('vnstaff')).closest('li') as HTMLElement;
    expect(entry.textContent).toContain('vnstaff changed');
    const row = within(entry).getByRole('rowheader', { name: 'Featured' }).closest('tr') as HTMLElement;
    expect(row.querySelector('.activity-new')?.textContent).toBe('Yes');
  });
});

describe('the comment thread', () => {
  it('shows HTML and markdown as the text they are', async () => {
    const body = '<img src=x onerror="alert(1)"><script>alert(2)</script> **bold** [a](javascript:alert(3))';
    api.fetchComments.mockResolvedValue({ Items: [comment(1, body)], More: false });
    const { container } = renderActivity('en');
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(list.querySelector('.activity-comment-body')?.textContent).toBe(body);
    expect(container.querySelector('img, script, strong:not(:first-child), a')).toBeNull();
  });

  it('reads a long thread a page at a time: older comments on asking', async () => {
    api.fetchComments.mockImplementation(async (_record, before) =>
      before === undefined
        ? { Items: [comment(51, 'fifty-one'), comment(52, 'fifty-two')], More: true }
        : { Items: [comment(50, 'fifty')], More: false },
    );
    renderActivity('en');
    await screen.findByText('fifty-two');
    await userEvent.click(screen.getByRole('button', { name: 'Show older comments' }));
    await screen.findByText('fifty');
    expect(api.fetchComments).toHaveBeenLastCalledWith({ APIName: 'Product', Id: 3 }, 51);
    const texts = [...document.querySelectorAll('.activity-comment-body')].map((node) => node.textContent);
    expect(texts).toEqual(['fifty', 'fifty-one', 'fifty-two']);
    expect(screen.queryByRole('button', { name: 'Show older comments' })).toBeNull();
  });

  it('reads itself again when the live stream says the record’s thread changed', async () => {
    const replies: CommentList[] = [
      { Items: [], More: false },
      { Items: [comment(7, 'from someone else')], More: false },
    ];
    api.fetchComments.mockImplementation(async () => replies.shift() ?? { Items: [], More: false });
    renderActivity('en');
    await screen.findByText('No comments yet. Start the conversation below.');
    act(() => emitCommentsChanged({ APIName: 'Product', Id: 4 }));
    act(() => emitCommentsChanged({ APIName: 'Order', Id: 3 }));
    expect(api.fetchComments).toHaveBeenCalledTimes(1);
    act(() => emitCommentsChanged({ APIName: 'Product', Id: 3 }));
    await screen.findByText('from someone else');
  });

  it('asks again every 10 s while it is open when the live stream is off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setHub(false);
    const replies: CommentList[] = [
      { Items: [], More: false },
      { Items: [comment(8, 'polled in')], More: false },
    ];
    api.fetchComments.mockImplementation(async () => replies.shift() ?? { Items: [], More: false });
    renderActivity('en');
    await screen.findByText('No comments yet. Start the conversation below.');
    await act(() => vi.advanceTimersByTimeAsync(THREAD_POLL_MS + 100));
    await waitFor(() => expect(screen.getByText('polled in')).toBeTruthy());
  });
});
