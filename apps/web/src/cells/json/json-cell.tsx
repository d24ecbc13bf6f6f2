import { JSON_ERROR_MESSAGES, readJsonText } from '../../engine/formats';
import { type EditorProps, editableCell } from '../shared/editable-cell';
import { type ParsedText, TextareaEditor } from '../shared/editors';

/** JSON text to its value; a mistake is named by its line and column. */
const parseJson = (text: string): ParsedText => {
  if (text.trim() === '') return { ok: true, value: null };
  const reading = readJsonText(text);
  if (reading.ok) return reading;
  const { reason, ...place } = reading.error;
  return { ok: false, message: JSON_ERROR_MESSAGES[reason], values: place };
};

function JsonEditor(props: EditorProps) {
  return <TextareaEditor {...props} parse={parseJson} />;
}

/** `json`: the value as JSON text, spaced; edited formatted, refused while it does not parse. */
export const JsonCell = editableCell(JsonEditor);
