import { describe, expect, it } from 'vitest';
import { idsToRead, knownOption, lookupId, movedActive, readLookupRelation } from './lookup';

describe('a lookup’s relation', () => {
  it('is read from `more.lookup` as an object or JSON text, only when it names an API and a field', () => {
    expect(readLookupRelation({ lookup: { api: 'Customer', field: 'Category' } })).toEqual({
      api: 'Customer',
      field: 'Category',
    });
    expect(readLookupRelation('{"lookup":{"api":"Product","field":"CategoryId"}}')).toEqual({
      api: 'Product',
      field: 'CategoryId',
    });
    expect(readLookupRelation({ fText: 'Category_Text' })).toBeUndefined();
    expect(readLookupRelation({ lookup: { api: 'Customer' } })).toBeUndefined();
    expect(readLookupRelation({ lookup: { api: '../Account', field: 'Category' } })).toBeUndefined();
    expect(readLookupRelation({ lookup: { api: 'Customer', field: 3 } })).toBeUndefined();
    expect(readLookupRelation(undefined)).toBeUndefined();
  });
});

describe('a lookup’s value', () => {
  it('names a record by a positive whole id, given as a number or its digits', () => {
    expect(lookupId(5)).toBe(5);
    expect(lookupId('42')).toBe(42);
    expect(lookupId(' 7 ')).toBe(7);
    for (const value of [0, -3, 2.5, '', 'abc', '5x', null, undefined, {}, [5], Number.NaN, '1e3'])
      expect(lookupId(value)).toBeNull();
    expect(lookupId('9'.repeat(16))).toBeNull();
  });

  it('shows as the known option that names it, whether the value is a number or text', () => {
    const known = [{ Value: 5, Text: 'Books (BK)' }];
    expect(knownOption('5', known)).toEqual({ Value: 5, Text: 'Books (BK)' });
    expect(knownOption(6, known)).toBeUndefined();
  });

  it('asks the texts of the ids no known option names, each once, within the call’s bound', () => {
    const known = [{ Value: 5, Text: 'Books (BK)' }];
    expect(idsToRead([5, '8', 8, 'x', null, 9], known)).toEqual([8, 9]);
    expect(idsToRead([5], known)).toEqual([]);
    expect(idsToRead([1, 2, 3, 4], [], 2)).toEqual([1, 2]);
  });
});

describe('moving through a lookup’s list', () => {
  it('goes down and up, round from the last to the first and back; nowhere when it is empty', () => {
    expect(movedActive('ArrowDown', -1, 3)).toBe(0);
    expect(movedActive('ArrowDown', 2, 3)).toBe(0);
    expect(movedActive('ArrowUp', 0, 3)).toBe(2);
    expect(movedActive('ArrowUp', -1, 3)).toBe(2);
    expect(movedActive('ArrowUp', 2, 3)).toBe(1);
    expect(movedActive('ArrowDown', 0, 0)).toBe(-1);
  });
});
