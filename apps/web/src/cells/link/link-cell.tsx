import { type EditorProps, editableCell } from '../shared/editable-cell';
import { InputEditor } from '../shared/editors';

function UrlEditor(props: EditorProps) {
  return <InputEditor {...props} inputType="url" />;
}

/**
 * `link`: the link of the column's options (or the value), followed only when http, https, mailto,
 * tel or relative; edited with a pencil beside it.
 */
export const LinkCell = editableCell(UrlEditor, { separateTrigger: true });
