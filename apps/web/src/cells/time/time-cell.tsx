import { useState } from 'react';
import { isValidTimeText } from '../../engine/formats';
import { valueText } from '../../engine/values';
import { type EditorProps, editableCell, useEditorEnd } from '../shared/editable-cell';
import { editorLabel } from '../shared/editors';

/** A time input: hh:mm, hour under 24 and minute under 60 (part 2 section 5). */
function TimeEditor(props: EditorProps) {
  const { cell, initial } = props;
  const end = useEditorEnd(props);
  const [problem, setProblem] = useState(false);
  const finish = (text: string, keyboard: boolean) => {
    if (text === '') return end.commit(null, keyboard);
    if (!isValidTimeText(text)) return setProblem(true);
    end.commit(text.slice(0, 5), keyboard);
  };
  return (
    <span className="d-block">
      <input
        type="time"
        className={`form-control form-control-sm${problem ? ' is-invalid' : ''}`}
        defaultValue={valueText(initial).slice(0, 5)}
        aria-label={editorLabel(props)}
        aria-invalid={problem ? true : undefined}
        style={cell.resolved.styling.inputStyle}
        // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this cell
        autoFocus
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            finish(event.currentTarget.value, true);
          }
          if (event.key === 'Escape') end.cancel(true);
        }}
        onBlur={(event) => finish(event.currentTarget.value, false)}
      />
      {problem && <span className="invalid-feedback d-block">{cell.actions.t('Enter a time as hh:mm')}</span>}
    </span>
  );
}

/** `time`: shown HH:mm, edited with a time input. */
export const TimeCell = editableCell(TimeEditor);
