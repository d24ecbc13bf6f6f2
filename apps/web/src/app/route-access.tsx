import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { fetchProfile } from '../api/account';
import type { CallFailure } from '../api/client';
import { ForbiddenPage } from '../components/forbidden-page';
import { Spinner } from '../components/loading-screen';
import { useAppStore } from '../state/app-store';

/**
 * A fixed page whose calls the server refuses (403) to users who may not use it, as the till's: its
 * probe, a silent read the page makes anyway, decides before the page is drawn. Another failure draws
 * the page, which says it as it always does.
 */
export function RequireAccess({ page, probe }: { page: string; probe: () => Promise<unknown> }) {
  const access = useQuery({
    queryKey: ['RouteAccess', page],
    queryFn: async () => {
      try {
        await probe();
        return true;
      } catch (error) {
        return (error as CallFailure).status !== 403;
      }
    },
    staleTime: 60_000,
  });
  if (access.isPending) return <Spinner />;
  return access.data === false ? <ForbiddenPage /> : <Outlet />;
}

/** /setting: administrators always, the others when the settings page is switched on (as the header offers it). */
export function RequireSettingsPage() {
  const settingsPageOn = useAppStore((s) => s.dataFirstSetting?.UIAppConfig?.settingsPage === true);
  const profile = useQuery({
    queryKey: ['MyProfile'],
    queryFn: fetchProfile,
    staleTime: 60_000,
    enabled: !settingsPageOn,
  });
  if (settingsPageOn) return <Outlet />;
  if (profile.isPending) return <Spinner />;
  return profile.data?.Role === 'admin' ? <Outlet /> : <ForbiddenPage />;
}
