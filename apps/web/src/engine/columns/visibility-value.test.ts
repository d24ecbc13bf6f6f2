import { describe, expect, it } from 'vitest';
import { cell } from '../testing/columns';
import { resolveValue } from './value';
import { resolveVisibility } from './visibility';

const visible = (row: Record<string, unknown>, more: unknown) =>
  resolveVisibility(cell(row, { more })).visible;

describe('visibility', () => {
  it('shows the cell by default', () => {
    expect(visible({ Id: 1 }, {})).toBe(true);
  });

  it('canShow false hides the cell in every row', () => {
    expect(visible({ Id: 1 }, { canShow: false })).toBe(false);
    expect(visible({ Id: 2 }, { canShow: false })).toBe(false);
    expect(visible({ Id: 1 }, { canShow: true })).toBe(true);
  });

  it("fCanShow: the row's field hides or shows this row's cell, overriding canShow", () => {
    expect(visible({ Show: false }, { fCanShow: 'Show' })).toBe(false);
    expect(visible({ Show: 0 }, { fCanShow: 'Show' })).toBe(false);
    expect(visible({ Show: '' }, { fCanShow: 'Show' })).toBe(false);
    expect(visible({ Show: true }, { fCanShow: 'Show', canShow: false })).toBe(true);
    expect(visible({ Show: 1 }, { fCanShow: 'Show', canShow: false })).toBe(true);
  });

  it('fCanShow without a value in the row leaves canShow in charge', () => {
    expect(visible({ Show: null }, { fCanShow: 'Show', canShow: false })).toBe(false);
    expect(visible({}, { fCanShow: 'Show' })).toBe(true);
  });

  it('hideOfIds hides the cell of the listed row Ids, as a list or a comma list', () => {
    expect(visible({ Id: 3 }, { hideOfIds: [1, 3] })).toBe(false);
    expect(visible({ Id: 2 }, { hideOfIds: [1, 3] })).toBe(true);
    expect(visible({ Id: 3 }, { hideOfIds: '1, 3' })).toBe(false);
    expect(visible({ Id: 'a' }, { hideOfIds: ['a'] })).toBe(false);
    expect(visible({ Id: 3, Show: true }, { hideOfIds: [3], fCanShow: 'Show' })).toBe(false);
  });
});

describe('value and text', () => {
  it('uses the column field by default', () => {
    expect(resolveValue(cell({ Name: 'Ann' }, { fieldName: 'Name' }))).toEqual({
      valueField: 'Name',
      value: 'Ann',
      text: 'Ann',
    });
  });

  it('fValue names the field the cell shows and edits', () => {
    const result = resolveValue(
      cell({ Name: 'Ann', StatusId: 2 }, { fieldName: 'Name', more: { fValue: 'StatusId' } }),
    );
    expect(result.valueField).toBe('StatusId');
    expect(result.value).toBe(2);
  });

  it('fText names the field holding the text shown for the value, falling back to the value', () => {
    const more = { fValue: 'StatusId', fText: 'StatusName' };
    expect(resolveValue(cell({ StatusId: 2, StatusName: 'Open' }, { more })).text).toBe('Open');
    expect(resolveValue(cell({ StatusId: 2, StatusName: null }, { more })).text).toBe(2);
  });
});
