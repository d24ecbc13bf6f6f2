import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  readAddressParam,
  readTableAddress,
  sameFilters,
  type TableAddress,
  writeAddressParam,
  writeTableAddress,
} from './table-address';

const field = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}$/);
const filterValue = fc.oneof(
  fc.string({ minLength: 1 }),
  fc.array(fc.oneof(fc.integer(), fc.string({ minLength: 1 })), { minLength: 1, maxLength: 4 }),
  fc.record({ from: fc.constant('2026-01-01'), to: fc.constant('2026-01-31') }),
  fc.boolean(),
  fc.integer(),
);
const state: fc.Arbitrary<TableAddress> = fc.record({
  page: fc.integer({ min: 1, max: 100_000 }),
  pageSize: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }),
  sorting: fc.uniqueArray(fc.record({ id: field, desc: fc.boolean() }), {
    selector: (sort) => sort.id,
    maxLength: 3,
  }),
  filters: fc.dictionary(field, filterValue, { maxKeys: 4 }),
  search: fc.string(),
});

describe('a table in the address', () => {
  it('reads back what it wrote, whatever the state (property)', () => {
    fc.assert(
      fc.property(state, (written) => {
        const read = readTableAddress(
          new URLSearchParams(writeTableAddress(new URLSearchParams(), written).toString()),
        );
        expect(read).toEqual(written);
      }),
    );
  });

  it('writes a readable address and leaves out the defaults', () => {
    const params = writeTableAddress(new URLSearchParams('tab=2'), {
      page: 3,
      pageSize: 50,
      sorting: [
        { id: 'Price', desc: true },
        { id: 'Name', desc: false },
      ],
      filters: { Category: [1, 2], Name: 'lamp', Empty: '' },
      search: 'red',
    });
    expect(params.toString()).toBe(
      'tab=2&q=red&sort=-Price%2CName&fj.Category=%5B1%2C2%5D&f.Name=lamp&page=3&size=50',
    );
    expect(
      writeTableAddress(
        new URLSearchParams('page=4&q=x&tab=1'),
        readTableAddress(new URLSearchParams()),
      ).toString(),
    ).toBe('tab=1');
  });

  it('ignores what is malformed rather than failing', () => {
    const read = readTableAddress(
      new URLSearchParams('page=-2&size=abc&sort=Price,,drop table;,-Price&fj.A={bad&f.1x=3&fj.B=[]'),
    );
    expect(read).toEqual({
      page: 1,
      pageSize: null,
      sorting: [{ id: 'Price', desc: false }],
      filters: {},
      search: '',
    });
    expect(readTableAddress(new URLSearchParams('size=999999')).pageSize).toBe(10_000);
  });

  it('compares filters with empties equal to absent', () => {
    expect(sameFilters({ A: '', B: [1] }, { B: [1] })).toBe(true);
    expect(sameFilters({ A: 'x' }, {})).toBe(false);
  });

  it('reads and writes one parameter (a tab, a folder), keeping the others', () => {
    const params = writeAddressParam(new URLSearchParams('q=a'), 'folder', 'docs/2026');
    expect(readAddressParam(params, 'folder')).toBe('docs/2026');
    expect(writeAddressParam(params, 'folder', null).toString()).toBe('q=a');
    expect(readAddressParam(new URLSearchParams('tab='), 'tab')).toBeNull();
  });
});
