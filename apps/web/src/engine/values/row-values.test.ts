import { describe, expect, it } from 'vitest';
import {
  fillTemplate,
  fillUrlTemplate,
  hasValue,
  isEmptyValue,
  isFalseFlag,
  isTrueFlag,
  isTruthyFlag,
  joinClassNames,
  readObject,
  readStyle,
  readTextMap,
  rowFieldOr,
  sameValue,
  splitCommaList,
} from './row-values';

describe('values', () => {
  it('has a value unless null or undefined', () => {
    expect([0, '', false, [], {}].every(hasValue)).toBe(true);
    expect(hasValue(null) || hasValue(undefined)).toBe(false);
  });

  it('reads row flags in their boolean, number and text forms', () => {
    expect([true, 1, '1', 'true'].every(isTrueFlag)).toBe(true);
    expect([false, 0, '0', 'false', null, undefined, 'yes'].some(isTrueFlag)).toBe(false);
    expect([false, 0, '0', 'false'].every(isFalseFlag)).toBe(true);
    expect([null, undefined, '', true].some(isFalseFlag)).toBe(false);
    expect(isTruthyFlag('0')).toBe(false);
    expect(isTruthyFlag('false')).toBe(false);
    expect(isTruthyFlag('x')).toBe(true);
    expect(isTruthyFlag('')).toBe(false);
  });

  it('sees null, undefined, blank text and empty lists as empty', () => {
    expect([null, undefined, '', '  ', []].every(isEmptyValue)).toBe(true);
    expect([0, false, 'a', [1]].some(isEmptyValue)).toBe(false);
  });

  it('compares values by their text form', () => {
    expect(sameValue(5, '5')).toBe(true);
    expect(sameValue(null, '')).toBe(true);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue('a', 'b')).toBe(false);
    expect(sameValue([1, 2], [1, 2])).toBe(true);
  });

  it('splits comma lists, trimmed, empties dropped', () => {
    expect(splitCommaList('IsOpen, CanChange,,  ')).toEqual(['IsOpen', 'CanChange']);
    expect(splitCommaList([' a ', '', 3])).toEqual(['a', '3']);
    expect(splitCommaList(undefined)).toEqual([]);
    expect(splitCommaList(7)).toEqual(['7']);
    expect(splitCommaList('a;b', ';')).toEqual(['a', 'b']);
  });

  it('lets the row field win when it has a value, else the plain option', () => {
    const row = { Title: 'From row', Empty: null, Zero: 0 };
    expect(rowFieldOr(row, 'Title', 'plain')).toBe('From row');
    expect(rowFieldOr(row, 'Empty', 'plain')).toBe('plain');
    expect(rowFieldOr(row, 'Missing', 'plain')).toBe('plain');
    expect(rowFieldOr(row, 'Zero', 'plain')).toBe(0);
    expect(rowFieldOr(row, undefined, 'plain')).toBe('plain');
  });

  it('fills [Field] templates, unknown fields with the empty text', () => {
    const row = { Id: 7, Name: 'a b&c' };
    expect(fillTemplate('Order [Id] of [Name] [Nope].', row)).toBe('Order 7 of a b&c .');
    expect(fillUrlTemplate('/p?id=[Id]&n=[Name]', row)).toBe('/p?id=7&n=a%20b%26c');
    expect(fillTemplate('[ Id ]', row)).toBe('7');
  });

  it('reads objects given as objects or JSON text', () => {
    expect(readObject({ a: 1 })).toEqual({ a: 1 });
    expect(readObject('{"a":1}')).toEqual({ a: 1 });
    expect(readObject('{bad')).toBeUndefined();
    expect(readObject('[1]')).toBeUndefined();
    expect(readObject(null)).toBeUndefined();
  });

  it('reads styles as objects, JSON text or CSS declarations, dropping non-scalar entries', () => {
    expect(readStyle({ color: 'red', width: 3, bad: { x: 1 } })).toEqual({ color: 'red', width: 3 });
    expect(readStyle('{"color":"red"}')).toEqual({ color: 'red' });
    expect(readStyle('background-color: #fff; width:10px; --my-var: 1; broken')).toEqual({
      backgroundColor: '#fff',
      width: '10px',
      '--my-var': '1',
    });
    expect(readStyle(undefined)).toEqual({});
  });

  it('reads text maps and joins class names', () => {
    expect(readTextMap({ '1': 'success', '0': 2 })).toEqual({ '1': 'success' });
    expect(joinClassNames('a', '', undefined, ' b ', 3, null)).toBe('a b 3');
  });
});
