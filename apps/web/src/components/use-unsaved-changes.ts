import { useEffect, useId } from 'react';
import { setUnsavedChanges } from '../state/unsaved-changes';
import { useModalControls } from './modal-host/modal-context';
import { confirmDiscardChanges } from './modal-host/modal-store';

/**
 * Tells the dialog around a form (if any) and the page guard whether the form holds changes not yet
 * saved: closing the dialog or leaving the page then asks "Discard your changes?" first.
 */
export function useUnsavedChanges(hasChanges: boolean): void {
  const modal = useModalControls();
  const key = useId();
  useEffect(() => {
    modal?.setUnsaved?.(key, hasChanges);
    setUnsavedChanges(key, hasChanges);
  }, [modal, key, hasChanges]);
  useEffect(
    () => () => {
      modal?.setUnsaved?.(key, false);
      setUnsavedChanges(key, false);
    },
    [modal, key],
  );
}

/**
 * For a dialog of its own (not one of the modal host's): closing it (Escape, the close button, the
 * backdrop, Cancel) asks "Discard your changes?" first while it holds changes.
 */
export function useGuardedClose(hasChanges: boolean, close: () => void): () => void {
  return () => {
    if (!hasChanges) return close();
    void confirmDiscardChanges().then((discard) => {
      if (discard) close();
    });
  };
}
