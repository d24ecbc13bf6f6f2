import { isValidColorText, shortenText } from '../../engine/formats';
import { valueText } from '../../engine/values';
import { DATA_TEXT } from '../../i18n';
import { CellDisplay } from '../shared/cell-display';
import { type EditorProps, editableCell, useEditorEnd } from '../shared/editable-cell';
import { editorLabel } from '../shared/editors';
import type { CellProps } from '../types';

/** A swatch and the colour's text; a text that is not #rrggbb shows as text only. */
function renderColor(text: string, props: CellProps) {
  const value = valueText(props.resolved.value.value);
  return (
    <span className="cell-color">
      {isValidColorText(value) && (
        <span className="cell-color-swatch" style={{ backgroundColor: value }} aria-hidden="true" />
      )}
      <span className="cell-text" {...DATA_TEXT}>
        {shortenText(text, 50)}
      </span>
    </span>
  );
}

/** The browser's colour picker; leaving it or Enter saves, Escape cancels. */
function ColorEditor(props: EditorProps) {
  const { cell, initial } = props;
  const end = useEditorEnd(props);
  const start = isValidColorText(initial) ? String(initial) : '#000000';
  return (
    <input
      type="color"
      className="form-control form-control-sm form-control-color"
      defaultValue={start}
      aria-label={editorLabel(props)}
      style={cell.resolved.styling.inputStyle}
      // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this cell
      autoFocus
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          end.commit(event.currentTarget.value, true);
        }
        if (event.key === 'Escape') end.cancel(true);
      }}
      onBlur={(event) => end.commit(event.currentTarget.value)}
    />
  );
}

const EditableColor = editableCell(ColorEditor, { renderText: renderColor });

/** `color`: a swatch of a #rrggbb value (part 2 section 5), edited with a colour picker. */
export function ColorCell(props: CellProps) {
  if (props.resolved.photo || props.resolved.icon) return <CellDisplay {...props} />;
  return <EditableColor {...props} />;
}
