import { MAINTENANCE_AFTER_NETWORK_ERRORS, NETWORK_ERROR_DEBOUNCE_MS } from './api-rules';

export type Timers = {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

/**
 * Counts calls that got no answer at all. Their toast is debounced (a burst gives one toast), and
 * once more than three have failed in a row the maintenance dialog opens. Any answer resets the count.
 */
export function createNetworkErrorTracker(options: {
  onToast: () => void;
  onMaintenance: () => void;
  timers?: Timers;
  debounceMs?: number;
  maintenanceAfter?: number;
}) {
  const timers: Timers = options.timers ?? {
    setTimeout: (cb, ms) => globalThis.setTimeout(cb, ms),
    clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const debounceMs = options.debounceMs ?? NETWORK_ERROR_DEBOUNCE_MS;
  const maintenanceAfter = options.maintenanceAfter ?? MAINTENANCE_AFTER_NETWORK_ERRORS;
  let count = 0;
  let pending: unknown;
  let maintenanceShown = false;
  return {
    report(): void {
      count += 1;
      if (pending !== undefined) timers.clearTimeout(pending);
      pending = timers.setTimeout(() => {
        pending = undefined;
        options.onToast();
      }, debounceMs);
      if (count > maintenanceAfter && !maintenanceShown) {
        maintenanceShown = true;
        options.onMaintenance();
      }
    },
    reset(): void {
      count = 0;
      maintenanceShown = false;
    },
    get count(): number {
      return count;
    },
  };
}
