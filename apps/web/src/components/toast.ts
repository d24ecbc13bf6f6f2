import { useSyncExternalStore } from 'react';
import type { ToastOptions } from 'react-toastify';

// react-toastify (its code and styles) stays out of the sign-in page's first load: the toast host is
// mounted once a toast is asked for or a page that may toast is shown. react-toastify keeps toasts
// asked for before its container mounts and shows them when it does.

/**
 * Toasts close after 2000 ms in the main shell and after 5000 ms in the server-driven shell (part 1
 * section 9: both readings stand), without a progress bar.
 */
export const TOAST_AUTO_CLOSE_MS = 2000;
export const SERVER_SHELL_TOAST_AUTO_CLOSE_MS = 5000;

let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the toast host (idempotent). */
export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Whether the toast host should be mounted. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

type Kind = 'default' | 'info' | 'success' | 'warning' | 'error';

function show(kind: Kind, text: string, options?: ToastOptions): void {
  wantToasts();
  void import('react-toastify').then(({ toast: lib }) => {
    if (kind === 'default') lib(text, options);
    else lib[kind](text, options);
  });
}

/** react-toastify's `toast` for the modules of the first page, loading the library on first use. */
export const toast = Object.assign((text: string, options?: ToastOptions) => show('default', text, options), {
  info: (text: string, options?: ToastOptions) => show('info', text, options),
  success: (text: string, options?: ToastOptions) => show('success', text, options),
  warning: (text: string, options?: ToastOptions) => show('warning', text, options),
  error: (text: string, options?: ToastOptions) => show('error', text, options),
});
