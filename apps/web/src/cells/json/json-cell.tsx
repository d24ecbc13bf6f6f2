import { type EditorProps, editableCell } from '../shared/editable-cell';
import { TextareaEditor } from '../shared/editors';

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false; message: string } => {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, message: 'This is not valid JSON' };
  }
};

function JsonEditor(props: EditorProps) {
  return <TextareaEditor {...props} parse={parseJson} />;
}

/** `json`: the value as JSON text; edited as JSON, refused while it does not parse. */
export const JsonCell = editableCell(JsonEditor);
