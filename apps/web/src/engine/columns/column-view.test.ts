import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyColumnView, columnViewEntries, moveColumnView, toggleColumnView } from './column-view';

const columns = ['Id', 'Name', 'Price', 'Photo'].map((fieldName) => ({ fieldName }));
const fieldsOf = (list: { fieldName: string }[]) => list.map((column) => column.fieldName);

describe("a user's view of a table's columns", () => {
  it('no view: the columns as the screen has them', () => {
    expect(fieldsOf(applyColumnView(columns, []))).toEqual(['Id', 'Name', 'Price', 'Photo']);
  });

  it("no view: the screen's default columns; a view: the defaults for the columns it does not know", () => {
    const shown = (field: string) => field !== 'Photo' && field !== 'Id';
    expect(fieldsOf(applyColumnView(columns, [], shown))).toEqual(['Name', 'Price']);
    expect(columnViewEntries(fieldsOf(columns), [{ Field: 'Price', Visible: false }], shown)).toEqual([
      { Field: 'Price', Visible: false },
      { Field: 'Id', Visible: false },
      { Field: 'Name', Visible: true },
      { Field: 'Photo', Visible: false },
    ]);
  });

  it("follows the view's order, leaves hidden columns out, and adds the columns it does not know", () => {
    const view = [
      { Field: 'Price', Visible: true },
      { Field: 'Gone', Visible: true },
      { Field: 'Id', Visible: false },
      { Field: 'Name', Visible: true },
    ];
    expect(fieldsOf(applyColumnView(columns, view))).toEqual(['Price', 'Name', 'Photo']);
    expect(columnViewEntries(fieldsOf(columns), view)).toEqual([
      { Field: 'Price', Visible: true },
      { Field: 'Id', Visible: false },
      { Field: 'Name', Visible: true },
      { Field: 'Photo', Visible: true },
    ]);
  });

  it('toggles a column, but never the last one shown', () => {
    const entries = columnViewEntries(['A', 'B'], []);
    const one = toggleColumnView(entries, 'A');
    expect(one).toEqual([
      { Field: 'A', Visible: false },
      { Field: 'B', Visible: true },
    ]);
    expect(toggleColumnView(one, 'B')).toEqual(one);
    expect(toggleColumnView(one, 'A')).toEqual(entries);
  });

  it('moves a column one place, staying at the ends', () => {
    const entries = columnViewEntries(['A', 'B', 'C'], []);
    expect(moveColumnView(entries, 'B', -1).map((e) => e.Field)).toEqual(['B', 'A', 'C']);
    expect(moveColumnView(entries, 'C', 1).map((e) => e.Field)).toEqual(['A', 'B', 'C']);
    expect(moveColumnView(entries, 'X', 1).map((e) => e.Field)).toEqual(['A', 'B', 'C']);
  });

  it('keeps every column exactly once whatever the moves (property)', () => {
    const fields = ['A', 'B', 'C', 'D', 'E'];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...fields), fc.constantFrom(-1 as const, 1 as const)), {
          maxLength: 20,
        }),
        (moves) => {
          let entries = columnViewEntries(fields, []);
          for (const [field, delta] of moves) entries = moveColumnView(entries, field, delta);
          expect(entries.map((e) => e.Field).sort()).toEqual(fields);
        },
      ),
    );
  });
});
