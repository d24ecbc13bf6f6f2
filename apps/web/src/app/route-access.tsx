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

/**
 * Who may open /setting, for the route and the header's entry alike: administrators always, the
 * others when the settings page is switched on. Undefined while the profile that tells is loading.
 */
export function useMayOpenSettings(): boolean | undefined {
  const settingsPageOn = useAppStore((s) => s.dataFirstSetting?.UIAppConfig?.settingsPage === true);
  const profile = useQuery({
    queryKey: ['MyProfile'],
    queryFn: fetchProfile,
    staleTime: 60_000,
    enabled: !settingsPageOn,
  });
  if (settingsPageOn) return true;
  if (profile.isPending) return undefined;
  return profile.data?.Role === 'admin';
}

/** /setting: whoever `useMayOpenSettings` lets in (the header offers the page to the same people). */
export function RequireSettingsPage() {
  const mayOpen = useMayOpenSettings();
  if (mayOpen === undefined) return <Spinner />;
  return mayOpen ? <Outlet /> : <ForbiddenPage />;
}
