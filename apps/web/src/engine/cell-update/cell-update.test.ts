import { describe, expect, it } from 'vitest';
import type { TableRow } from '../rows';
import {
  buildUpdateFieldsRequest,
  cancelCellEdit,
  clearNeedUpdateUI,
  failCellUpdate,
  isCellWaiting,
  startCellUpdate,
  succeedCellUpdate,
  updateErrorMessage,
  updateRowById,
} from './cell-update';

const base: TableRow = { Id: 1, Qty: 2, Price: 10 };

describe('start', () => {
  it('a changed value makes the cell loading and is sent; the row keeps the saved value meanwhile', () => {
    const { row, send } = startCellUpdate(base, { field: 'Qty', value: 3, relatedFields: ['Total'] });
    expect(send).toBe(true);
    expect(row.Qty).toBe(2);
    expect(row._UI_Tried).toEqual({ Qty: 3 });
    expect(row._UI_Loading).toEqual({ Qty: true });
    expect(row._UI_NeedUpdate).toEqual({ Qty: true });
    expect(row._UI_CheckChange).toEqual({ Qty: { value: 3, fields: ['Total'] } });
    expect(base._UI_Loading).toBeUndefined();
  });

  it('an unchanged value is not sent and leaves the row as it is', () => {
    const result = startCellUpdate(base, { field: 'Qty', value: 2 });
    expect(result).toEqual({ row: base, send: false });
    expect(startCellUpdate(base, { field: 'Qty', value: '2' }).send).toBe(false);
    expect(startCellUpdate({ ...base, Note: null }, { field: 'Note', value: '' }).send).toBe(false);
  });

  it('the value being sent is not sent twice (Enter, then the blur of the closing editor)', () => {
    const { row } = startCellUpdate(base, { field: 'Qty', value: 3 });
    expect(startCellUpdate(row, { field: 'Qty', value: 3 }).send).toBe(false);
    expect(startCellUpdate(row, { field: 'Qty', value: 4 }).send).toBe(true);
  });

  it('a refused value is not sent again; a changed one is', () => {
    const refused = failCellUpdate(startCellUpdate(base, { field: 'Qty', value: 3 }).row, 'Qty', {
      code: 2,
      msg: 'Too many',
    });
    expect(startCellUpdate(refused, { field: 'Qty', value: 3 })).toEqual({ row: refused, send: false });
    expect(startCellUpdate(refused, { field: 'Qty', value: '3' }).send).toBe(false);
    const changed = startCellUpdate(refused, { field: 'Qty', value: 4 });
    expect(changed.send).toBe(true);
    expect(changed.row._UI_Tried?.Qty).toBe(4);
    expect(changed.row._UI_Error?.Qty).toBe('Too many');
  });

  it('a value that failed on the network is sent again as it is', () => {
    const lost = failCellUpdate(startCellUpdate(base, { field: 'Qty', value: 3 }).row, 'Qty', {
      code: 'network',
      msg: 'Network error',
    });
    expect(lost._UI_ErrorRetryable?.Qty).toBe(true);
    expect(startCellUpdate(lost, { field: 'Qty', value: 3 }).send).toBe(true);
    const fault = failCellUpdate(startCellUpdate(base, { field: 'Qty', value: 3 }).row, 'Qty', {
      code: 'http',
      status: 503,
      msg: 'Service unavailable',
    });
    expect(startCellUpdate(fault, { field: 'Qty', value: 3 }).send).toBe(true);
  });

  it('giving the saved value back after a refusal sends nothing and clears the message', () => {
    const refused = failCellUpdate(startCellUpdate(base, { field: 'Qty', value: 3 }).row, 'Qty', 'No');
    const { row, send } = startCellUpdate(refused, { field: 'Qty', value: 2 });
    expect(send).toBe(false);
    expect(row._UI_Error).toEqual({});
    expect(row._UI_Tried).toEqual({});
    expect(row.Qty).toBe(2);
  });

  it('closing the editor of a refused value puts the saved value back', () => {
    const refused = failCellUpdate(startCellUpdate(base, { field: 'Qty', value: 3 }).row, 'Qty', 'No');
    const closed = cancelCellEdit(refused, 'Qty');
    expect(closed.Qty).toBe(2);
    expect(closed._UI_Tried).toEqual({});
    expect(closed._UI_Error).toEqual({});
    expect(cancelCellEdit(base, 'Qty')).toBe(base);
    // An update still running is left to finish.
    const running = startCellUpdate(base, { field: 'Qty', value: 3 }).row;
    expect(cancelCellEdit(running, 'Qty')).toBe(running);
  });

  it('an unchanged value is sent when forced', () => {
    expect(startCellUpdate(base, { field: 'Qty', value: 2, force: true }).send).toBe(true);
  });

  it('keeps the flags of other fields', () => {
    const busy: TableRow = { ...base, _UI_Loading: { Price: true } };
    expect(startCellUpdate(busy, { field: 'Qty', value: 5 }).row._UI_Loading).toEqual({
      Price: true,
      Qty: true,
    });
  });
});

describe('the UpdateFields request', () => {
  it('sends Id, the field and its new value', () => {
    expect(buildUpdateFieldsRequest(base, 'Qty', 3)).toEqual({
      Id: 1,
      Values: [{ FieldName: 'Qty', NewValue: 3 }],
    });
  });

  it('adds ProjectId when the row has one, and the shared request data', () => {
    expect(
      buildUpdateFieldsRequest({ ...base, ProjectId: 9 }, 'Qty', 3, { requestData: { Shop: 1 } }),
    ).toEqual({
      Id: 1,
      ProjectId: 9,
      RequestData: { Shop: 1 },
      Values: [{ FieldName: 'Qty', NewValue: 3 }],
    });
  });

  it('copies the customRowBeforeRequest fields into RequestData', () => {
    expect(
      buildUpdateFieldsRequest(base, 'Qty', 3, {
        requestData: { Shop: 1 },
        requestDataFromRow: { Price: 10 },
      }).RequestData,
    ).toEqual({ Shop: 1, Price: 10 });
    expect(
      buildUpdateFieldsRequest(base, 'Qty', 3, { requestDataFromRow: { Price: 10 } }).RequestData,
    ).toEqual({
      Price: 10,
    });
    expect(buildUpdateFieldsRequest(base, 'Qty', 3, { requestData: 'text' }).RequestData).toBe('text');
  });
});

describe('success', () => {
  const started = startCellUpdate(
    { ...base, _UI_Error: { Qty: 'old' } },
    { field: 'Qty', value: 3, relatedFields: ['Total'] },
  ).row;

  it('merges the returned row and clears loading and error', () => {
    const { row, rerenderFields, msg } = succeedCellUpdate(started, 'Qty', {
      StatusCode: 1,
      Msg: 'Saved',
      Data: { Id: 1, Qty: 3, Total: 30 },
    });
    expect(row).toMatchObject({ Id: 1, Qty: 3, Total: 30, Price: 10 });
    expect(row._UI_Loading?.Qty).toBe(false);
    expect(row._UI_Error).toEqual({});
    expect(row._UI_NeedUpdate?.Qty).toBe(false);
    expect(row._UI_NeedUpdateUI).toBe(true);
    expect(row._UI_NeedUpdateUIByFields).toEqual(['Total']);
    expect(row._UI_CheckChange).toEqual({});
    expect(rerenderFields).toEqual(['Qty', 'Total']);
    expect(msg).toBe('Saved');
    expect(row._UI_Tried).toEqual({});
  });

  it('shows the accepted value even when the answer brings no row', () => {
    const { row } = succeedCellUpdate(started, 'Qty', { StatusCode: 1 });
    expect(row.Qty).toBe(3);
  });

  it('does not merge another row, nor client flags from the answer', () => {
    expect(succeedCellUpdate(started, 'Qty', { Data: { Id: 2, Total: 99 } }).row.Total).toBeUndefined();
    expect(
      succeedCellUpdate(started, 'Qty', { Data: { Total: 5, _UI_Loading: { Qty: true } } }).row,
    ).toMatchObject({
      Total: 5,
      _UI_Loading: { Qty: false },
    });
    expect(succeedCellUpdate(started, 'Qty', { Data: null }).row.Qty).toBe(3);
  });

  it('reloads nothing by default', () => {
    expect(succeedCellUpdate(started, 'Qty', {}).reload).toBe('none');
  });

  it('reloads the list when forced', () => {
    expect(succeedCellUpdate(started, 'Qty', {}, { force: true }).reload).toBe('list');
  });

  it('reloads the list when the field is in the reload-after-update list', () => {
    expect(succeedCellUpdate(started, 'Qty', {}, { reloadAfterUpdateFields: ['Qty'] }).reload).toBe('list');
    expect(succeedCellUpdate(started, 'Qty', {}, { reloadAfterUpdateFields: ['Price'] }).reload).toBe('none');
  });

  it('reloads the list when the column asks for the main list', () => {
    expect(succeedCellUpdate(started, 'Qty', {}, { reloadListMain: true }).reload).toBe('list');
  });

  it('reloads the options and list when the column asks for it', () => {
    expect(
      succeedCellUpdate(started, 'Qty', {}, { reloadOptionsAndListMain: true, force: true }).reload,
    ).toBe('optionsAndList');
  });

  it('reloads the master table when asked', () => {
    expect(succeedCellUpdate(started, 'Qty', {}, { reloadMaster: true }).reloadMaster).toBe(true);
    expect(succeedCellUpdate(started, 'Qty', {}).reloadMaster).toBe(false);
  });

  it('clears the re-render mark afterwards', () => {
    const { row } = succeedCellUpdate(started, 'Qty', {});
    expect(clearNeedUpdateUI(row)).toMatchObject({ _UI_NeedUpdateUI: false, _UI_NeedUpdateUIByFields: [] });
  });
});

describe('failure', () => {
  const started = startCellUpdate(base, { field: 'Qty', value: 3 }).row;

  it('clears loading and stores the message on the cell, keeping the tried value', () => {
    const row = failCellUpdate(started, 'Qty', { code: 2, msg: 'Not enough stock' });
    expect(row._UI_Loading?.Qty).toBe(false);
    expect(row._UI_NeedUpdate?.Qty).toBe(false);
    expect(row._UI_Error?.Qty).toBe('Not enough stock');
    expect(row._UI_ErrorRetryable?.Qty).toBe(false);
    // Never shown as saved: the row keeps the saved value, the tried one waits beside it.
    expect(row.Qty).toBe(2);
    expect(row._UI_Tried?.Qty).toBe(3);
  });

  it('reads the message of any failure shape', () => {
    expect(updateErrorMessage('plain')).toBe('plain');
    expect(updateErrorMessage(new Error('thrown'))).toBe('thrown');
    expect(updateErrorMessage({ Msg: 'envelope' })).toBe('envelope');
    expect(updateErrorMessage({ error_description: 'bad value' })).toBe('bad value');
    expect(updateErrorMessage({})).toBe('Error from server');
    expect(updateErrorMessage(undefined)).toBe('Error from server');
  });
});

describe('helpers', () => {
  it('a waitApi cell waits while an api of its row runs', () => {
    expect(isCellWaiting({ _UI_Loading: { A: true } }, true)).toBe(true);
    expect(isCellWaiting({ _UI_Loading: { A: true } }, false)).toBe(false);
    expect(isCellWaiting({}, true)).toBe(false);
  });

  it('replaces a row by Id', () => {
    const rows = [
      { Id: 1, A: 1 },
      { Id: 2, A: 2 },
    ];
    expect(updateRowById(rows, '2', (row) => ({ ...row, A: 9 }))).toEqual([
      { Id: 1, A: 1 },
      { Id: 2, A: 9 },
    ]);
    expect(updateRowById([{ A: 1 }], undefined, () => ({ A: 9 }))).toEqual([{ A: 1 }]);
  });
});
