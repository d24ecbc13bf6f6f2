// A column naming its own update function (part 2 section 7) sends its cell updates there.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../testing/i18n';
import * as resources from '../../api/resources';
import { prepareColumn } from '../../engine/columns';
import type { TableRow } from '../../engine/rows';
import { columnDef } from '../../engine/testing/columns';
import { createCellActions, type TableHost } from './cell-actions';
import { RowStore } from './row-store';

vi.mock('../../api/resources', () => ({
  updateResourceFields: vi.fn(),
  runApiPlan: vi.fn(),
  fetchResourceDetail: vi.fn(),
  deleteResourceRecord: vi.fn(),
}));
vi.mock('react-toastify', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }),
}));

const api = vi.mocked(resources);

beforeEach(() => vi.clearAllMocks());

async function commit(more: Record<string, unknown>) {
  api.updateResourceFields.mockResolvedValue({ StatusCode: 1, Msg: '', Data: { Id: 1, Price: 2 } } as never);
  const store = new RowStore();
  store.replaceAll([{ Id: 1, Price: 1 }]);
  const host: TableHost = {
    t: (key) => key,
    apiName: 'Product',
    screenRequestData: {},
    store,
    options: () => [],
    reloadAfterUpdateFields: () => [],
    sharedQuery: () => ({ TextSearch: '', Filters: [] }),
    reloadList: vi.fn(),
    reloadOptionsAndList: vi.fn(),
    reloadMaster: vi.fn(),
    noteOwnWrite: vi.fn(),
  };
  const actions = createCellActions(() => host);
  actions.commit(store.get('1') as TableRow, prepareColumn(columnDef({ fieldName: 'Price', more })), 2);
  for (let i = 0; i < 50 && api.updateResourceFields.mock.calls.length === 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 0));
  return api.updateResourceFields.mock.calls;
}

describe("a column's own update function", () => {
  it('sends the update to the function the column names', async () => {
    const [call] = await commit({ updateFunction: 'UpdatePrice' });
    expect(call?.[0]).toBe('Product');
    expect(call?.[2]).toEqual({ path: null, name: 'UpdatePrice' });
    expect(call?.[1]).toMatchObject({ Id: 1, Values: [{ FieldName: 'Price', NewValue: 2 }] });
  });

  it('uses the generic UpdateFields otherwise', async () => {
    const [call] = await commit({});
    expect(call).toHaveLength(2);
  });
});
