import { describe, expect, it } from 'vitest';
import { buildApiCall, decideAfterApiSuccess, fullPathOutcome } from './api-config';

const row = { Id: 7, Code: 'A/1', Qty: 3, Shop: 'Main' };
const context = { row, screenApiName: 'Orders' };

describe('api config → request', () => {
  it('goes to /api/v1/{path}/{name}, path defaulting to the screen APIName, method POST', () => {
    const call = buildApiCall({ name: 'Approve' }, context);
    expect(call.url).toBe('/api/v1/Orders/Approve');
    expect(call.target).toEqual({ path: 'Orders', name: 'Approve' });
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({ Id: 7 });
  });

  it('takes path from the config', () => {
    expect(buildApiCall({ path: 'Stock', name: 'Move' }, context).url).toBe('/api/v1/Stock/Move');
  });

  it('takes a url as it is, with [field] placeholders URL-encoded', () => {
    const call = buildApiCall({ url: 'https://x.io/orders/[Code]/print', name: 'ignored' }, context);
    expect(call.url).toBe('https://x.io/orders/A%2F1/print');
    expect(call.target).toEqual({ url: 'https://x.io/orders/A%2F1/print' });
  });

  it('fills placeholders in path and name', () => {
    expect(buildApiCall({ path: 'Shop[Shop]', name: 'Do[Qty]' }, context).url).toBe('/api/v1/ShopMain/Do3');
  });

  it('method GET when the config says so; POST otherwise', () => {
    expect(buildApiCall({ name: 'X', method: 'get' }, context).method).toBe('GET');
    expect(buildApiCall({ name: 'X', method: 'PUT' }, context).method).toBe('POST');
  });

  it('merges request into the body', () => {
    expect(buildApiCall({ name: 'X', request: { Mode: 2, Id: 99 } }, context).body).toEqual({
      Id: 99,
      Mode: 2,
    });
  });

  it('query adds body fields from templates; a lone placeholder keeps the field type', () => {
    const call = buildApiCall(
      { name: 'X', query: { Note: 'Order [Code] x[Qty]', Qty: '[Qty]', Missing: '[Nope]', Fixed: 5 } },
      context,
    );
    expect(call.body).toEqual({ Id: 7, Note: 'Order A/1 x3', Qty: 3, Missing: '', Fixed: 5 });
  });

  it('queryByField adds body fields from row fields', () => {
    expect(buildApiCall({ name: 'X', queryByField: { OrderId: 'Id', Amount: 'Qty' } }, context).body).toEqual(
      {
        Id: 7,
        OrderId: 7,
        Amount: 3,
      },
    );
  });

  it('later sources win: base body < request < query < queryByField', () => {
    const call = buildApiCall(
      {
        name: 'X',
        request: { A: 'request', B: 'request', C: 'request' },
        query: { B: 'query', C: 'query' },
        queryByField: { C: 'Shop' },
      },
      { ...context, baseBody: { A: 'base', Z: 'base' } },
    );
    expect(call.body).toEqual({ Id: 7, A: 'request', B: 'query', C: 'Main', Z: 'base' });
  });

  it('sends the page shared query only when asked', () => {
    const shared = { Filters: [] };
    expect(
      buildApiCall({ name: 'X' }, { ...context, sharedQuery: shared }).body.SharedQueryData,
    ).toBeUndefined();
    expect(
      buildApiCall({ name: 'X' }, { ...context, sharedQuery: shared, sendSharedQuery: true }).body
        .SharedQueryData,
    ).toBe(shared);
  });

  it('leaves Id out when the row has none, or when asked to', () => {
    expect(buildApiCall({ name: 'X' }, { row: {}, screenApiName: 'S' }).body).toEqual({});
    expect(buildApiCall({ name: 'X' }, { ...context, includeRowId: false }).body).toEqual({});
  });
});

describe('after success', () => {
  const answer = { StatusCode: 1, Msg: 'Done', Data: { Id: 7 } };

  it('decides nothing by default', () => {
    expect(decideAfterApiSuccess({}, answer)).toEqual({
      reloadPage: false,
      reloadList: false,
      reloadOptionsAndList: false,
      reExpand: false,
      reloadRow: false,
      toast: undefined,
      secret: undefined,
      fullPath: { kind: 'nothing' },
    });
  });

  it('keeps a value shown once (secretField) for a dialog, with the message, instead of a toast', () => {
    const reset = { StatusCode: 1, Msg: 'Temporary password of ann: Xk7p', Data: { Password: 'Xk7p' } };
    const decided = decideAfterApiSuccess({ needSendMsg: true, secretField: 'Password' }, reset);
    expect(decided.secret).toEqual({ value: 'Xk7p', message: 'Temporary password of ann: Xk7p' });
    expect(decided.toast).toBeUndefined();
    // No such value in the answer: the toast as before.
    expect(decideAfterApiSuccess({ needSendMsg: true, secretField: 'Key' }, reset)).toMatchObject({
      secret: undefined,
      toast: reset.Msg,
    });
  });

  it.each([
    ['needReloadPage', 'reloadPage'],
    ['needReloadList', 'reloadList'],
    ['needReloadOptionsAndList', 'reloadOptionsAndList'],
    ['needReExpand', 'reExpand'],
    ['needReloadRow', 'reloadRow'],
  ])('%s → %s', (option, decision) => {
    const decided = decideAfterApiSuccess({ [option]: true }, answer);
    expect(decided[decision as keyof typeof decided]).toBe(true);
  });

  it('needSendMsg toasts the Msg, when there is one', () => {
    expect(decideAfterApiSuccess({ needSendMsg: true }, answer).toast).toBe('Done');
    expect(decideAfterApiSuccess({ needSendMsg: true }, { ...answer, Msg: '' }).toast).toBeUndefined();
    expect(decideAfterApiSuccess({}, answer).toast).toBeUndefined();
  });

  it('reads the full-path fields of Data with the column link options', () => {
    const decided = decideAfterApiSuccess(
      {},
      { Data: { FullPath: '/files/a.pdf' } },
      { autoOpenLink: true, newWindow: false },
    );
    expect(decided.fullPath).toMatchObject({ kind: 'open', autoOpen: true, newWindow: false });
  });
});

describe('full-path results', () => {
  it('a FullPath opens in a new window by default', () => {
    expect(
      fullPathOutcome({ FullPath: '/files/a.pdf', FullPathName: 'a.pdf', FullPathTitle: 'Export' }),
    ).toEqual({
      kind: 'open',
      links: [{ url: '/files/a.pdf', name: 'a.pdf', info: undefined }],
      title: 'Export',
      newWindow: true,
      download: false,
      autoOpen: false,
    });
  });

  it('newWindow false (column) or FullPathNewWindow false (answer) opens in the same window; the answer wins', () => {
    expect(fullPathOutcome({ FullPath: '/a' }, { newWindow: false })).toMatchObject({ newWindow: false });
    expect(fullPathOutcome({ FullPath: '/a', FullPathNewWindow: false })).toMatchObject({ newWindow: false });
    expect(fullPathOutcome({ FullPath: '/a', FullPathNewWindow: true }, { newWindow: false })).toMatchObject({
      newWindow: true,
    });
  });

  it('FullPathDownload asks for a download', () => {
    expect(fullPathOutcome({ FullPath: '/a', FullPathDownload: true })).toMatchObject({ download: true });
  });

  it('FullPathList gives several links, titled FullPathListName, never auto-opened', () => {
    const outcome = fullPathOutcome(
      {
        FullPathListName: 'Files',
        FullPathList: [
          { FullPath: '/a', FullPathName: 'A', FullPathInfo: 'first' },
          { FullPath: '' },
          { FullPath: '/b' },
        ],
      },
      { autoOpenLink: true },
    );
    expect(outcome).toMatchObject({
      kind: 'open',
      title: 'Files',
      autoOpen: false,
      links: [
        { url: '/a', name: 'A', info: 'first' },
        { url: '/b', name: undefined, info: undefined },
      ],
    });
  });

  it('autoOpenLink opens a single link at once', () => {
    expect(fullPathOutcome({ FullPath: '/a' }, { autoOpenLink: true })).toMatchObject({ autoOpen: true });
  });

  it('a full-path result with no link gives nothing', () => {
    expect(fullPathOutcome({ FullPathTitle: 'Export' })).toEqual({ kind: 'nothing' });
    expect(fullPathOutcome({ FullPath: '', FullPathList: [] })).toEqual({ kind: 'nothing' });
    expect(fullPathOutcome(null)).toEqual({ kind: 'nothing' });
    expect(fullPathOutcome('text')).toEqual({ kind: 'nothing' });
  });

  it('drops links that may not be followed', () => {
    expect(fullPathOutcome({ FullPath: 'javascript:alert(1)' })).toEqual({ kind: 'nothing' });
  });
});
