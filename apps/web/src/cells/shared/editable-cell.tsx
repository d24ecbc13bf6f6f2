import { type ComponentType, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cellError, hasTriedValue, isCellLoading, triedValue } from '../../engine/rows';
import { valueText } from '../../engine/values';
import type { CellProps } from '../types';
import { CellDisplay } from './cell-display';
import { displayText } from './display-text';

/** What an edit control gets: the value it starts from, and how it ends. */
export type EditorProps = {
  cell: CellProps;
  initial: unknown;
  /** Ends editing with a new value; `keyboard` puts the focus back on the cell. */
  commit(value: unknown, keyboard?: boolean): void;
  cancel(keyboard?: boolean): void;
  /**
   * The editor stays open because of a value not saved yet (being saved, or refused by the server):
   * every Enter or blur may commit again (the engine sends only what is worth sending).
   */
  kept?: boolean;
};

/**
 * Puts the focus back on a cell after its editor went away: the cell itself in the grid (one Tab
 * stop, arrow keys), else its edit button.
 */
export function focusCell(cell: HTMLElement | null): void {
  if (!cell) return;
  if (cell.hasAttribute('tabindex')) cell.focus();
  else cell.querySelector<HTMLElement>('.cell-edit-trigger, .cell-edit-button')?.focus();
}

/**
 * The editor's frame: marks the value's problem on the control (the server's message is drawn by the
 * cell frame, under the editor) and, when the editor goes away while it had the focus (saved,
 * cancelled), gives the focus back to its cell rather than to the page.
 */
function EditorFrame({
  children,
  errorId,
  error,
}: {
  children: ReactNode;
  errorId: string | undefined;
  error: string | undefined;
}) {
  const frame = useRef<HTMLSpanElement>(null);
  const focusedInside = useRef(false);
  useLayoutEffect(() => {
    const control = frame.current?.querySelector('input, textarea, select');
    if (!control) return;
    if (error && errorId) {
      control.setAttribute('aria-invalid', 'true');
      control.setAttribute('aria-errormessage', errorId);
      control.setAttribute('aria-describedby', errorId);
    } else {
      control.removeAttribute('aria-errormessage');
      if (control.getAttribute('aria-describedby') === errorId) control.removeAttribute('aria-describedby');
    }
  }, [error, errorId]);
  useEffect(() => {
    const element = frame.current;
    const cell = element?.closest<HTMLElement>('[data-field]') ?? null;
    const onFocusIn = () => {
      focusedInside.current = true;
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !element?.contains(next)) focusedInside.current = false;
    };
    // The editor's control took the focus as it was drawn, before this listener.
    if (element?.contains(document.activeElement)) focusedInside.current = true;
    element?.addEventListener('focusin', onFocusIn);
    element?.addEventListener('focusout', onFocusOut);
    return () => {
      element?.removeEventListener('focusin', onFocusIn);
      element?.removeEventListener('focusout', onFocusOut);
      const active = document.activeElement;
      if (focusedInside.current && (active === null || active === document.body)) {
        window.setTimeout(() => {
          if (document.activeElement === null || document.activeElement === document.body) focusCell(cell);
        }, 0);
      }
    };
  }, []);
  return (
    <span ref={frame} className="cell-editor">
      {children}
    </span>
  );
}

type EditableOptions = {
  /** The display is itself interactive (a link, photos): editing starts from a separate pencil button. */
  separateTrigger?: boolean;
  renderText?: (text: string, props: CellProps) => ReactNode;
};

/** Whether a cell edits here: editable, and not a cell whose click opens its modal (unless in the modal). */
export function editsInPlace({ resolved, inModal }: CellProps): boolean {
  return resolved.editing.editable && !(resolved.modal?.canOpen && !inModal);
}

/**
 * A click-to-edit cell: the display (through `CellDisplay`, so every display option applies) until
 * clicked, then `Editor` until it commits or cancels. Read-only cells only display.
 */
export function editableCell(Editor: ComponentType<EditorProps>, options: EditableOptions = {}) {
  function EditableCell(props: CellProps) {
    const [editing, setEditing] = useState(false);
    const trigger = useRef<HTMLButtonElement>(null);
    // No effect per cell (a table mounts hundreds of them while scrolling): focus comes back to the
    // trigger after the key's own events, so that the Enter that saved does not press it.
    const end = (keyboard: boolean | undefined) => {
      setEditing(false);
      if (keyboard) window.setTimeout(() => focusCell(trigger.current?.closest('[data-field]') ?? null), 0);
    };
    const display = <CellDisplay {...props} renderText={options.renderText} />;
    if (!editsInPlace(props)) return display;
    const { actions, row, column, resolved } = props;
    const field = resolved.value.valueField;
    // A value not saved yet keeps the editor open: while it is saved, and after the server refused
    // it (with the server's message), until the user changes it or closes the editor.
    const kept = hasTriedValue(row, field);
    if (editing || kept) {
      const error = isCellLoading(row, field) ? undefined : cellError(row, field);
      return (
        <EditorFrame errorId={props.errorId} error={error}>
          <Editor
            cell={props}
            initial={kept ? triedValue(row, field) : resolved.value.value}
            kept={kept}
            commit={(value, keyboard) => {
              end(keyboard);
              actions.commit(row, column, value);
            }}
            cancel={(keyboard) => {
              end(keyboard);
              actions.cancelEdit(row, column);
            }}
          />
        </EditorFrame>
      );
    }
    const text = displayText(props);
    const label = actions.t('Edit {{field}}: {{value}}', {
      field: actions.t(column.header),
      value: text === '' ? actions.t('empty') : text,
    });
    // An empty cell shows that it is empty; the column's placeholder belongs to the editor's input
    // only, where it cannot be taken for a value.
    const empty = valueText(resolved.value.value) === '' && !resolved.display.hidden;
    // An interactive display (a link, photos, a button) cannot sit inside the trigger button.
    const separate =
      options.separateTrigger ||
      Boolean(resolved.button) ||
      Boolean(resolved.photo && resolved.photo.urls.length > 0) ||
      Boolean(resolved.link?.href);
    if (separate) {
      return (
        <span className="cell-editable">
          {empty ? null : display}
          <button
            ref={trigger}
            type="button"
            className="cell-edit-button"
            onClick={() => setEditing(true)}
            aria-label={label}
            title={actions.t('Edit')}
          >
            <i className="bi bi-pencil" aria-hidden="true" />
          </button>
        </span>
      );
    }
    return (
      <button
        ref={trigger}
        type="button"
        className="cell-edit-trigger"
        onClick={() => setEditing(true)}
        aria-label={label}
      >
        {empty ? (
          <span className="cell-empty" aria-hidden="true">
            —
          </span>
        ) : (
          display
        )}
      </button>
    );
  }
  EditableCell.displayName = `Editable(${Editor.displayName ?? Editor.name})`;
  return EditableCell;
}

/**
 * Commits or cancels once, however many of Enter, Escape and blur arrive. An editor kept open by a
 * value not saved yet takes every later commit (the engine sends only a changed value); after a
 * cancel, nothing more (the blur of a control going away must not save what was given up).
 */
export function useEditorEnd({ commit, cancel, kept }: Pick<EditorProps, 'commit' | 'cancel' | 'kept'>) {
  const ended = useRef(false);
  const cancelled = useRef(false);
  const keptOpen = useRef(false);
  keptOpen.current = kept === true;
  // Drawn again while kept open (saving, refused): the editor is alive again.
  if (kept) cancelled.current = false;
  return {
    commit(value: unknown, keyboard?: boolean) {
      if (cancelled.current || (ended.current && !keptOpen.current)) return;
      ended.current = true;
      commit(value, keyboard);
    },
    cancel(keyboard?: boolean) {
      if (cancelled.current || (ended.current && !keptOpen.current)) return;
      ended.current = true;
      cancelled.current = true;
      cancel(keyboard);
    },
  };
}
