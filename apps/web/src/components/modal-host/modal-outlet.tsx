import { lazy, Suspense, useEffect, useState } from 'react';
import { useModalStore } from './modal-store';

// The host's code (dialogs, the lightbox) loads with the first modal, not with every page.
const ModalHost = lazy(() => import('./modal-host'));

/** Where the shell shows the modals of the modal store. */
export function ModalOutlet() {
  const needed = useModalStore((state) => state.modals.length > 0);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (needed) setLoaded(true);
  }, [needed]);
  if (!needed && !loaded) return null;
  return (
    <Suspense fallback={null}>
      <ModalHost />
    </Suspense>
  );
}
