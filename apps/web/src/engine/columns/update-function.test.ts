import { describe, expect, it } from 'vitest';
import { cell } from '../testing/columns';
import { readUpdateFunction, resolveUpdateBehaviour } from './update-behaviour';

describe('a column naming its own update function', () => {
  it('reads `Name` (on the screen API) and `Path/Name`', () => {
    expect(readUpdateFunction('UpdatePrice')).toEqual({ path: null, name: 'UpdatePrice' });
    expect(readUpdateFunction(' Product/UpdatePrice ')).toEqual({ path: 'Product', name: 'UpdatePrice' });
  });

  it('ignores what is not a plain call name, so the generic UpdateFields is used', () => {
    for (const bad of ['', '../Account/Delete', 'a/b/c', 'Update Price', 'https://x.test/y', 42, null])
      expect(readUpdateFunction(bad)).toBeNull();
  });

  it('is part of the cell update behaviour', () => {
    expect(
      resolveUpdateBehaviour(cell({}, { more: { updateFunction: 'UpdatePrice' } })).updateFunction,
    ).toEqual({
      path: null,
      name: 'UpdatePrice',
    });
    expect(resolveUpdateBehaviour(cell({}, { more: {} })).updateFunction).toBeNull();
  });
});
