import { describe, expect, it } from 'vitest';
import { cell } from '../testing/columns';
import { editLockReason, isCellEditable, resolveEditing } from './editing';
import { DEFAULT_CELL_COLOR, resolveStyling } from './styling';

type Args = Parameters<typeof cell>[1];
const styling = (row: Record<string, unknown>, more: unknown, extra: Args = {}) =>
  resolveStyling(cell(row, { fieldName: 'Name', more, ...extra }));

describe('styling', () => {
  it("starts from the column's Style (JSON or CSS text)", () => {
    expect(styling({}, {}, { Style: '{"textAlign":"right"}' }).cellStyle).toEqual({ textAlign: 'right' });
    expect(styling({}, {}, { Style: 'text-align: right' }).cellStyle).toEqual({ textAlign: 'right' });
    expect(styling({}, {}).cellStyle).toEqual({});
  });

  it('Type.bgF and Type.colorF name the row fields of background and text colour', () => {
    const extra = { Type: { bgF: 'Bg', colorF: 'Fg' } };
    expect(styling({ Bg: '#eee', Fg: 'red' }, {}, extra).cellStyle).toEqual({
      backgroundColor: '#eee',
      color: 'red',
    });
  });

  it("color, or the row's fColor", () => {
    expect(styling({}, { color: 'blue' }).cellStyle.color).toBe('blue');
    expect(styling({ C: 'red' }, { color: 'blue', fColor: 'C' }).cellStyle.color).toBe('red');
    expect(styling({ C: null }, { color: 'blue', fColor: 'C' }).cellStyle.color).toBe('blue');
  });

  it('is gray by default when the colour comes from a row field that has none', () => {
    expect(DEFAULT_CELL_COLOR).toBe('gray');
    expect(styling({ C: null }, { fColor: 'C' }).cellStyle.color).toBe('gray');
    expect(styling({}, {}, { Type: { colorF: 'Fg' } }).cellStyle.color).toBe('gray');
    expect(styling({}, {}).cellStyle.color).toBeUndefined();
  });

  it('styleByValue styles by the cell value', () => {
    const more = { styleByValue: { Late: { color: 'red', fontWeight: 'bold' } } };
    expect(styling({ Name: 'Late' }, more).cellStyle).toEqual({ color: 'red', fontWeight: 'bold' });
    expect(styling({ Name: 'OnTime' }, more).cellStyle).toEqual({});
  });

  it('fBorderLeftColor draws a 4px left border in the row colour', () => {
    expect(styling({ B: '#f00' }, { fBorderLeftColor: 'B' }).cellStyle.borderLeft).toBe('4px solid #f00');
    expect(styling({ B: null }, { fBorderLeftColor: 'B' }).cellStyle.borderLeft).toBeUndefined();
  });

  it('autoTextWB breaks long words', () => {
    expect(styling({}, { autoTextWB: true }).cellStyle).toEqual({
      wordBreak: 'break-word',
      overflowWrap: 'anywhere',
    });
    expect(styling({}, {}).cellStyle.wordBreak).toBeUndefined();
  });

  it('styleDisabled applies only when the cell is not editable', () => {
    const more = { styleDisabled: { opacity: 0.5 } };
    expect(styling({}, more, { CanEdit: false }).cellStyle).toEqual({ opacity: 0.5 });
    expect(styling({}, more, { CanEdit: true }).cellStyle).toEqual({});
  });

  it("className, classNameWithColField, the column's ClassName and the row's UI_ClassTableCell", () => {
    expect(
      styling(
        { Kind: 'urgent', UI_ClassTableCell: { Name: 'hot', Other: 'no' } },
        { className: 'mine', classNameWithColField: 'Kind' },
        { ClassName: 'col' },
      ).className,
    ).toBe('col mine urgent hot');
    expect(styling({ UI_ClassTableCell: '{"Name":"json-class"}' }, {}).className).toBe('json-class');
  });

  it('styleInput, styleTextarea and styleControl style the edit controls', () => {
    const result = styling(
      {},
      { color: 'red', styleInput: { width: 1 }, styleTextarea: { height: 2 }, styleControl: { x: 3 } },
    );
    expect(result.inputStyle).toEqual({ width: 1 });
    expect(result.textareaStyle).toEqual({ height: 2 });
    expect(result.controlStyle).toEqual({ x: 3 });
  });

  it("styleInherit starts the controls from the cell's style", () => {
    const result = styling({}, { color: 'red', styleInherit: true, styleInput: { width: 1 } });
    expect(result.inputStyle).toEqual({ color: 'red', width: 1 });
    expect(result.controlStyle).toEqual({ color: 'red' });
  });
});

describe('editing', () => {
  const editable = (row: Record<string, unknown>, more: unknown, extra: Args = {}) =>
    isCellEditable(cell(row, { more, ...extra }));

  it('is editable when the column CanEdit and nothing locks it', () => {
    expect(editable({}, {})).toBe(true);
  });

  it('row IsLocked true makes every cell read-only', () => {
    expect(editable({ IsLocked: true }, {})).toBe(false);
    expect(editable({ IsLocked: 1 }, {})).toBe(false);
    expect(editable({ IsLocked: false }, {})).toBe(true);
    expect(editLockReason(cell({ IsLocked: true }, {}))).toBe('rowLocked');
  });

  it('column CanEdit false makes it read-only', () => {
    expect(editable({}, {}, { CanEdit: false })).toBe(false);
    expect(editLockReason(cell({}, { CanEdit: false }))).toBe('columnReadOnly');
  });

  it.each(['fCanEdit', 'canEditF'])('%s: a comma list of fields, any false makes it read-only', (option) => {
    expect(editable({ A: true, B: false }, { [option]: 'A, B' })).toBe(false);
    expect(editable({ A: true, B: 0 }, { [option]: ['A', 'B'] })).toBe(false);
    expect(editable({ A: true, B: true }, { [option]: 'A,B' })).toBe(true);
    expect(editable({ A: true, B: null }, { [option]: 'A,B' })).toBe(true);
    expect(editLockReason(cell({ A: false }, { more: { [option]: 'A' } }))).toBe('editFlag');
  });

  it.each(['fLock', 'lockF'])('%s: a comma list of fields, any true makes it read-only', (option) => {
    expect(editable({ A: false, B: true }, { [option]: 'A,B' })).toBe(false);
    expect(editable({ A: false, B: '1' }, { [option]: 'A,B' })).toBe(false);
    expect(editable({ A: false, B: false }, { [option]: 'A,B' })).toBe(true);
    expect(editable({}, { [option]: 'A,B' })).toBe(true);
    expect(editLockReason(cell({ A: true }, { more: { [option]: 'A' } }))).toBe('lockFlag');
  });

  it('waitApi: no edits while an api of the row runs, and the cell is marked waiting', () => {
    const row = { _UI_Loading: { Other: true } };
    expect(resolveEditing(cell(row, { more: { waitApi: true } }))).toMatchObject({
      editable: false,
      lockedBy: 'waitingApi',
      waiting: true,
    });
    expect(resolveEditing(cell(row, { more: {} }))).toMatchObject({ editable: true, waiting: false });
    expect(resolveEditing(cell({ _UI_Loading: { Other: false } }, { more: { waitApi: true } })).waiting).toBe(
      false,
    );
  });

  it('placeHolder and clickToSelect', () => {
    expect(resolveEditing(cell({}, { more: { placeHolder: 'Type…', clickToSelect: true } }))).toMatchObject({
      placeholder: 'Type…',
      selectOnFocus: true,
    });
    expect(resolveEditing(cell({}, { more: {} }))).toMatchObject({
      placeholder: undefined,
      selectOnFocus: false,
    });
  });

  it('lookup: a field whose list grows is edited through the server’s lookup it names', () => {
    const lookup = { api: 'Customer', field: 'Category' };
    expect(resolveEditing(cell({}, { more: { lookup } })).lookup).toEqual(lookup);
    expect(resolveEditing(cell({}, { more: {} })).lookup).toBeNull();
    expect(resolveEditing(cell({}, { more: { lookup: { api: 'Customer' } } })).lookup).toBeNull();
  });
});
