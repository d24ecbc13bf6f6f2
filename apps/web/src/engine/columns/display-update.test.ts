import { describe, expect, it } from 'vitest';
import { cell } from '../testing/columns';
import { displayFormat, resolveDisplay, resolveTooltip } from './display';
import { columnReloads } from './reloads';
import { buildDefaultValues, requestDataFromRow, resolveUpdateBehaviour } from './update-behaviour';

type Args = Parameters<typeof cell>[1];
const display = (row: Record<string, unknown>, more: unknown, extra: Args = {}) =>
  resolveDisplay(cell(row, { fieldName: 'V', more, ...extra }));

describe('formats', () => {
  it('dateFormat (or format) formats date cells', () => {
    expect(display({ V: '2024-03-05' }, {}, { type: 'date' }).text).toBe('05-Mar24');
    expect(display({ V: '2024-03-05' }, { dateFormat: 'DD/MM/YYYY' }, { type: 'date' }).text).toBe(
      '05/03/2024',
    );
    expect(display({ V: '2024-03-05' }, { format: 'YYYY' }, { type: 'date' }).text).toBe('2024');
    expect(displayFormat(cell({}, { type: 'datetime', more: { dateFormat: 'A', format: 'B' } }))).toBe('A');
  });

  it('format formats number cells; dateFormat does not apply to them', () => {
    expect(display({ V: 1234.5 }, {}, { type: 'money' }).text).toBe('1.234,50');
    expect(display({ V: 1234.5 }, { format: '0,0.00' }, { type: 'money' }).text).toBe('1.234,50');
    expect(display({ V: 1234.5 }, { dateFormat: 'YYYY' }, { type: 'number' }).text).toBe('1.234,5');
  });
});

describe('display', () => {
  it('shows the formatted value by default, untranslated', () => {
    expect(display({ V: 'abc' }, {})).toEqual({
      hidden: false,
      text: 'abc',
      fullText: 'abc',
      shortened: false,
      translate: false,
    });
  });

  it("shows the row's fText field as it is", () => {
    expect(display({ V: 3, Label: 'Three' }, { fText: 'Label' }, { type: 'number' }).text).toBe('Three');
    expect(display({ V: 3000, Label: null }, { fText: 'Label' }, { type: 'number' }).text).toBe('3.000');
  });

  it('configDisplay.showShortText cuts to countShort (50 by default) ending ...', () => {
    const long = 'y'.repeat(70);
    expect(display({ V: long }, { configDisplay: { showShortText: true } })).toMatchObject({
      text: `${'y'.repeat(50)}...`,
      fullText: long,
      shortened: true,
    });
    expect(display({ V: 'abcdef' }, { configDisplay: { showShortText: true, countShort: 4 } }).text).toBe(
      'abcd...',
    );
    expect(display({ V: long }, {}).text).toBe(long);
  });

  it('configDisplay.text is a fixed display text (a template)', () => {
    expect(display({ V: 1, Id: 4 }, { configDisplay: { text: 'See #[Id]' } }).text).toBe('See #4');
  });

  it('configDisplay.configFormat is the format', () => {
    expect(
      display({ V: 2.5 }, { format: '0.0', configDisplay: { configFormat: '0.000' } }, { type: 'number' })
        .text,
    ).toBe('2,500');
  });

  it('configDisplay.isHide hides the display', () => {
    expect(display({ V: 1 }, { configDisplay: { isHide: true } }).hidden).toBe(true);
  });

  it('usingI18n asks for translation', () => {
    expect(display({ V: 'Open' }, { usingI18n: true }).translate).toBe(true);
  });
});

describe('configTitleTooltip', () => {
  const tooltip = (row: Record<string, unknown>, more: unknown) =>
    resolveTooltip(cell(row, { more })).tooltip;
  it("text, or the row's fText field, with templates", () => {
    expect(tooltip({}, {})).toBeUndefined();
    expect(tooltip({ Id: 1 }, { configTitleTooltip: { text: 'Row [Id]' } })).toBe('Row 1');
    expect(tooltip({ T: 'From row' }, { configTitleTooltip: { text: 'Plain', fText: 'T' } })).toBe(
      'From row',
    );
    expect(tooltip({ T: null }, { configTitleTooltip: { text: 'Plain', fText: 'T' } })).toBe('Plain');
    expect(tooltip({}, { configTitleTooltip: {} })).toBeUndefined();
  });
});

describe('update behaviour', () => {
  it('updateUIRelative is a comma list of fields to re-render', () => {
    expect(
      resolveUpdateBehaviour(cell({}, { more: { updateUIRelative: 'Total, Tax' } })).relatedFields,
    ).toEqual(['Total', 'Tax']);
    expect(resolveUpdateBehaviour(cell({}, { more: {} })).relatedFields).toEqual([]);
  });

  it('waitApi', () => {
    expect(resolveUpdateBehaviour(cell({}, { more: { waitApi: true } })).waitApi).toBe(true);
    expect(resolveUpdateBehaviour(cell({}, { more: {} })).waitApi).toBe(false);
  });

  it('customRowBeforeRequest copies row fields into RequestData', () => {
    expect(
      requestDataFromRow({ customRowBeforeRequest: 'ShopId, Kind' }, { ShopId: 3, Kind: 'a', X: 1 }),
    ).toEqual({
      ShopId: 3,
      Kind: 'a',
    });
    expect(requestDataFromRow({}, { X: 1 })).toEqual({});
  });

  it('customDefaultValues are fixed DefaultValues', () => {
    expect(buildDefaultValues({ customDefaultValues: { Type: 2 } }, {})).toEqual({ Type: 2 });
  });

  it('fDefaultValues adds row fields, as a comma list or a map, over the fixed ones', () => {
    expect(
      buildDefaultValues({ customDefaultValues: { Id: 0 }, fDefaultValues: 'Id,Code' }, { Id: 5, Code: 'c' }),
    ).toEqual({ Id: 5, Code: 'c' });
    expect(buildDefaultValues({ fDefaultValues: { OrderId: 'Id' } }, { Id: 5 })).toEqual({ OrderId: 5 });
  });

  it('excludeDefaultValues leaves fields out', () => {
    expect(
      buildDefaultValues(
        { customDefaultValues: { A: 1, B: 2 }, fDefaultValues: 'C', excludeDefaultValues: 'B, C' },
        { C: 3 },
      ),
    ).toEqual({ A: 1 });
    expect(buildDefaultValues({ customDefaultValues: { A: 1 }, excludeDefaultValues: ['A'] }, {})).toEqual(
      {},
    );
  });

  it('gathers it per cell', () => {
    expect(
      resolveUpdateBehaviour(
        cell({ ShopId: 1 }, { more: { customRowBeforeRequest: 'ShopId', fDefaultValues: 'ShopId' } }),
      ),
    ).toMatchObject({ requestDataFromRow: { ShopId: 1 }, defaultValues: { ShopId: 1 } });
  });
});

describe('reloads', () => {
  it('are all off by default', () => {
    expect(Object.values(columnReloads({})).some(Boolean)).toBe(false);
  });

  it.each([
    ['needReloadMaster', 'master'],
    ['needReloadListMain', 'listMain'],
    ['needReloadOptionsAndListMain', 'optionsAndListMain'],
    ['needLoadingFullRow', 'loadingFullRow'],
    ['needReloadAfterUpdateFields', 'listAfterUpdate'],
    ['queryWithQuerySharedPage', 'sendSharedQuery'],
  ])('%s turns on %s alone', (option, key) => {
    const reloads = columnReloads({ [option]: true });
    expect(reloads[key as keyof typeof reloads]).toBe(true);
    expect(Object.values(reloads).filter(Boolean)).toHaveLength(1);
  });
});
