import { type ComponentType, type ReactNode, useRef, useState } from 'react';
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
};

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
      if (keyboard) window.setTimeout(() => trigger.current?.focus(), 0);
    };
    const display = <CellDisplay {...props} renderText={options.renderText} />;
    if (!editsInPlace(props)) return display;
    const { actions, row, column, resolved } = props;
    if (editing) {
      return (
        <Editor
          cell={props}
          initial={resolved.value.value}
          commit={(value, keyboard) => {
            end(keyboard);
            actions.commit(row, column, value);
          }}
          cancel={end}
        />
      );
    }
    const text = displayText(props);
    const label = actions.t('Edit {{field}}: {{value}}', {
      field: actions.t(column.header),
      value: text === '' ? actions.t('empty') : text,
    });
    const empty = valueText(resolved.value.value) === '' && !resolved.display.hidden;
    const placeholder = resolved.editing.placeholder;
    // An interactive display (a link, photos, a button) cannot sit inside the trigger button.
    const separate =
      options.separateTrigger ||
      Boolean(resolved.button) ||
      Boolean(resolved.photo && resolved.photo.urls.length > 0) ||
      Boolean(resolved.link?.href);
    if (separate) {
      return (
        <span className="cell-editable">
          {empty ? (
            <span className="cell-placeholder">{placeholder ? actions.t(placeholder) : ''}</span>
          ) : (
            display
          )}
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
          <span className="cell-placeholder" aria-hidden="true">
            {placeholder ? actions.t(placeholder) : '—'}
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

/** Commits or cancels once, however many of Enter, Escape and blur arrive. */
export function useEditorEnd({ commit, cancel }: Pick<EditorProps, 'commit' | 'cancel'>) {
  const ended = useRef(false);
  return {
    commit(value: unknown, keyboard?: boolean) {
      if (ended.current) return;
      ended.current = true;
      commit(value, keyboard);
    },
    cancel(keyboard?: boolean) {
      if (ended.current) return;
      ended.current = true;
      cancel(keyboard);
    },
  };
}
