import 'flatpickr/dist/flatpickr.min.css';
import flatpickr from 'flatpickr';
import type { Instance } from 'flatpickr/dist/types/instance';
import { useEffect, useRef, useState } from 'react';
import { isoToPickerText, isValidTimeText, PICKER_FORMATS, pickerTextToIso } from '../../engine/formats';
import { valueText } from '../../engine/values';
import type { ControlProps } from './registry';

type Kind = 'date' | 'datetime' | 'time';

/** The text shown for a value, and the value a shown text means (null when it means none). */
const FORMS: Record<
  Kind,
  { show(value: unknown): string; read(text: string): string | null; format: string; mask: string }
> = {
  date: {
    format: PICKER_FORMATS.date,
    mask: 'dd/mm/yyyy',
    show: (value) => isoToPickerText(value, 'date'),
    read: (text) => pickerTextToIso(text, 'date'),
  },
  datetime: {
    format: PICKER_FORMATS.datetime,
    mask: 'dd/mm/yyyy hh:mm',
    show: (value) => isoToPickerText(value, 'datetime'),
    read: (text) => pickerTextToIso(text, 'datetime'),
  },
  time: {
    format: 'H:i',
    mask: 'hh:mm',
    show: (value) => (isValidTimeText(value) ? valueText(value).slice(0, 5) : ''),
    read: (text) => (isValidTimeText(text.trim()) ? text.trim().slice(0, 5) : null),
  },
};

/**
 * A flatpickr picker over a text input: d/m/Y, d/m/Y H:i or H:i on screen, the ISO form in the value
 * (YYYY-MM-DD, local YYYY-MM-DDTHH:mm:ss, HH:mm). Typing is allowed, so the keyboard alone is enough.
 */
function PickerControl(props: ControlProps & { kind: Kind }) {
  const form = FORMS[props.kind];
  const input = useRef<HTMLInputElement>(null);
  const picker = useRef<Instance | null>(null);
  const [text, setText] = useState(form.show(props.value));
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;

  useEffect(() => {
    if (!input.current) return;
    const instance = flatpickr(input.current, {
      allowInput: true,
      clickOpens: true,
      dateFormat: form.format,
      enableTime: props.kind !== 'date',
      noCalendar: props.kind === 'time',
      time_24hr: true,
      disableMobile: true,
      onChange: (_dates, shown) => {
        setText(shown);
        onChange.current(form.read(shown));
      },
    });
    picker.current = Array.isArray(instance) ? (instance[0] ?? null) : instance;
    return () => {
      picker.current?.destroy();
      picker.current = null;
    };
  }, [form, props.kind]);

  // A value set from outside (reset, an after-change answer) shows in the input and the calendar.
  useEffect(() => {
    const shown = form.show(props.value);
    setText((current) => (form.read(current) === (props.value ?? null) ? current : shown));
    if (picker.current && form.read(picker.current.input.value) !== (props.value ?? null))
      picker.current.setDate(shown || [], false, form.format);
  }, [form, props.value]);

  return (
    <input
      ref={input}
      id={props.id}
      type="text"
      inputMode="numeric"
      className={`form-control ${props.invalid ? 'is-invalid' : ''}`}
      value={text}
      placeholder={props.placeholder ?? form.mask}
      disabled={props.disabled}
      aria-invalid={props.invalid || undefined}
      aria-required={props.required || undefined}
      aria-describedby={props.describedBy}
      onChange={(e) => {
        setText(e.target.value);
        const read = form.read(e.target.value);
        if (read !== null || e.target.value.trim() === '') props.onChange(read);
      }}
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
