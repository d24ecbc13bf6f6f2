import { describe, expect, it, vi } from 'vitest';
import { createNetworkErrorTracker } from './network-errors';

function setup() {
  vi.useFakeTimers();
  const onToast = vi.fn();
  const onMaintenance = vi.fn();
  const tracker = createNetworkErrorTracker({ onToast, onMaintenance });
  return { tracker, onToast, onMaintenance };
}

describe('network error tracker', () => {
  it('debounces the toast by 500 ms: a burst gives one toast', () => {
    const { tracker, onToast } = setup();
    tracker.report();
    vi.advanceTimersByTime(300);
    tracker.report();
    vi.advanceTimersByTime(499);
    expect(onToast).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onToast).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('opens the maintenance dialog after more than 3 errors, once', () => {
    const { tracker, onMaintenance } = setup();
    for (let i = 0; i < 3; i++) tracker.report();
    expect(onMaintenance).not.toHaveBeenCalled();
    tracker.report();
    expect(onMaintenance).toHaveBeenCalledTimes(1);
    tracker.report();
    expect(onMaintenance).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('starts counting again after an answer', () => {
    const { tracker, onMaintenance } = setup();
    for (let i = 0; i < 3; i++) tracker.report();
    tracker.reset();
    for (let i = 0; i < 3; i++) tracker.report();
    expect(onMaintenance).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});
