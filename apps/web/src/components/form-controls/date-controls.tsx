import type { Instance } from 'flatpickr/dist/types/instance';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToPickerText, PICKER_FORMATS, pickerTextToIso } from '../../engine/formats';
import { valueText } from '../../engine/values';
import { createPicker } from '../date-picker/date-picker';
import type { ControlProps } from './registry';

type Kind = 'date' | 'datetime' | 'time';

/** The text shown for a value, and the value a shown text means (null when it means none). */
const FORMS: Record<
  Kind,
  {
    show(value: unknown): string;
    read(text: string): string | null;
    format: string;
    mask: string;
    /** The message when the text typed is no such value (an English key of the translations). */
    problem: string;
  }
> = {
  date: {
    format: PICKER_FORMATS.date,
    mask: 'dd/mm/yyyy',
    problem: 'Enter a date as dd/mm/yyyy',
    show: (value) => isoToPickerText(value, 'date'),
    read: (text) => pickerTextToIso(text, 'date'),
  },
  datetime: {
    format: PICKER_FORMATS.datetime,
    mask: 'dd/mm/yyyy hh:mm',
    problem: 'Enter a date and time as dd/mm/yyyy hh:mm',
    show: (value) => isoToPickerText(value, 'datetime'),
    read: (text) => pickerTextToIso(text, 'datetime'),
  },
  time: {
    format: PICKER_FORMATS.time,
    mask: 'hh:mm',
    problem: 'Enter a time as hh:mm',
    show: (value) => isoToPickerText(valueText(value), 'time'),
    read: (text) => pickerTextToIso(text, 'time'),
  },
};

/**
 * A flatpickr picker over a text input: d/m/Y, d/m/Y H:i or H:i on screen, the ISO form in the value
 * (YYYY-MM-DD, local YYYY-MM-DDTHH:mm:ss, HH:mm). Typing is allowed, so the keyboard alone is enough;
 * a text that is no such value stays the value as typed and the field says how to write it.
 */
function PickerControl(props: ControlProps & { kind: Kind }) {
  const { t } = useTranslation(['forms', 'common']);
  const form = FORMS[props.kind];
  const input = useRef<HTMLInputElement>(null);
  const picker = useRef<Instance | null>(null);
  const [text, setText] = useState(form.show(props.value));
  const latest = useRef({ onChange: props.onChange, reportProblem: props.reportProblem, t });
  latest.current = { onChange: props.onChange, reportProblem: props.reportProblem, t };

  useEffect(() => {
    if (!input.current) return;
    picker.current = createPicker(input.current, {
      clickOpens: true,
      dateFormat: form.format,
      enableTime: props.kind !== 'date',
      noCalendar: props.kind === 'time',
      onChange: (_dates, shown) => {
        setText(shown);
        latest.current.reportProblem(undefined);
        latest.current.onChange(form.read(shown));
      },
    });
    return () => {
      picker.current?.destroy();
      picker.current = null;
    };
  }, [form, props.kind]);

  // A value set from outside (reset, an after-change answer) shows in the input and the calendar;
  // the text just typed (kept as the value while it is no date) stays as it is.
  const typedText = useRef<string | null>(null);
  useEffect(() => {
    if (props.value === typedText.current) return;
    const shown = form.show(props.value);
    setText((current) => (form.read(current) === (props.value ?? null) ? current : shown));
    if (picker.current && form.read(picker.current.input.value) !== (props.value ?? null))
      picker.current.setDate(shown || [], false, form.format);
  }, [form, props.value]);

  const typed = (next: string) => {
    setText(next);
    const read = form.read(next);
    const empty = next.trim() === '';
    props.reportProblem(read === null && !empty ? t(form.problem) : undefined);
    typedText.current = read === null && !empty ? next : null;
    props.onChange(empty ? null : (read ?? next));
  };

  return (
    <input
      ref={input}
      id={props.id}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      className={`form-control ${props.invalid ? 'is-invalid' : ''}`}
      value={text}
      placeholder={props.placeholder ?? t(form.mask)}
      disabled={props.disabled}
      aria-invalid={props.invalid || undefined}
      aria-required={props.required || undefined}
      aria-describedby={props.describedBy}
      onChange={(e) => typed(e.target.value)}
      onBlur={props.onCommit}
    />
  );
}

/** `date`: d/m/Y on screen, YYYY-MM-DD in the value. */
export function DateControl(props: ControlProps) {
  return <PickerControl {...props} kind="date" />;
}

/** `datetime`: d/m/Y H:i on screen, the local YYYY-MM-DDTHH:mm:ss in the value. */
export function DateTimeControl(props: ControlProps) {
  return <PickerControl {...props} kind="datetime" />;
}

/** `time`: HH:mm. */
export function TimeControl(props: ControlProps) {
  return <PickerControl {...props} kind="time" />;
}
