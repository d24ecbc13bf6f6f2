import { describe, expect, it, vi } from 'vitest';
import { mergeReloadedRows, RowStore, rowKey } from './row-store';

describe('row store', () => {
  it('keys rows by Id, or by place without one', () => {
    expect(rowKey({ Id: 5 }, 0)).toBe('5');
    expect(rowKey({}, 3)).toBe('#3');
  });

  it('changes one row: a new row object and a new list, the others untouched, listeners told', () => {
    const store = new RowStore();
    const rows = [
      { Id: 1, A: 1 },
      { Id: 2, A: 2 },
    ];
    store.replaceAll(rows);
    const listener = vi.fn();
    store.subscribe(listener);
    store.update('2', (row) => ({ ...row, A: 3 }));
    const after = store.snapshot();
    expect(after).not.toBe(rows);
    expect(after[0]).toBe(rows[0]);
    expect(after[1]).toEqual({ Id: 2, A: 3 });
    expect(store.get('2')).toBe(after[1]);
    expect(listener).toHaveBeenCalledTimes(1);
    store.update('2', (row) => row);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.update('9', (row) => row)).toBeUndefined();
  });

  it('removes and prepends rows', () => {
    const store = new RowStore();
    store.replaceAll([{ Id: 1 }, { Id: 2 }, { Id: 3 }]);
    store.remove('2');
    expect(store.snapshot().map((row) => row.Id)).toEqual([1, 3]);
    expect(store.get('3')).toEqual({ Id: 3 });
    store.prepend({ Id: 4 });
    expect(store.snapshot().map((row) => row.Id)).toEqual([4, 1, 3]);
    expect(store.keyOf({ Id: 3 })).toBe('3');
  });
});

describe('reloaded rows', () => {
  it('keep their expansion, and a row with an update under way stays as it is', () => {
    const previous = [
      { Id: 1, Name: 'a', _isShow: { default: true } },
      { Id: 2, Name: 'b', _UI_Loading: { Name: true } },
      { Id: 3, Name: 'c' },
    ];
    const next = [
      { Id: 1, Name: 'A' },
      { Id: 2, Name: 'B' },
      { Id: 3, Name: 'C' },
      { Id: 4, Name: 'D' },
    ];
    const merged = mergeReloadedRows(previous, next);
    expect(merged[0]).toEqual({ Id: 1, Name: 'A', _isShow: { default: true } });
    expect(merged[1]).toBe(previous[1]);
    expect(merged[2]).toBe(next[2]);
    expect(merged[3]).toBe(next[3]);
    expect(mergeReloadedRows([], next)).toBe(next);
  });
});
