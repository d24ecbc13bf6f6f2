import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ColumnDef } from '@panelwright/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../testing/i18n';
import * as resources from '../../api/resources';
import * as tableViews from '../../api/table-views';
import { useModalStore } from '../../components/modal-host/modal-store';
import { columnDef } from '../../engine/testing/columns';
import { applyLanguageSources, i18n } from '../../i18n';
import { emitDataChanged, emitExportProgress } from '../../state/live-events';
import { addressSearch, setAddressSearch } from '../../state/navigation';
import { withLayout } from '../../testing/layout';
import type { ScreenDescriptor } from '../registry';
import { prefetchTableData } from './prefetch';
import AdminTable, { AdminRecord, AdminTableGridCard } from './table-screen';

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

const api = vi.mocked(resources);
const views = vi.mocked(tableViews);

withLayout();

const screenOf = (overrides: Partial<ScreenDescriptor> = {}): ScreenDescriptor => ({
  id: 'screen-1',
  screenCode: 'things',
  title: 'Things',
  apiName: 'Thing',
  apiMethod: 'List',
  uiType: 'table',
  pageType: 'admin_table',
  config: {},
  requestData: {},
  contents: [],
  ...overrides,
});

const COLUMNS: Record<string, ColumnDef> = {
  Id: columnDef({ fieldName: 'Id', Header: 'ID', type: 'readonly', Index: 1, Width: 60 }),
  Name: columnDef({ fieldName: 'Name', Header: 'Name', Index: 2, Width: 200 }),
  Price: columnDef({
    fieldName: 'Price',
    Header: 'Price',
    type: 'money',
    Index: 3,
    more: { needLoadingFullRow: true },
  }),
  Status: columnDef({
    fieldName: 'Status',
    Header: 'Status',
    type: 'select',
    Index: 4,
    Type: { source: 'Status' },
    Filter: { type: 'select', isServer: true, optionKey: 'Status' },
  }),
  Released: columnDef({
    fieldName: 'Released',
    Header: 'Released',
    type: 'date',
    Index: 5,
    Filter: { type: 'daterange', isServer: true },
  }),
  Kind: columnDef({
    fieldName: 'Kind',
    Header: 'Kind',
    type: 'readonly',
    Index: 6,
    CanSort: false,
    Filter: { type: 'text' },
  }),
};

const ROWS = [
  { Id: 1, Name: 'Lamp', Price: 10, Status: 'a', Released: '2024-01-02', Kind: 'light', IM_ReturnTime: 't1' },
  {
    Id: 2,
    Name: 'Desk',
    Price: 20,
    Status: 'b',
    Released: '2024-02-03',
    Kind: 'wood',
    UI_DefaultShowExpand: true,
    UI_StyleRow: '{"backgroundColor":"#fdecea"}',
    UI_ClassTableRow: 'row-x',
  },
];

function screenConfig(table: Record<string, unknown> = {}, page: Record<string, unknown> = {}) {
  return JSON.stringify({
    Page: { sizePerPage: 50, title: 'Things', ...page },
    Header: { showAddNew: true, showExport: true },
    Table: { canDelete: true, expand: { fields: 'Kind,Price' }, rowStyleField: 'UI_StyleRow', ...table },
    Filter: { show: true },
    AddNew: { controls: [{ fieldName: 'Name', label: 'Name', type: 'text', required: true }] },
  });
}

function answerWith(rows: Record<string, unknown>[] = ROWS, table: Record<string, unknown> = {}) {
  api.fetchResourceOptions.mockResolvedValue({
    Configs: { ScreenConfig: screenConfig(table) },
    StatusList: [
      { Value: 'a', Text: 'Active' },
      { Value: 'b', Text: 'Back-order' },
    ],
  });
  api.fetchResourceList.mockImplementation(
    async () => ({ Data: rows, Total: 2, ExtraData: { Columns: COLUMNS } }) as never,
  );
}

function show(element: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

const lastListBody = () => api.fetchResourceList.mock.calls.at(-1)?.[2];
const rowElement = (id: number) => document.querySelector(`tr[data-row-id="${id}"]`) as HTMLElement;

beforeEach(() => {
  vi.clearAllMocks();
  views.fetchTableView.mockResolvedValue({ ScreenCode: 'things', Columns: [] });
  views.saveTableView.mockImplementation(async (ScreenCode, Columns) => ({ ScreenCode, Columns }));
  localStorage.clear();
  useModalStore.setState({ modals: [] });
  // The page's table keeps its filters, sorts and page in the address: each test starts from none.
  window.history.replaceState(null, '', '/');
});
afterEach(cleanup);

describe('the table screen', () => {
  it('calls Options, then List with the screen page size, and draws the rows with the range text', async () => {
    answerWith();
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    expect(api.fetchResourceOptions).toHaveBeenCalledWith('Thing', {
      ScreenGUID: 'screen-1',
      RequestData: {},
    });
    expect(api.fetchResourceList).toHaveBeenCalledWith(
      'Thing',
      'List',
      expect.objectContaining({ Page: 1, PageSize: 50 }),
    );
    expect(screen.getByText('Showing rows 1 to 2 of 2')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Things' })).toBeTruthy();
    // The delete column is added last (index 1000) because the screen may delete.
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.getAttribute('data-field'));
    expect(headers.at(-1)).toBe('UI_Delete');
    expect(within(rowElement(1)).getByRole('button', { name: 'Delete row 1' })).toBeTruthy();
  });

  it("shows an export's progress from the live events while it runs, then the link", async () => {
    answerWith();
    let finish: (value: Record<string, unknown>) => void = () => {};
    api.exportResource.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Exporting…');
    expect(screen.getByRole('button', { name: 'Export' })).toHaveProperty('disabled', true);
    // Another screen's export is not this one's.
    act(() => emitExportProgress({ APIName: 'Other', Rows: 1, Total: 2 }));
    expect(status.textContent).toContain('Exporting…');
    act(() => emitExportProgress({ APIName: 'Thing', Rows: 35_000, Total: 100_000 }));
    expect(screen.getByRole('status').textContent).toContain('Exporting: 35.000 of 100.000 rows (35%)');
    expect(screen.getByRole('progressbar', { name: 'Export progress' }).getAttribute('aria-valuenow')).toBe(
      '35',
    );
    await act(async () =>
      finish({ FullPath: '/files/x/Things.xlsx?exp=1&sig=s', FullPathName: 'Things.xlsx' }),
    );
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Export progress' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Export' })).toHaveProperty('disabled', false);
  });

  it('shows a relation as its record’s display text, linking to that record on the other side’s screen', async () => {
    const columns = {
      Name: COLUMNS.Name as ColumnDef,
      Category: columnDef({
        fieldName: 'Category',
        Header: 'Category',
        type: 'select',
        Index: 3,
        CanEdit: true,
        Type: {
          source: 'Category',
          more: JSON.stringify({ fText: 'Category_Text', fLink: 'Category_Link', newWindow: false }),
        },
      }),
    };
    api.fetchResourceOptions.mockResolvedValue({
      Configs: { ScreenConfig: screenConfig() },
      CategoryList: [],
    });
    api.fetchResourceList.mockResolvedValue({
      Data: [
        {
          Id: 1,
          Name: 'Ada',
          Category: 7,
          Category_Text: 'Books (BK)',
          Category_Link: '/data/categories?id=7',
        },
        { Id: 2, Name: 'Grace', Category: null },
      ],
      Total: 2,
      ExtraData: { Columns: columns },
    } as never);
    show(<AdminTable screen={screenOf()} params={{}} />);
    // Not the id, nor a label of the first options: the text the server read with the row.
    const link = await screen.findByRole('link', { name: 'Books (BK)' });
    expect(link.getAttribute('href')).toBe('/data/categories?id=7');
    expect(link.getAttribute('target')).toBeNull();
    // Still editable, by the pencil beside the link; an empty relation is no link at all.
    expect(within(rowElement(1)).getByRole('button', { name: 'Edit Category: Books (BK)' })).toBeTruthy();
    expect(within(rowElement(2)).queryByRole('link')).toBeNull();
    // Followed inside the app (the router's navigation, not a page load).
    expect(fireEvent.click(link)).toBe(false);
  });

  it('shows only the record the address names (?id=), and all of them again on request', async () => {
    answerWith();
    window.history.replaceState(null, '', '/things?id=2');
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    expect(api.fetchResourceOptions).toHaveBeenCalledWith('Thing', {
      ScreenGUID: 'screen-1',
      RequestData: { Id: 2 },
    });
    expect(lastListBody()).toMatchObject({ RequestData: { Id: 2 } });
    expect(screen.getByText('Showing record #2 only.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all records' }));
    await waitFor(() => expect(lastListBody()?.RequestData).toBeUndefined());
    expect(addressSearch()).toBe('');
    expect(screen.queryByText('Showing record #2 only.')).toBeNull();
  });

  it('saves the page size under {screen code}-config and uses it again', async () => {
    answerWith();
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '20');
    await waitFor(() => expect(lastListBody()).toMatchObject({ PageSize: 20, Page: 1 }));
    expect(JSON.parse(localStorage.getItem('things-config') ?? '{}')).toEqual({ sizePerPage: 20 });
    cleanup();
    api.fetchResourceList.mockClear();
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    expect(lastListBody()).toMatchObject({ PageSize: 20 });
  });

  it('sorts on the server by the clicked headers; Shift adds a column', async () => {
    answerWith();
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    const header = (field: string) =>
      within(document.querySelector(`th[data-field="${field}"]`) as HTMLElement).getByRole('button');
    await userEvent.click(header('Name'));
    await waitFor(() => expect(lastListBody()).toMatchObject({ Sorts: [{ Field: 'Name', Dir: 'asc' }] }));
    await userEvent.click(header('Name'));
    await waitFor(() => expect(lastListBody()).toMatchObject({ Sorts: [{ Field: 'Name', Dir: 'desc' }] }));
    fireEvent.click(header('Price'), { shiftKey: true });
    await waitFor(() =>
      expect(lastListBody()).toMatchObject({
        Sorts: [
          { Field: 'Name', Dir: 'desc' },
          { Field: 'Price', Dir: 'asc' },
        ],
      }),
    );
    expect(document.querySelector('th[data-field="Name"]')?.getAttribute('aria-sort')).toBe('descending');
    expect(document.querySelector('th[data-field="Kind"] button')).toBeNull();
  });

  it('never sends a sort from the address that the screen does not offer, and drops it from the address', async () => {
    // Options name the sorts the screen offers; Kind is not one of them (no longer sortable).
    answerWith(ROWS, { sortable: ['Id', 'Name', 'Price', 'Status', 'Released'] });
    window.history.replaceState(null, '', '/?sort=-Kind,Name&tab=x');
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    const sentSorts = api.fetchResourceList.mock.calls.map((call) => call[2]?.Sorts);
    expect(sentSorts.length).toBeGreaterThan(0);
    for (const sorts of sentSorts) expect(sorts).toEqual([{ Field: 'Name', Dir: 'asc' }]);
    await waitFor(() => expect(new URLSearchParams(addressSearch()).get('sort')).toBe('Name'));
    expect(new URLSearchParams(addressSearch()).get('tab')).toBe('x');
    expect(document.querySelector('th[data-field="Name"]')?.getAttribute('aria-sort')).toBe('ascending');
  });

  it('drops a sort the List answer does not offer when the Options do not name the sorts', async () => {
    answerWith();
    window.history.replaceState(null, '', '/?sort=Kind');
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    await waitFor(() => expect(new URLSearchParams(addressSearch()).get('sort')).toBeNull());
    await waitFor(() => expect(lastListBody()).toMatchObject({ Sorts: [] }));
  });

  it('sends server filters and a date preset as Filters, and filters client-side filters on the loaded rows', async () => {
    answerWith();
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    const filters = screen.getByRole('search', { name: 'Filters' });
    // The filters beyond the bar's one row wait behind More filters.
    await userEvent.click(within(filters).getByRole('button', { name: /^More filters/ }));
    await userEvent.selectOptions(within(filters).getByLabelText('Status'), 'b');
    await waitFor(() =>
      expect(lastListBody()).toMatchObject({
        Filters: [{ FieldName: 'Status', Type: 'select', Value: 'b' }],
      }),
    );
    await userEvent.click(within(filters).getByRole('button', { name: /^Released/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await waitFor(() =>
      expect(lastListBody()?.Filters).toContainEqual({
        FieldName: 'Released',
        Type: 'daterange',
        Value: { start: day, end: day },
      }),
    );
    const shownDay = `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
    expect(within(filters).getByRole('button', { name: /^Released/ }).textContent).toBe(
      `${shownDay} - ${shownDay}`,
    );
    const calls = api.fetchResourceList.mock.calls.length;
    await userEvent.type(within(filters).getByLabelText('Kind'), 'woo');
    await waitFor(() => expect(rowElement(1)).toBeNull());
    expect(rowElement(2)).toBeTruthy();
    expect(api.fetchResourceList.mock.calls.length).toBe(calls);
  });

  it('types into the search box and sends TextSearch', async () => {
    answerWith();
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    await userEvent.type(screen.getByLabelText('Search'), 'lam');
    await waitFor(() => expect(lastListBody()).toMatchObject({ TextSearch: 'lam', Page: 1 }));
  });

  it('opens rows with UI_DefaultShowExpand, toggles expansions, and styles rows from their data', async () => {
    answerWith();
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    const expansion = document.querySelector('[data-expansion-of="2"]') as HTMLElement;
    expect(expansion.textContent).toContain('Kind');
    expect(expansion.textContent).toContain('wood');
    expect(document.querySelector('[data-expansion-of="1"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show details of row 1' }));
    expect(document.querySelector('[data-expansion-of="1"]')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Hide details of row 2' }));
    expect(document.querySelector('[data-expansion-of="2"]')).toBeNull();
    expect(rowElement(2).className).toContain('row-x');
    expect(rowElement(2).style.backgroundColor).toBe('rgb(253, 236, 234)');
  });

  it('expands every row of a resource with comments and history to them, also where the screen declares no expansion', async () => {
    answerWith(
      ROWS.map(({ UI_DefaultShowExpand: _open, ...row }) => row),
      { expand: undefined, activity: true },
    );
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    await userEvent.click(screen.getByRole('button', { name: 'Show details of row 2' }));
    const expansion = document.querySelector('[data-expansion-of="2"]') as HTMLElement;
    // Its fields (every column, none declared), then the way to its comments and history.
    expect(expansion.textContent).toContain('wood');
    await userEvent.click(within(expansion).getByRole('button', { name: 'Comments and history' }));
    const [dialog] = useModalStore.getState().modals;
    expect(dialog?.title).toBe('Comments and history of #2');
  });

  it('neither expands nor offers comments on a table whose records have none (a log)', async () => {
    answerWith(ROWS, { expand: undefined });
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    expect(screen.queryByRole('button', { name: /Show details of row/ })).toBeNull();
    await userEvent.click(screen.getByLabelText('Select row 1'));
    await screen.findByText('1 selected');
    expect(screen.queryByRole('button', { name: 'Comments and history' })).toBeNull();
  });

  it('shows one record’s comments and history under its fields on its own page', async () => {
    answerWith([ROWS[0] as Record<string, unknown>], { expand: undefined, activity: true });
    show(<AdminRecord screen={screenOf({ requestData: { Id: 1 } })} params={{}} />);
    await screen.findByText('Lamp');
    const section = await screen.findByRole('region', { name: 'Comments and history' });
    await within(section).findByText('No comments yet. Start the conversation below.');
    expect(within(section).getByRole('tab', { name: 'History' })).toBeTruthy();
    // Its fields are all on the page already: no expansion of the one card.
    expect(screen.queryByRole('button', { name: 'Show details' })).toBeNull();
  });

  it('covers the whole row while a needLoadingFullRow field saves', async () => {
    answerWith();
    let answer: (value: unknown) => void = () => {};
    api.updateResourceFields.mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    const price = rowElement(1).querySelector('td[data-field="Price"]') as HTMLElement;
    await userEvent.click(within(price).getByRole('button'));
    await userEvent.clear(within(price).getByRole('textbox'));
    await userEvent.type(within(price).getByRole('textbox'), '15{Enter}');
    await waitFor(() => expect(rowElement(1).className).toContain('row-loading'));
    await act(async () => answer({ StatusCode: 1, Msg: '', Data: { Id: 1, Price: 15 } }));
    await waitFor(() => expect(rowElement(1).className).not.toContain('row-loading'));
    expect(price.textContent).toBe('15,00');
  });

  it('refreshes a shown row on a data-changed event, and reloads the list for another one', async () => {
    answerWith();
    api.fetchResourceDetail.mockResolvedValue({ ...ROWS[0], Name: 'Lamp from elsewhere' } as never);
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    act(() => emitDataChanged({ APIName: 'Thing', Id: 1 }));
    await screen.findByText('Lamp from elsewhere');
    expect(api.fetchResourceDetail).toHaveBeenCalledWith('Thing', 1);
    const lists = api.fetchResourceList.mock.calls.length;
    act(() => emitDataChanged({ APIName: 'Other', Id: 1 }));
    act(() => emitDataChanged({ APIName: 'Thing', Id: 99 }));
    await waitFor(() => expect(api.fetchResourceList.mock.calls.length).toBe(lists + 1), { timeout: 2000 });
  });

  it('draws only the rows in view plus a few: 10,000 rows make a few dozen row elements', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({ Id: index + 1, Name: `Item ${index + 1}` }));
    answerWith(many);
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Item 1');
    const drawn = document.querySelectorAll('tr[data-row-id]').length;
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(40);
    expect(document.querySelector('.data-grid-scroll')?.getAttribute('data-rows')).toBe('10000');
  });

  it('asks for a filter first when Filter.require4ShowData', async () => {
    api.fetchResourceOptions.mockResolvedValue({
      Configs: {
        ScreenConfig: JSON.stringify({
          Filter: {
            require4ShowData: true,
            items: [{ type: 'text', fieldName: 'Name', title: 'Name', isServer: true }],
          },
        }),
      },
    });
    api.fetchResourceList.mockResolvedValue({
      Data: ROWS,
      Total: 2,
      ExtraData: { Columns: COLUMNS },
    } as never);
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Choose a filter to show data');
    expect(api.fetchResourceList).not.toHaveBeenCalled();
    await userEvent.type(within(screen.getByRole('search')).getByLabelText('Name'), 'de');
    await waitFor(() =>
      expect(lastListBody()).toMatchObject({ Filters: [{ FieldName: 'Name', Type: 'text', Value: 'de' }] }),
    );
  });

  it('the grid-card variant puts Table.gridColumns cards (5 by default) on a line', async () => {
    const many = Array.from({ length: 12 }, (_, index) => ({ Id: index + 1, Name: `Item ${index + 1}` }));
    answerWith(many);
    show(<AdminTableGridCard screen={screenOf()} params={{}} />);
    await screen.findByText('Item 1');
    const lines = document.querySelectorAll('.card-views-line');
    expect(lines[0]?.querySelectorAll('article')).toHaveLength(5);
    expect(within(lines[0] as HTMLElement).getAllByText('Name')).toHaveLength(5);
    cleanup();
    answerWith(many, { gridColumns: 3 });
    show(<AdminTableGridCard screen={screenOf()} params={{}} />);
    await screen.findByText('Item 1');
    expect(document.querySelectorAll('.card-views-line')[0]?.querySelectorAll('article')).toHaveLength(3);
  });

  it('adds a record through the AddNew form: required check, {DefaultValues, DataForm}, then the list read again', async () => {
    answerWith();
    api.addResourceRecord.mockResolvedValue({
      StatusCode: 1,
      Msg: 'Added.',
      Data: { Id: 3, Name: 'Chair' },
    } as never);
    const { default: ModalHost } = await import('../../components/modal-host/modal-host');
    show(
      <>
        <AdminTable screen={screenOf()} params={{}} />
        <ModalHost />
      </>,
    );
    await screen.findByText('Lamp');
    await userEvent.click(screen.getByRole('button', { name: 'Add new' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.addResourceRecord).not.toHaveBeenCalled();
    expect(within(dialog).getByText('This field is required.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Chair');
    const calls = api.fetchResourceList.mock.calls.length;
    api.fetchResourceList.mockImplementation(
      async () =>
        ({ Data: [...ROWS, { Id: 3, Name: 'Chair' }], Total: 3, ExtraData: { Columns: COLUMNS } }) as never,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.addResourceRecord).toHaveBeenCalledWith('Thing', {
        DefaultValues: {},
        DataForm: { Name: 'Chair' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Not put on top: the list is read again, and the new row is marked where the server put it.
    await waitFor(() => expect(rowElement(3)?.className).toContain('row-just-new'));
    expect(api.fetchResourceList.mock.calls.length).toBeGreaterThan(calls);
    const ids = [...document.querySelectorAll('tr[data-row-id]')].map((row) =>
      row.getAttribute('data-row-id'),
    );
    expect(ids.at(-1)).toBe('3');
  });

  it('keeps the column chooser closed until the saved view arrives, so no choice is undone by it', async () => {
    let arrive: (view: { ScreenCode: string; Columns: { Field: string; Visible: boolean }[] }) => void =
      () => {};
    views.fetchTableView.mockImplementation(() => new Promise((resolve) => (arrive = resolve)));
    answerWith();
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    const chooser = screen.getByRole('button', { name: 'Columns' });
    expect((chooser as HTMLButtonElement).disabled).toBe(true);
    await act(async () => arrive({ ScreenCode: 'things', Columns: [{ Field: 'Kind', Visible: false }] }));
    await waitFor(() => expect((chooser as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(chooser);
    // The saved view is what the chooser starts from: Kind hidden, and one more choice keeps it hidden.
    expect((screen.getByRole('checkbox', { name: 'Kind' }) as HTMLInputElement).checked).toBe(false);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Status' }));
    const saved = views.saveTableView.mock.calls.at(-1)?.[1] ?? [];
    expect(saved.find((entry) => entry.Field === 'Kind')?.Visible).toBe(false);
    expect(saved.find((entry) => entry.Field === 'Status')?.Visible).toBe(false);
    await waitFor(() => expect(document.querySelector('th[data-field="Status"]')).toBeNull());
  });

  it('keeps a filter being chosen when something else changes the address before it settles', async () => {
    answerWith();
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    const filters = screen.getByRole('search', { name: 'Filters' });
    // The filters beyond the bar's one row wait behind More filters.
    await userEvent.click(within(filters).getByRole('button', { name: /^More filters/ }));
    await userEvent.selectOptions(within(filters).getByLabelText('Status'), 'b');
    // Another part of the page writes to the address while the choice waits for the typing pause.
    const other = new URLSearchParams(addressSearch());
    other.set('tab', 'elsewhere');
    act(() => setAddressSearch(other, { replace: true }));
    expect((within(filters).getByLabelText('Status') as HTMLSelectElement).value).toBe('b');
    await waitFor(() =>
      expect(lastListBody()).toMatchObject({
        Filters: [{ FieldName: 'Status', Type: 'select', Value: 'b' }],
      }),
    );
  });
});

describe('the table screen in Vietnamese', () => {
  const LOCALES = resolve(import.meta.dirname, '../../../public/locales');
  beforeEach(async () => {
    // The shipped Vietnamese files, and the server's extra file of screen texts (listExtLng).
    for (const ns of ['common', 'table', 'screens']) {
      const texts = JSON.parse(readFileSync(`${LOCALES}/vn/${ns}.json`, 'utf8'));
      i18n.addResourceBundle('vn', ns, texts, true, true);
    }
    await applyLanguageSources(undefined, ['screens']);
    await i18n.changeLanguage('vn');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
    await applyLanguageSources(undefined, undefined);
  });

  it("shows the screen's own texts over common's same English key, and common's where the screen has none", async () => {
    // 'Active' is both a screen text (a column: Đang hoạt động) and a common one (a switch: Đang bật).
    const columns = {
      Name: COLUMNS.Name as ColumnDef,
      IsActive: columnDef({ fieldName: 'IsActive', Header: 'Active', type: 'readonly', Index: 2 }),
    };
    answerWith();
    api.fetchResourceList.mockImplementation(
      async () => ({ Data: ROWS, Total: 2, ExtraData: { Columns: columns } }) as never,
    );
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    const header = document.querySelector('thead th[data-field="IsActive"]') as HTMLElement;
    expect(header.textContent).toContain('Đang hoạt động');
    expect(header.textContent).not.toContain('Đang bật');
    expect(screen.getByText('Hiển thị dòng 1 đến 2 trên tổng 2')).toBeTruthy();
  });

  it('shows data of an option list (a category named as a UI word) as written: cells, chips and editors; words in Vietnamese', async () => {
    // "Office" is a screen text (Văn phòng) and here also a category's name: data, never translated.
    // The server marks such options `Verbatim`; a list of words (Status) carries no mark.
    const columns = {
      Name: COLUMNS.Name as ColumnDef,
      Category: columnDef({
        fieldName: 'Category',
        Header: 'Category',
        type: 'select',
        Index: 2,
        CanEdit: true,
        Type: { source: 'Category' },
        Filter: { type: 'select', isServer: true, optionKey: 'Category' },
      }),
      Rooms: columnDef({
        fieldName: 'Rooms',
        Header: 'Rooms',
        type: 'multiselect',
        Index: 3,
        CanEdit: true,
        Type: { source: 'Category' },
      }),
      Status: columnDef({
        fieldName: 'Status',
        Header: 'Status',
        type: 'select',
        Index: 4,
        Type: { source: 'Status' },
      }),
    };
    api.fetchResourceOptions.mockResolvedValue({
      Configs: { ScreenConfig: screenConfig() },
      CategoryList: [
        { Value: 1, Text: 'Office', Verbatim: true },
        { Value: 2, Text: 'Furniture', Verbatim: true },
      ],
      StatusList: [{ Value: 'a', Text: 'Draft' }],
    });
    api.fetchResourceList.mockImplementation(
      async () =>
        ({
          Data: [{ Id: 1, Name: 'Lamp', Category: 1, Rooms: '1,2', Status: 'a', IM_ReturnTime: 't1' }],
          Total: 1,
          ExtraData: { Columns: columns },
        }) as never,
    );
    window.history.replaceState(null, '', '/?fj.Category=1');
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Lamp');
    const cellOf = (field: string) => rowElement(1).querySelector(`[data-field="${field}"]`) as HTMLElement;
    expect(cellOf('Category').textContent).toBe('Office');
    expect(cellOf('Rooms').textContent).toContain('Office');
    expect(cellOf('Status').textContent).toBe('Bản nháp');
    const filters = screen.getByRole('search', { name: 'Bộ lọc' });
    const chips = within(filters).getByRole('list', { name: 'Bộ lọc đang dùng' });
    expect(chips.textContent).toContain('Danh mục: Office');
    expect(document.body.textContent).not.toContain('Văn phòng');
    // The in-cell editors list the data as written too.
    await userEvent.click(within(cellOf('Category')).getByRole('button'));
    const editor = await within(cellOf('Category')).findByRole('combobox');
    expect(within(editor).getByRole('option', { name: 'Office' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Văn phòng');
  });
});

describe('a table whose List fails', () => {
  const listCalls = () => api.fetchResourceList.mock.calls.length;
  const listState = (client: QueryClient) =>
    client.getQueryCache().findAll({ queryKey: ['resource', 'Thing', 'List'] })[0]?.state.status;

  it("asks once when opened after its menu entry's prefetch failed, says 'Error!', and asks again on Try again", async () => {
    answerWith();
    api.fetchResourceList.mockRejectedValue(new Error('List failed'));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The pointer rested on the menu entry: its prefetch asked, and failed (the API client toasted it).
    await prefetchTableData(client, screenOf());
    await waitFor(() => expect(listState(client)).toBe('error'));
    expect(listCalls()).toBe(1);
    render(
      <QueryClientProvider client={client}>
        <AdminTable screen={screenOf()} params={{}} />
      </QueryClientProvider>,
    );
    await screen.findByText('Error!');
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(listCalls()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(listCalls()).toBe(2));
  });

  it('asks once when opened without a prefetch', async () => {
    answerWith();
    api.fetchResourceList.mockRejectedValue(new Error('List failed'));
    show(<AdminTable screen={screenOf()} params={{}} />);
    await screen.findByText('Error!');
    expect(listCalls()).toBe(1);
  });
});
