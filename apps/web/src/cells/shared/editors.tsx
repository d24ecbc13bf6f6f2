import { type KeyboardEvent, useId, useState } from 'react';
import { DatePicker } from '../../components/date-picker/date-picker';
import { NumberInput, numberProblemMessage } from '../../components/number-input/number-input';
import { formatJsonText, isoToPickerText, pickerTextToIso } from '../../engine/formats';
import { readNumberInput } from '../../engine/forms';
import { valueText } from '../../engine/values';
import { type EditorProps, useEditorEnd } from './editable-cell';

export type { EditorProps };

function selectOnFocus(select: boolean) {
  return select
    ? (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => event.currentTarget.select()
    : undefined;
}

/** The accessible name of a cell's edit control: its column header. */
export function editorLabel({ cell }: Pick<EditorProps, 'cell'>): string {
  return cell.actions.t(cell.column.header) || cell.column.fieldName;
}

/** A one-line text input: Enter saves, Escape cancels, leaving it saves. */
export function InputEditor(props: EditorProps & { inputType?: string }) {
  const { cell, initial } = props;
  const end = useEditorEnd(props);
  const { editing, styling } = cell.resolved;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      end.commit(event.currentTarget.value, true);
    }
    if (event.key === 'Escape') end.cancel(true);
  };
  return (
    <input
      type={props.inputType ?? 'text'}
      className="form-control form-control-sm"
      defaultValue={valueText(initial)}
      placeholder={editing.placeholder ? cell.actions.t(editing.placeholder) : undefined}
      style={{ ...styling.controlStyle, ...styling.inputStyle }}
      aria-label={editorLabel(props)}
      // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this cell
      autoFocus
      onFocus={selectOnFocus(editing.selectOnFocus)}
      onKeyDown={onKeyDown}
      onBlur={(event) => end.commit(event.currentTarget.value)}
    />
  );
}

/** What a text editor's text reads as: a value, or the message (and its values) saying why not. */
export type ParsedText =
  | { ok: true; value: unknown }
  | { ok: false; message: string; values?: Record<string, unknown> };

/** A text area: Ctrl+Enter (or leaving it) saves, Enter makes a new line, Escape cancels. */
export function TextareaEditor(props: EditorProps & { parse?: (text: string) => ParsedText }) {
  const { cell, initial, parse } = props;
  const end = useEditorEnd(props);
  const [problem, setProblem] = useState<{ message: string; values?: Record<string, unknown> } | null>(null);
  const { editing, styling } = cell.resolved;
  const initialText = typeof initial === 'string' && !parse ? initial : formatJsonText(initial);
  const finish = (text: string, keyboard: boolean) => {
    if (!parse) return end.commit(text, keyboard);
    const parsed = parse(text);
    if (parsed.ok) end.commit(parsed.value, keyboard);
    else setProblem(parsed);
  };
  return (
    <span className="d-block">
      <textarea
        className={`form-control form-control-sm${problem ? ' is-invalid' : ''}`}
        defaultValue={initialText}
        rows={4}
        placeholder={editing.placeholder ? cell.actions.t(editing.placeholder) : undefined}
        style={{ ...styling.controlStyle, ...styling.textareaStyle }}
        aria-label={editorLabel(props)}
        aria-invalid={problem ? true : undefined}
        // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this cell
        autoFocus
        onFocus={selectOnFocus(editing.selectOnFocus)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            finish(event.currentTarget.value, true);
          }
          if (event.key === 'Escape') end.cancel(true);
        }}
        onBlur={(event) => finish(event.currentTarget.value, false)}
      />
      {problem && (
        <span className="invalid-feedback d-block">{cell.actions.t(problem.message, problem.values)}</span>
      )}
      <span className="form-text small">{cell.actions.t('Ctrl+Enter saves, Escape cancels')}</span>
    </span>
  );
}

/**
 * A number input typed as the product shows numbers (decimal comma, thousand dot); an empty input
 * saves null. A text that is no number, or could be read as two, is not saved: the editor stays open
 * with the reason under it.
 */
export function NumberEditor(props: EditorProps) {
  const { cell, initial } = props;
  const end = useEditorEnd(props);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const { editing, styling } = cell.resolved;
  const percent = cell.column.cellType === 'percent';
  const messageId = useId();
  const finish = (text: string, keyboard: boolean) => {
    const reading = readNumberInput(text, { percent });
    if (reading.ok) end.commit(reading.value, keyboard);
    else setProblem(numberProblemMessage(reading));
  };
  return (
    <span className="d-block">
      <NumberInput
        className={`form-control form-control-sm text-end${problem ? ' is-invalid' : ''}`}
        value={initial}
        percent={percent}
        placeholder={editing.placeholder ? cell.actions.t(editing.placeholder) : undefined}
        style={{ ...styling.controlStyle, ...styling.inputStyle }}
        aria-label={editorLabel(props)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? messageId : undefined}
        autoFocus
        onFocus={selectOnFocus(editing.selectOnFocus)}
        onReadingChange={(reading) => {
          if (problem) setProblem(numberProblemMessage(reading));
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            finish(event.currentTarget.value, true);
          }
          if (event.key === 'Escape') end.cancel(true);
        }}
        onBlur={(event) => finish(event.currentTarget.value, false)}
      />
      {problem && (
        <span id={messageId} className="invalid-feedback d-block">
          {cell.actions.t(problem)}
        </span>
      )}
    </span>
  );
}

/**
 * A date or date-time picker (flatpickr, d/m/Y and d/m/Y H:i). A typed text is read strictly; a
 * date-time is sent with its zone, so the server stores the moment the user meant.
 */
export function DateEditor(props: EditorProps & { withTime?: boolean }) {
  const { cell, initial, withTime = false } = props;
  const end = useEditorEnd(props);
  const kind = withTime ? 'datetime' : 'date';
  const [problem, setProblem] = useState(false);
  const finish = (text: string, keyboard: boolean) => {
    if (text.trim() === '') return end.commit(null, keyboard);
    const iso = pickerTextToIso(text, kind);
    if (iso === null) {
      setProblem(true);
      return;
    }
    end.commit(withTime ? new Date(iso).toISOString() : iso, keyboard);
  };
  return (
    <span className="d-block">
      <DatePicker
        className={`form-control form-control-sm${problem ? ' is-invalid' : ''}`}
        kind={kind}
        defaultText={isoToPickerText(typeof initial === 'string' ? initial : '', kind)}
        placeholder={withTime ? cell.actions.t('dd/mm/yyyy hh:mm') : cell.actions.t('dd/mm/yyyy')}
        aria-label={editorLabel(props)}
        aria-invalid={problem ? true : undefined}
        autoFocus
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            finish(event.currentTarget.value, true);
          }
          if (event.key === 'Escape') end.cancel(true);
        }}
        onPickerClose={({ dates, byEscape }) => {
          // Escape closes the calendar only; a second Escape (calendar closed) cancels the edit.
          if (byEscape) return;
          const [date] = dates;
          if (date) end.commit(withTime ? date.toISOString() : isoDay(date));
          else end.cancel();
        }}
      />
      {problem && (
        <span className="invalid-feedback d-block">{cell.actions.t('Enter a date as dd/mm/yyyy')}</span>
      )}
    </span>
  );
}

function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
