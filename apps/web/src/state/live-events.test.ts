import { describe, expect, it, vi } from 'vitest';
import { emitDataChanged, onDataChanged } from './live-events';

describe('live events', () => {
  it('hands data-changed events to subscribers until they unsubscribe', () => {
    const seen = vi.fn();
    const stop = onDataChanged(seen);
    emitDataChanged({ APIName: 'Product', Id: 5 });
    stop();
    emitDataChanged({ APIName: 'Product', Id: 6 });
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen).toHaveBeenCalledWith({ APIName: 'Product', Id: 5 });
  });

  it('keeps going when one subscriber throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stopBad = onDataChanged(() => {
      throw new Error('boom');
    });
    const good = vi.fn();
    const stopGood = onDataChanged(good);
    emitDataChanged({ APIName: 'Category' });
    expect(good).toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
    stopBad();
    stopGood();
    error.mockRestore();
  });
});
