/**
 * The forms on screen that hold changes not yet saved, by a key each form chose. Leaving the page (a
 * link, back, reload, closing the tab) asks first while any is listed.
 */
const unsaved = new Set<string>();

/** Lists or unlists a form with changes; a form unlists itself when saved, reset or gone. */
export function setUnsavedChanges(key: string, hasChanges: boolean): void {
  if (hasChanges) unsaved.add(key);
  else unsaved.delete(key);
}

/** Whether a form on screen holds changes not yet saved. */
export function hasUnsavedChanges(): boolean {
  return unsaved.size > 0;
}

/** Forgets every form's changes: the user chose to discard them. */
export function discardUnsavedChanges(): void {
  unsaved.clear();
}

/** The question before typed data is thrown away (issue 9, item 2). */
export const DISCARD_CHANGES_QUESTION = 'Discard your changes?';
