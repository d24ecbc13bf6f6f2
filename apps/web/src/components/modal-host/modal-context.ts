import { createContext, useContext } from 'react';

/** What a screen rendered inside a modal may ask of it. */
export type ModalControls = {
  /** Closes the modal; `result` reaches whoever opened it (e.g. to reload a list). */
  close(result?: unknown): void;
};

/** Provided by the modal host around a modal's content; null outside any modal. */
export const ModalContext = createContext<ModalControls | null>(null);

/** The enclosing modal's controls, or null when the content is not in a modal. */
export function useModalControls(): ModalControls | null {
  return useContext(ModalContext);
}
