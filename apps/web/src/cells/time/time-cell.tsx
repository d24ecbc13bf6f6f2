import { useState } from 'react';
import { DatePicker } from '../../components/date-picker/date-picker';
import { isoToPickerText, pickerTextToIso } from '../../engine/formats';
import { valueText } from '../../engine/values';
import { type EditorProps, editableCell, useEditorEnd } from '../shared/editable-cell';
import { editorLabel } from '../shared/editors';

/**
 * A time input: hh:mm, hour under 24 and minute under 60 (part 2 section 5), typed or picked in
 * 24 hours (never the browser's own time input, which shows AM and PM in some languages).
 */
function TimeEditor(props: EditorProps) {
  const { cell, initial } = props;
  const end = useEditorEnd(props);
  const [problem, setProblem] = useState(false);
  const finish = (text: string, keyboard: boolean) => {
    if (text.trim() === '') return end.commit(null, keyboard);
    const time = pickerTextToIso(text, 'time');
    if (time === null) return setProblem(true);
    end.commit(time, keyboard);
  };
  return (
    <span className="d-block">
      <DatePicker
        kind="time"
        className={`form-control form-control-sm${problem ? ' is-invalid' : ''}`}
        defaultText={isoToPickerText(valueText(initial), 'time')}
        placeholder="hh:mm"
        inputMode="numeric"
        aria-label={editorLabel(props)}
        aria-invalid={problem ? true : undefined}
        style={cell.resolved.styling.inputStyle}
        autoFocus
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            finish(event.currentTarget.value, true);
          }
          if (event.key === 'Escape') end.cancel(true);
        }}
        // Escape closes the picker only; any other close (a click or Tab elsewhere) saves.
        onPickerClose={({ byEscape, text }) => {
          if (!byEscape) finish(text, false);
        }}
      />
      {problem && <span className="invalid-feedback d-block">{cell.actions.t('Enter a time as hh:mm')}</span>}
    </span>
  );
}

/** `time`: shown HH:mm, edited as hh:mm in 24 hours. */
export const TimeCell = editableCell(TimeEditor);
