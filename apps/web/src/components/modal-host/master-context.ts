import { createContext, useContext } from 'react';

/**
 * The table a screen is a detail of (shown in its row expansion or in a modal it opened). A detail
 * table's `needReloadMaster` reloads it.
 */
export type MasterControls = { reloadMaster(): void };

export const MasterContext = createContext<MasterControls | null>(null);

export function useMaster(): MasterControls | null {
  return useContext(MasterContext);
}
