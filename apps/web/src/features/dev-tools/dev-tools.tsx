import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchProfile } from '../../api/account';
import { InlineIcon } from '../../components/inline-icon';
import { useAppStore } from '../../state/app-store';
import { useDevToolsSwitch } from './dev-tools-switch';

const DevToolsPanel = lazy(() => import('./dev-tools-panel'));

/**
 * The floating developer button: in development builds, or for an administrator who switched it on
 * in the user menu; never for a signed-out visitor (the sign-in pages sit outside the main layout).
 */
export function DevTools() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const isAuthenticated = useAppStore((s) => s.isAuthenticated);
  const switchedOn = useDevToolsSwitch((s) => s.on);
  const profile = useQuery({
    queryKey: ['MyProfile'],
    queryFn: fetchProfile,
    staleTime: 60_000,
    enabled: isAuthenticated && switchedOn && !import.meta.env.DEV,
  });
  const shown = isAuthenticated && (import.meta.env.DEV || (switchedOn && profile.data?.Role === 'admin'));
  if (!shown) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-dark btn-sm dev-tools-button"
        onClick={() => setOpen(true)}
        aria-label={t('Developer tools')}
      >
        <InlineIcon name="bug" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <DevToolsPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
