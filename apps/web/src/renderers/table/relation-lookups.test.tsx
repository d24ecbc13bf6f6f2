// A relation (a list that grows) in the table: its filter and its cell's editor are lookups that
// search the other side on the server as one types, never a list loaded whole.
import type { ColumnDef } from '@panelwright/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../testing/i18n';
import * as lookupApi from '../../api/lookup';
import * as resources from '../../api/resources';
import * as tableViews from '../../api/table-views';
import { useModalStore } from '../../components/modal-host/modal-store';
import { columnDef } from '../../engine/testing/columns';
import { addressSearch } from '../../state/navigation';
import { withLayout } from '../../testing/layout';
import type { ScreenDescriptor } from '../registry';
import AdminTable from './table-screen';

vi.mock('../../api/resources', () => ({
  fetchResourceOptions: vi.fn(),
  fetchResourceList: vi.fn(),
  fetchResourceDetail: vi.fn(),
  updateResourceFields: vi.fn(),
  runApiPlan: vi.fn(),
  deleteResourceRecord: vi.fn(),
  addResourceRecord: vi.fn(),
  exportResource: vi.fn(),
  uploadFiles: vi.fn(),
}));
vi.mock('../../api/record-activity', () => ({
  fetchRecordHistory: vi.fn(async () => ({ Items: [], More: false })),
  fetchComments: vi.fn(async () => ({ Items: [], More: false })),
  addComment: vi.fn(),
  deleteComment: vi.fn(),
  fetchMentionable: vi.fn(async () => []),
}));
vi.mock('../../api/table-views', () => ({
  fetchTableView: vi.fn(),
  saveTableView: vi.fn(),
  tableViewKey: (screenCode: string) => ['TableView', screenCode],
}));
vi.mock('../../api/lookup', () => ({ lookupRecords: vi.fn() }));

const api = vi.mocked(resources);
const views = vi.mocked(tableViews);
const lookupRecords = vi.mocked(lookupApi.lookupRecords);

withLayout();

const LOOKUP = { api: 'Customer', field: 'Category' };
/** The other side: far more records than any list the page could hold; the server finds them. */
const CATEGORIES = [
  { Value: 7, Text: 'Books (BK)' },
  { Value: 9, Text: 'Maps (MP)' },
  { Value: 12, Text: 'Bookends (BE)' },
];

const COLUMNS: Record<string, ColumnDef> = {
  Name: columnDef({ fieldName: 'Name', Header: 'Name', Index: 1, Width: 200 }),
  Category: columnDef({
    fieldName: 'Category',
    Header: 'Category',
    type: 'select',
    Index: 2,
    CanEdit: true,
    Type: {
      source: 'Category',
      more: JSON.stringify({
        fText: 'Category_Text',
        fLink: 'Category_Link',
        newWindow: false,
        lookup: LOOKUP,
      }),
    },
  }),
};

const ROWS = [
  {
    Id: 1,
    Name: 'Ada',
    Category: 7,
    Category_Text: 'Books (BK)',
    Category_Link: '/data/categories?id=7',
    IM_ReturnTime: 't1',
  },
  { Id: 2, Name: 'Grace', Category: null, IM_ReturnTime: 't1' },
];

const screenOf = (): ScreenDescriptor => ({
  id: 'screen-customers',
  screenCode: 'c_customer',
  title: 'Customers',
  apiName: 'Customer',
  apiMethod: 'List',
  uiType: 'table',
  pageType: 'admin_table',
  config: {},
  requestData: {},
  contents: [],
});

function answer() {
  api.fetchResourceOptions.mockResolvedValue({
    Configs: {
      ScreenConfig: JSON.stringify({
        Page: { sizePerPage: 20, title: 'Customers' },
        Header: { showAddNew: false, showExport: false },
        Table: { canDelete: false },
        Filter: {
          show: true,
          items: [
            {
              type: 'select',
              fieldName: 'Category',
              title: 'Category',
              isServer: true,
              optionKey: 'Category',
              more: { lookup: LOOKUP },
            },
          ],
        },
      }),
    },
    // A relation's Options list holds its first records only: the lookup never reads it.
    CategoryList: [{ Value: 1, Text: 'Art (AR)' }],
  });
  api.fetchResourceList.mockImplementation(
    async () => ({ Data: ROWS, Total: 2, ExtraData: { Columns: COLUMNS } }) as never,
  );
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AdminTable screen={screenOf()} params={{}} />
    </QueryClientProvider>,
  );
}

const lastListBody = () => api.fetchResourceList.mock.calls.at(-1)?.[2];
const rowElement = (id: number) => document.querySelector(`tr[data-row-id="${id}"]`) as HTMLElement;

beforeEach(() => {
  vi.clearAllMocks();
  views.fetchTableView.mockResolvedValue({ ScreenCode: 'c_customer', Columns: [] });
  localStorage.clear();
  useModalStore.setState({ modals: [] });
  window.history.replaceState(null, '', '/');
  lookupRecords.mockImplementation(async (_api, body) => ({
    Data: body.Values
      ? CATEGORIES.filter((item) => body.Values?.includes(item.Value))
      : CATEGORIES.filter((item) => item.Text.toLowerCase().includes((body.Search ?? '').toLowerCase())),
    HasMore: false,
  }));
  answer();
});
afterEach(cleanup);

describe('a relation’s filter', () => {
  it('is typed into and asks the server as one types; the address keeps the id, the chip the text', async () => {
    show();
    await screen.findByText('Ada');
    const filters = screen.getByRole('search', { name: 'Filters' });
    // A combobox, not a drop-down of the Options list.
    expect(within(filters).queryByRole('option', { name: 'Art (AR)' })).toBeNull();
    const box = within(filters).getByRole('combobox', { name: 'Category' });
    await userEvent.type(box, 'book');
    await waitFor(() =>
      expect(lookupRecords).toHaveBeenLastCalledWith('Customer', {
        Field: 'Category',
        Search: 'book',
        PageSize: 20,
      }),
    );
    const option = await within(filters).findByRole('option', { name: 'Bookends (BE)' });
    expect(within(filters).queryByRole('option', { name: 'Maps (MP)' })).toBeNull();
    fireEvent.click(option);
    await waitFor(() =>
      expect(lastListBody()).toMatchObject({
        Filters: [{ FieldName: 'Category', Type: 'select', Value: 12 }],
      }),
    );
    expect(new URLSearchParams(addressSearch()).get('fj.Category')).toBe('12');
    expect((box as HTMLInputElement).value).toBe('Bookends (BE)');
    const chips = within(filters).getByRole('list', { name: 'Active filters' });
    expect(chips.textContent).toContain('Category: Bookends (BE)');
    // Taken off by its clear button (the unfiltered page is the one read first, still known).
    fireEvent.click(within(filters).getByRole('button', { name: 'Clear Category' }));
    await waitFor(() => expect(new URLSearchParams(addressSearch()).get('fj.Category')).toBeNull());
    expect(within(filters).queryByRole('list', { name: 'Active filters' })).toBeNull();
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('after a reload shows the text of the id the address holds, read by that id', async () => {
    window.history.replaceState(null, '', '/?fj.Category=9');
    show();
    await screen.findByText('Ada');
    expect(lastListBody()).toMatchObject({ Filters: [{ FieldName: 'Category', Type: 'select', Value: 9 }] });
    const filters = screen.getByRole('search', { name: 'Filters' });
    const box = within(filters).getByRole('combobox', { name: 'Category' }) as HTMLInputElement;
    await waitFor(() => expect(box.value).toBe('Maps (MP)'));
    expect(lookupRecords).toHaveBeenCalledWith('Customer', { Field: 'Category', Values: [9] });
    expect(within(filters).getByRole('list', { name: 'Active filters' }).textContent).toContain(
      'Category: Maps (MP)',
    );
    // Once: the text is known from then on.
    expect(lookupRecords.mock.calls.filter(([, body]) => body.Values)).toHaveLength(1);
  });
});

describe('a relation’s cell', () => {
  it('is edited with the lookup: typed, picked, saved through UpdateFields', async () => {
    api.updateResourceFields.mockResolvedValue({
      StatusCode: 1,
      Msg: '',
      Data: { ...ROWS[0], Category: 9, Category_Text: 'Maps (MP)', IM_ReturnTime: 't2' },
    } as never);
    show();
    await screen.findByText('Ada');
    const cell = rowElement(1).querySelector('td[data-field="Category"]') as HTMLElement;
    fireEvent.click(within(cell).getByRole('button', { name: 'Edit Category: Books (BK)' }));
    const box = within(cell).getByRole('combobox', { name: 'Category' });
    expect(document.activeElement).toBe(box);
    await userEvent.type(box, 'map');
    await waitFor(() =>
      expect(lookupRecords).toHaveBeenLastCalledWith('Customer', {
        Field: 'Category',
        Search: 'map',
        PageSize: 20,
      }),
    );
    await within(cell).findByRole('option', { name: 'Maps (MP)' });
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(api.updateResourceFields).toHaveBeenCalledWith(
        'Customer',
        expect.objectContaining({ Id: 1, Values: [{ FieldName: 'Category', NewValue: 9 }] }),
      ),
    );
    await within(cell).findByRole('link', { name: 'Maps (MP)' });
  });

  it('gives up on Escape without saving; an empty cell is looked up the same way', async () => {
    show();
    await screen.findByText('Ada');
    const cell = rowElement(1).querySelector('td[data-field="Category"]') as HTMLElement;
    fireEvent.click(within(cell).getByRole('button', { name: 'Edit Category: Books (BK)' }));
    const box = within(cell).getByRole('combobox', { name: 'Category' }) as HTMLInputElement;
    await within(cell).findByRole('option', { name: 'Maps (MP)' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(cell).queryByRole('combobox')).toBeNull());
    expect(api.updateResourceFields).not.toHaveBeenCalled();
    expect(box.isConnected).toBe(false);
    // An empty cell is edited the same way; its first page asks for no text at all.
    const empty = rowElement(2).querySelector('td[data-field="Category"]') as HTMLElement;
    fireEvent.click(within(empty).getByRole('button', { name: /^Edit Category/ }));
    await waitFor(() =>
      expect(lookupRecords).toHaveBeenLastCalledWith('Customer', {
        Field: 'Category',
        Search: '',
        PageSize: 20,
      }),
    );
    expect((within(empty).getByRole('combobox', { name: 'Category' }) as HTMLInputElement).value).toBe('');
  });
});
