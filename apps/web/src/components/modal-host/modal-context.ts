import { createContext, useContext } from 'react';

/** What a screen rendered inside a modal may ask of it. */
export type ModalControls = {
  /** Closes the modal; `result` reaches whoever opened it (e.g. to reload a list). */
  close(result?: unknown): void;
  /**
   * Says whether a form inside (named by `key`) holds changes not yet saved: dismissing the modal
   * (Escape, the close button, the backdrop, `dismiss`) then asks first.
   */
  setUnsaved?(key: string, unsaved: boolean): void;
  /** Closes without a result as the user's Cancel does: after asking, when changes would be lost. */
  dismiss?(): void;
};

/** Provided by the modal host around a modal's content; null outside any modal. */
export const ModalContext = createContext<ModalControls | null>(null);

/** The enclosing modal's controls, or null when the content is not in a modal. */
export function useModalControls(): ModalControls | null {
  return useContext(ModalContext);
}
