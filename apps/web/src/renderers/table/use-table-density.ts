import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../engine/storage-keys';
import { readTableDensity, type TableDensity } from '../../engine/table-look/table-look';

const listeners = new Set<() => void>();

function storedDensity(): TableDensity {
  try {
    return readTableDensity(localStorage.getItem(STORAGE_KEYS.tableDensity));
  } catch {
    return 'comfortable';
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The tables' row density, remembered in this browser; every table on the page follows a change. */
export function useTableDensity(): [TableDensity, (density: TableDensity) => void] {
  const density = useSyncExternalStore(subscribe, storedDensity, () => 'comfortable' as const);
  const choose = useCallback((next: TableDensity) => {
    try {
      localStorage.setItem(STORAGE_KEYS.tableDensity, next);
    } catch {
      // Storage may be full or off: the tables stay as they are.
    }
    for (const listener of listeners) listener();
  }, []);
  return [density, choose];
}
