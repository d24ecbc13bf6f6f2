import { describe, expect, it } from 'vitest';
import { cell } from '../testing/columns';
import { DEFAULT_CONFIRM_TITLE, resolveConfirmation } from './confirmation';
import { DEFAULT_MODAL_SIZE, DEFAULT_MODAL_TYPE, decideModalFromCheck, resolveModal } from './modal';

const modal = (row: Record<string, unknown>, more: unknown) => resolveModal(cell(row, { more }));

describe('modal', () => {
  it('is null without a modal option', () => {
    expect(modal({}, {})).toBeNull();
  });

  it('opens by default, with size lg and the default type', () => {
    expect(modal({}, { modal: { config: { a: 1 } } })).toEqual({
      canOpen: true,
      title: '',
      type: DEFAULT_MODAL_TYPE,
      size: 'lg',
      config: { a: 1 },
      check: undefined,
    });
    expect(DEFAULT_MODAL_SIZE).toBe('lg');
  });

  it('canShowModal false suppresses it', () => {
    expect(modal({}, { modal: { canShowModal: false } })?.canOpen).toBe(false);
  });

  it('fCanShowModal: a falsy row field suppresses it, a truthy one allows it', () => {
    const more = { modal: { fCanShowModal: 'CanOpen' } };
    expect(modal({ CanOpen: false }, more)?.canOpen).toBe(false);
    expect(modal({ CanOpen: 0 }, more)?.canOpen).toBe(false);
    expect(modal({}, more)?.canOpen).toBe(false);
    expect(modal({ CanOpen: true }, more)?.canOpen).toBe(true);
    expect(
      modal({ CanOpen: true }, { modal: { fCanShowModal: 'CanOpen', canShowModal: false } })?.canOpen,
    ).toBe(false);
  });

  it('title, or the row field fTitle when it has a value, with templates filled', () => {
    expect(modal({ Id: 4 }, { modal: { title: 'Order [Id]' } })?.title).toBe('Order 4');
    expect(modal({ Id: 4, T: 'From row [Id]' }, { modal: { title: 'Plain', fTitle: 'T' } })?.title).toBe(
      'From row 4',
    );
    expect(modal({ T: null }, { modal: { title: 'Plain', fTitle: 'T' } })?.title).toBe('Plain');
  });

  it('type and size come from the option; unknown ones fall back', () => {
    expect(modal({}, { modal: { type: 'myform', size: 'full' } })).toMatchObject({
      type: 'myform',
      size: 'full',
    });
    expect(modal({}, { modal: { type: 'xm' } })?.type).toBe(DEFAULT_MODAL_TYPE);
    expect(modal({}, { modal: { size: 'huge' } })?.size).toBe('lg');
  });

  it('carries apiCheckShowModal, which alone also makes a modal', () => {
    const check = { name: 'CheckOpen' };
    expect(modal({}, { modal: {}, apiCheckShowModal: check })?.check).toEqual(check);
    expect(modal({}, { apiCheckShowModal: check })).toMatchObject({ canOpen: true, check });
  });
});

describe('apiCheckShowModal answer', () => {
  it('opens only when Data.Config.IsShow is exactly true, feeding FormData, ConfigForm and ResultModel', () => {
    expect(
      decideModalFromCheck({
        StatusCode: 1,
        Data: { Config: { IsShow: true, FormData: { a: 1 }, ConfigForm: { b: 2 }, ResultModel: 'r' } },
      }),
    ).toEqual({ open: true, formData: { a: 1 }, configForm: { b: 2 }, resultModel: 'r' });
  });

  it('stays closed otherwise or on error', () => {
    expect(decideModalFromCheck({ Data: { Config: { IsShow: false } } })).toEqual({ open: false });
    expect(decideModalFromCheck({ Data: { Config: { IsShow: 'true' } } })).toEqual({ open: false });
    expect(decideModalFromCheck({ Data: { Config: { IsShow: 1 } } })).toEqual({ open: false });
    expect(decideModalFromCheck({ Data: {} })).toEqual({ open: false });
    expect(decideModalFromCheck(null)).toEqual({ open: false });
    expect(decideModalFromCheck(new Error('boom'))).toEqual({ open: false });
    expect(decideModalFromCheck({ code: 2, msg: 'no' })).toEqual({ open: false });
  });
});

describe('confirmation', () => {
  const confirm = (row: Record<string, unknown>, more: unknown) => resolveConfirmation(cell(row, { more }));

  it('is null without a message', () => {
    expect(confirm({}, {})).toBeNull();
    expect(confirm({}, { confirmMsg: '  ' })).toBeNull();
    expect(confirm({}, { titleConfirm: 'Sure?' })).toBeNull();
  });

  it("confirmMsg, or the row's fConfirmMsg, with templates", () => {
    expect(confirm({ Id: 9 }, { confirmMsg: 'Delete [Id]?' })).toEqual({
      title: 'Confirm',
      message: 'Delete 9?',
    });
    expect(confirm({ M: 'Row says' }, { confirmMsg: 'Plain', fConfirmMsg: 'M' })?.message).toBe('Row says');
    expect(confirm({ M: null }, { confirmMsg: 'Plain', fConfirmMsg: 'M' })?.message).toBe('Plain');
    expect(confirm({ M: 'Only row' }, { fConfirmMsg: 'M' })?.message).toBe('Only row');
  });

  it("titleConfirm, default 'Confirm'", () => {
    expect(DEFAULT_CONFIRM_TITLE).toBe('Confirm');
    expect(confirm({}, { confirmMsg: 'x', titleConfirm: 'Careful' })?.title).toBe('Careful');
    expect(confirm({}, { confirmMsg: 'x', titleConfirm: '' })?.title).toBe('Confirm');
  });
});
