const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]',
  '[contenteditable="true"]',
].join(', ');

/** An open dialog: react-bootstrap's (class `modal show`) or any other modal dialog drawn now. */
const OPEN_DIALOG = '.modal.show[role="dialog"], [role="dialog"][aria-modal="true"]:not(.modal)';

/** Whether the browser draws the element (not in a closed part, hidden or inert). */
function drawn(element: HTMLElement): boolean {
  return element.getClientRects().length > 0 && !element.closest('[inert], [hidden]');
}

/** What Tab reaches inside `dialog`, in document order (a positive tabindex is not used in the product). */
export function tabStops(
  dialog: HTMLElement,
  isDrawn: (element: HTMLElement) => boolean = drawn,
): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && isDrawn(element),
  );
}

/**
 * Tab from a dialog's last control goes to its first, Shift+Tab from its first to its last, and a Tab
 * pressed while the focus is outside the topmost dialog goes into it. react-bootstrap's Modal only
 * pulls back a focus that landed on the page behind; from the last control the browser first moves
 * the focus out of the document (to its own toolbar), where no such pull comes, and the user is
 * out of the dialog.
 */
export function keepTabInsideDialogs(
  doc: Document = document,
  isDrawn: (element: HTMLElement) => boolean = drawn,
): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey)
      return;
    const dialogs = doc.querySelectorAll<HTMLElement>(OPEN_DIALOG);
    const dialog = dialogs[dialogs.length - 1];
    if (!dialog) return;
    const stops = tabStops(dialog, isDrawn);
    const first = stops[0];
    const last = stops[stops.length - 1];
    const active = doc.activeElement;
    if (!first || !last) {
      event.preventDefault();
      dialog.focus();
      return;
    }
    if (!(active instanceof HTMLElement) || !dialog.contains(active) || active === dialog) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    } else if (event.shiftKey && active === first) {
      event.preventDefault();
      last.focus();
    }
  };
  doc.addEventListener('keydown', onKeyDown);
  return () => doc.removeEventListener('keydown', onKeyDown);
}
