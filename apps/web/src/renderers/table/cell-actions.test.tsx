import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../testing/i18n';
import * as resources from '../../api/resources';
import { closeModal, useModalStore } from '../../components/modal-host/modal-store';
import { type PreparedColumn, prepareColumn } from '../../engine/columns';
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
vi.mock('react-toastify', () => {
  const toast = Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() });
  return { toast };
});

const api = vi.mocked(resources);

function setup(rows: TableRow[], hostOverrides: Partial<TableHost> = {}) {
  const store = new RowStore();
  store.replaceAll(rows);
  const host: TableHost = {
    // As i18next with the English texts, which are their own keys.
    t: (key, options) =>
      key.replace(/{{(\w+)}}/g, (_, name: string) =>
        String((options as Record<string, unknown>)?.[name] ?? ''),
      ),
    apiName: 'Product',
    screenRequestData: {},
    store,
    options: () => [],
    reloadAfterUpdateFields: () => [],
    sharedQuery: () => ({ TextSearch: 'x', Filters: [] }),
    reloadList: vi.fn(),
    reloadOptionsAndList: vi.fn(),
    reloadMaster: vi.fn(),
    noteOwnWrite: vi.fn(),
    ...hostOverrides,
  };
  const actions = createCellActions(() => host);
  return { store, host, actions };
}

const col = (...args: Parameters<typeof columnDef>): PreparedColumn => prepareColumn(columnDef(...args));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Waits until the condition holds (promises and timers of the actions settle). */
async function until(condition: () => boolean) {
  for (let i = 0; i < 50 && !condition(); i++) await flush();
  expect(condition()).toBe(true);
}
const openModals = () => useModalStore.getState().modals;

beforeEach(() => {
  vi.clearAllMocks();
  useModalStore.setState({ modals: [] });
});
afterEach(() => useModalStore.setState({ modals: [] }));

describe('the cell-update state machine', () => {
  it('sends UpdateFields with the row time, keeps the tried value beside the row, then merges the answer', async () => {
    let answer: (value: unknown) => void = () => {};
    api.updateResourceFields.mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
    const { store, actions } = setup([{ Id: 1, Name: 'a', IM_ReturnTime: 't1', ProjectId: 9 }]);
    actions.commit(store.get('1') as TableRow, col({ fieldName: 'Name' }), 'b');
    await until(() => api.updateResourceFields.mock.calls.length === 1);
    expect(api.updateResourceFields).toHaveBeenCalledWith('Product', {
      Id: 1,
      ProjectId: 9,
      Values: [{ FieldName: 'Name', NewValue: 'b' }],
      IM_ReturnTime: 't1',
    });
    expect(store.get('1')).toMatchObject({
      Name: 'a',
      _UI_Tried: { Name: 'b' },
      _UI_Loading: { Name: true },
    });
    answer({ StatusCode: 1, Msg: 'Saved.', Data: { Id: 1, Name: 'B', IM_ReturnTime: 't2' } });
    await until(() => store.get('1')?._UI_Loading?.Name === false);
    expect(store.get('1')).toMatchObject({ Name: 'B', IM_ReturnTime: 't2' });
  });

  it('an unchanged value is not sent', async () => {
    const { store, actions } = setup([{ Id: 1, Name: 'a' }]);
    actions.commit(store.get('1') as TableRow, col({ fieldName: 'Name' }), 'a');
    await flush();
    expect(api.updateResourceFields).not.toHaveBeenCalled();
  });

  it('a refusal (a validation 400 or a stale write) is never shown as saved, and is not resent unchanged', async () => {
    api.updateResourceFields.mockRejectedValueOnce({
      code: 'http',
      status: 400,
      msg: 'Price: must be at most 1000000',
    });
    const { store, actions } = setup([{ Id: 1, Price: 5, IM_ReturnTime: 't1' }]);
    const price = col({ fieldName: 'Price', type: 'money' });
    actions.commit(store.get('1') as TableRow, price, 2_000_000);
    await until(() => store.get('1')?._UI_Error?.Price !== undefined);
    expect(store.get('1')).toMatchObject({
      Price: 5,
      _UI_Tried: { Price: 2_000_000 },
      _UI_Error: { Price: 'Price: must be at most 1000000' },
    });
    // The same value again (Enter, Retry): not sent.
    actions.commit(store.get('1') as TableRow, price, 2_000_000);
    actions.retry(store.get('1') as TableRow, price);
    await flush();
    expect(api.updateResourceFields).toHaveBeenCalledTimes(1);
    // A changed value is sent.
    api.updateResourceFields.mockRejectedValueOnce({ code: 2, msg: 'This record was changed by Sam' });
    actions.commit(store.get('1') as TableRow, price, 1_000);
    await until(() => store.get('1')?._UI_Error?.Price === 'This record was changed by Sam');
    expect(api.updateResourceFields).toHaveBeenCalledTimes(2);
    // Closing the editor puts the saved value back.
    actions.cancelEdit(store.get('1') as TableRow, price);
    expect(store.get('1')).toMatchObject({ Price: 5, _UI_Tried: {}, _UI_Error: {} });
  });

  it('a network failure is retried as it is, and the value shows once saved', async () => {
    api.updateResourceFields.mockRejectedValueOnce({ code: 'network', msg: 'Network error' });
    const { store, actions } = setup([{ Id: 1, Price: 5 }]);
    const price = col({ fieldName: 'Price', type: 'money' });
    actions.commit(store.get('1') as TableRow, price, 7);
    await until(() => store.get('1')?._UI_Error?.Price !== undefined);
    expect(store.get('1')?.Price).toBe(5);
    api.updateResourceFields.mockResolvedValueOnce({ StatusCode: 1, Msg: '', Data: { Id: 1 } } as never);
    actions.retry(store.get('1') as TableRow, price);
    await until(() => store.get('1')?._UI_Error?.Price === undefined);
    expect(api.updateResourceFields).toHaveBeenCalledTimes(2);
    expect(store.get('1')?.Price).toBe(7);
  });

  it('updates of one row go one after the other, each with the latest IM_ReturnTime', async () => {
    let first: (value: unknown) => void = () => {};
    api.updateResourceFields
      .mockReturnValueOnce(new Promise((resolve) => (first = resolve)) as never)
      .mockResolvedValueOnce({ StatusCode: 1, Msg: '', Data: { Id: 1, B: 2, IM_ReturnTime: 't3' } } as never);
    const { store, actions } = setup([{ Id: 1, A: 0, B: 0, IM_ReturnTime: 't1' }]);
    actions.commit(store.get('1') as TableRow, col({ fieldName: 'A' }), 1);
    actions.commit(store.get('1') as TableRow, col({ fieldName: 'B' }), 2);
    await until(() => api.updateResourceFields.mock.calls.length === 1);
    await flush();
    expect(api.updateResourceFields).toHaveBeenCalledTimes(1);
    first({ StatusCode: 1, Msg: '', Data: { Id: 1, A: 1, B: 0, IM_ReturnTime: 't2' } });
    await until(() => api.updateResourceFields.mock.calls.length === 2);
    expect(api.updateResourceFields.mock.calls[1]?.[1]).toMatchObject({ IM_ReturnTime: 't2' });
    // B kept the value being saved while A's answer (with the old B) was merged.
    expect(store.get('1')?.B).toBe(2);
    await until(() => store.get('1')?.IM_ReturnTime === 't3');
  });

  it('reloads the list after a field of needReloadAfterUpdateFields, the options and list when asked, and the master', async () => {
    api.updateResourceFields.mockResolvedValue({ StatusCode: 1, Msg: '', Data: { Id: 1 } } as never);
    const { store, actions, host } = setup([{ Id: 1, A: 0, B: 0, C: 0 }], {
      reloadAfterUpdateFields: () => ['A'],
    });
    actions.commit(store.get('1') as TableRow, col({ fieldName: 'A' }), 1);
    await until(() => (host.reloadList as ReturnType<typeof vi.fn>).mock.calls.length === 1);
    actions.commit(
      store.get('1') as TableRow,
      col({ fieldName: 'B', more: { needReloadOptionsAndListMain: true } }),
      1,
    );
    await until(() => (host.reloadOptionsAndList as ReturnType<typeof vi.fn>).mock.calls.length === 1);
    actions.commit(store.get('1') as TableRow, col({ fieldName: 'C', more: { needReloadMaster: true } }), 1);
    await until(() => (host.reloadMaster as ReturnType<typeof vi.fn>).mock.calls.length === 1);
  });

  it('queryWithQuerySharedPage sends the page filters and search with the update', async () => {
    api.updateResourceFields.mockResolvedValue({ StatusCode: 1, Msg: '', Data: { Id: 1 } } as never);
    const { store, actions } = setup([{ Id: 1, A: 0 }]);
    actions.commit(
      store.get('1') as TableRow,
      col({ fieldName: 'A', more: { queryWithQuerySharedPage: true } }),
      1,
    );
    await until(() => api.updateResourceFields.mock.calls.length === 1);
    expect(api.updateResourceFields.mock.calls[0]?.[1]).toMatchObject({
      SharedQueryData: { TextSearch: 'x', Filters: [] },
    });
  });

  it('customRowBeforeRequest and the screen RequestData go in RequestData', async () => {
    api.updateResourceFields.mockResolvedValue({ StatusCode: 1, Msg: '', Data: { Id: 1 } } as never);
    const { store, actions } = setup([{ Id: 1, A: 0, Shop: 3 }], { screenRequestData: { Tab: 'x' } });
    actions.commit(
      store.get('1') as TableRow,
      col({ fieldName: 'A', more: { customRowBeforeRequest: 'Shop' } }),
      1,
    );
    await until(() => api.updateResourceFields.mock.calls.length === 1);
    expect(api.updateResourceFields.mock.calls[0]?.[1]).toMatchObject({ RequestData: { Tab: 'x', Shop: 3 } });
  });
});

describe('confirmation', () => {
  it('asks before a value change (default title Confirm), and sends nothing after Cancel', async () => {
    api.updateResourceFields.mockResolvedValue({ StatusCode: 1, Msg: '', Data: { Id: 1 } } as never);
    const { store, actions } = setup([{ Id: 1, Name: 'Lamp', On: false }]);
    const column = col({ fieldName: 'On', type: 'switch', more: { confirmMsg: 'Change [Name]?' } });
    actions.commit(store.get('1') as TableRow, column, true);
    await until(() => openModals().length === 1);
    expect(openModals()[0]).toMatchObject({
      type: 'mydialog',
      title: 'Confirm',
      message: 'Change Lamp?',
      ask: true,
    });
    closeModal(openModals()[0]?.id as number, false);
    await flush();
    expect(api.updateResourceFields).not.toHaveBeenCalled();
    actions.commit(store.get('1') as TableRow, column, true);
    await until(() => openModals().length === 1);
    closeModal(openModals()[0]?.id as number, true);
    await until(() => api.updateResourceFields.mock.calls.length === 1);
  });
});

describe('configured action calls', () => {
  it('build the call from the row, mark the row busy while it runs, then toast, re-read the row and re-expand it', async () => {
    let answer: (value: unknown) => void = () => {};
    api.runApiPlan.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)) as never);
    api.fetchResourceDetail.mockResolvedValueOnce({ Id: 1, Quantity: 20 } as never);
    const { store, actions } = setup([{ Id: 1, Quantity: 10, Sku: 'S-1' }]);
    const column = col({
      fieldName: 'UI_Restock',
      type: 'button',
      more: {
        api: {
          name: 'Restock',
          request: { Amount: 10 },
          query: { Code: '[Sku]' },
          needSendMsg: true,
          needReloadRow: true,
          needReExpand: true,
        },
        queryWithQuerySharedPage: true,
      },
    });
    actions.activate(store.get('1') as TableRow, column);
    await until(() => api.runApiPlan.mock.calls.length === 1);
    expect(api.runApiPlan.mock.calls[0]?.[0]).toMatchObject({
      target: { path: 'Product', name: 'Restock' },
      method: 'POST',
      body: { Id: 1, Amount: 10, Code: 'S-1', SharedQueryData: { TextSearch: 'x', Filters: [] } },
    });
    expect(store.get('1')?._UI_Loading?.UI_Restock).toBe(true);
    answer({ StatusCode: 1, Msg: 'Restocked.', Data: {} });
    await until(() => store.get('1')?.Quantity === 20);
    const { toast } = await import('react-toastify');
    expect(toast.success).toHaveBeenCalledWith('Restocked.');
    expect(store.get('1')).toMatchObject({ _UI_Loading: { UI_Restock: false }, _isShow: { default: true } });
  });

  it('reload the list or the options and list when configured; confirm first when the column asks', async () => {
    api.runApiPlan.mockResolvedValue({ StatusCode: 1, Msg: '', Data: null } as never);
    const { store, actions, host } = setup([{ Id: 1 }]);
    actions.activate(
      store.get('1') as TableRow,
      col({ type: 'button', more: { api: { name: 'X', needReloadList: true } } }),
    );
    await until(() => (host.reloadList as ReturnType<typeof vi.fn>).mock.calls.length === 1);
    actions.activate(
      store.get('1') as TableRow,
      col({
        type: 'button',
        more: { api: { name: 'Y', needReloadOptionsAndList: true }, confirmMsg: 'Sure?' },
      }),
    );
    await until(() => openModals().length === 1);
    expect(api.runApiPlan).toHaveBeenCalledTimes(1);
    closeModal(openModals()[0]?.id as number, true);
    await until(() => (host.reloadOptionsAndList as ReturnType<typeof vi.fn>).mock.calls.length === 1);
  });

  it('a disabled button does nothing', async () => {
    const { store, actions } = setup([{ Id: 1, Off: 1 }]);
    actions.activate(
      store.get('1') as TableRow,
      col({ type: 'button', more: { api: { name: 'X' }, button: { fDisabled: 'Off' } } }),
    );
    await flush();
    expect(api.runApiPlan).not.toHaveBeenCalled();
  });
});

describe('modals', () => {
  it('open only when the api check answers Data.Config.IsShow true, fed with its FormData', async () => {
    const column = col({
      type: 'modal',
      more: {
        modal: { type: 'component', title: 'P [Id]', config: { name: 'rowDetail' } },
        apiCheckShowModal: { name: 'Check' },
      },
    });
    api.runApiPlan.mockResolvedValueOnce({ StatusCode: 1, Data: { Config: { IsShow: false } } } as never);
    const { store, actions } = setup([{ Id: 1 }]);
    actions.openModal(store.get('1') as TableRow, column);
    await until(() => api.runApiPlan.mock.calls.length === 1);
    await flush();
    expect(openModals()).toHaveLength(0);
    api.runApiPlan.mockRejectedValueOnce({ code: 'network', msg: 'x' });
    actions.openModal(store.get('1') as TableRow, column);
    await until(() => api.runApiPlan.mock.calls.length === 2);
    await flush();
    expect(openModals()).toHaveLength(0);
    api.runApiPlan.mockResolvedValueOnce({
      StatusCode: 1,
      Data: { Config: { IsShow: true, FormData: { Id: 1, X: 'y' } } },
    } as never);
    actions.openModal(store.get('1') as TableRow, column);
    await until(() => openModals().length === 1);
    expect(openModals()[0]).toMatchObject({
      type: 'component',
      title: 'P 1',
      size: 'lg',
      component: 'rowDetail',
      data: { Id: 1, X: 'y' },
    });
  });

  it('myform, mypage and myui modals describe the screen to render; lightbox and mydialog take the cell', async () => {
    const { store, actions } = setup([{ Id: 4, Pic: '/a.png', Name: 'Lamp' }]);
    actions.openModal(
      store.get('4') as TableRow,
      col({
        type: 'modal',
        more: {
          modal: { type: 'myform', size: 'full', config: { controls: [], requestData: { P: '[Id]' } } },
        },
      }),
    );
    await until(() => openModals().length === 1);
    expect(openModals()[0]).toMatchObject({
      type: 'myform',
      size: 'full',
      screen: {
        pageType: 'myform',
        apiName: 'Product',
        requestData: { P: 4 },
        config: { formData: { Id: 4 } },
      },
    });
    useModalStore.setState({ modals: [] });
    actions.openModal(
      store.get('4') as TableRow,
      col({ fieldName: 'Pic', type: 'photo', more: { modal: { type: 'lightbox' } } }),
    );
    await until(() => openModals().length === 1);
    expect(openModals()[0]).toMatchObject({ type: 'lightbox', images: ['/a.png'] });
    useModalStore.setState({ modals: [] });
    actions.openModal(
      store.get('4') as TableRow,
      col({ type: 'modal', more: { modal: { type: 'mydialog', config: { message: 'Hi [Name]' } } } }),
    );
    await until(() => openModals().length === 1);
    expect(openModals()[0]).toMatchObject({ type: 'mydialog', message: 'Hi Lamp' });
  });

  it('a modal closed with a result reloads the list', async () => {
    const { store, actions, host } = setup([{ Id: 1 }]);
    actions.openModal(
      store.get('1') as TableRow,
      col({ type: 'modal', more: { modal: { type: 'mypage' } } }),
    );
    await until(() => openModals().length === 1);
    closeModal(openModals()[0]?.id as number, { saved: true });
    await until(() => (host.reloadList as ReturnType<typeof vi.fn>).mock.calls.length === 1);
  });
});

describe('delete and remove', () => {
  it('delete asks with the record named and a red Delete button, calls Delete and shows the row as just deleted', async () => {
    api.deleteResourceRecord.mockResolvedValue(true as never);
    const { store, actions } = setup([{ Id: 3, Name: 'Desk lamp' }]);
    actions.deleteRow(store.get('3') as TableRow, col({ type: 'delete' }));
    await until(() => openModals().length === 1);
    expect(openModals()[0]).toMatchObject({
      title: 'Confirm',
      message: 'Delete “Desk lamp”? This cannot be undone.',
      okText: 'Delete',
      danger: true,
    });
    closeModal(openModals()[0]?.id as number, true);
    await until(() => store.get('3')?._UI_JustDeleted === true);
    expect(api.deleteResourceRecord).toHaveBeenCalledWith('Product', 3);
  });

  it('remove takes the row out of the list without a call', async () => {
    const { store, actions } = setup([{ Id: 1 }, { Id: 2 }]);
    actions.removeRow(store.get('1') as TableRow, col({ type: 'remove' }));
    await until(() => store.snapshot().length === 1);
    expect(store.snapshot()[0]?.Id).toBe(2);
  });
});
