import { describe, expect, it } from 'vitest';
import { optionsOfRow } from './row-options';

const fields = [
  { Value: 'Price', Text: 'Price', For: 'Product' },
  { Value: 'Name', Text: 'Name', For: 'Product' },
  { Value: 'Name', Text: 'Customer name', For: 'Customer' },
  { Value: 'Note', Text: 'Note' },
];

describe("a row's options", () => {
  it("offers the options of the row's own value of the field that picks them, and those of every row", () => {
    expect(optionsOfRow(fields, { Target: 'Customer' }, 'Target').map((o) => o.Text)).toEqual([
      'Customer name',
      'Note',
    ]);
    expect(optionsOfRow(fields, { Target: 'Product' }, 'Target').map((o) => o.Text)).toEqual([
      'Price',
      'Name',
      'Note',
    ]);
    expect(optionsOfRow(fields, { Target: 'Studio' }, 'Target').map((o) => o.Text)).toEqual(['Note']);
  });

  it('offers every option when the column names no field', () => {
    expect(optionsOfRow(fields, { Target: 'Product' }, undefined)).toEqual(fields);
  });
});
