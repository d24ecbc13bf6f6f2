import flatpickr from 'flatpickr';
import type { Instance } from 'flatpickr/dist/types/instance';
import type { DateOption, Options } from 'flatpickr/dist/types/options';
import 'flatpickr/dist/flatpickr.min.css';
import './date-picker.scss';
import { type InputHTMLAttributes, useEffect, useRef } from 'react';
import { PICKER_FORMATS, type PickerKind, readPickerText } from '../../engine/formats';
import { i18n } from '../../i18n';

const RANGE_SEPARATOR = ' - ';

/** What the picker says when its calendar closes. */
export type PickerClose = {
  /** The dates chosen. */
  dates: Date[];
  /** Closed by Escape: the user wants the calendar gone, not the field or dialog around it. */
  byEscape: boolean;
  /** The input's text as the calendar closed. */
  text: string;
};

/**
 * A flatpickr picker over `input` with the product's settings: 24-hour times, weeks from Monday,
 * typing allowed (the keyboard is enough), never the browser's own date input. Escape while the
 * calendar is open closes only the calendar: the key does not reach the dialog, the form or the cell
 * editor around it, which would otherwise close too and lose what was typed.
 */
export function createPicker(
  input: HTMLInputElement,
  options: Options,
  onClose?: (close: PickerClose) => void,
): Instance {
  let byEscape = false;
  const picker = flatpickr(input, {
    allowInput: true,
    time_24hr: true,
    disableMobile: true,
    locale: { firstDayOfWeek: 1, rangeSeparator: RANGE_SEPARATOR },
    // Typed text is read strictly; a text that is no date is left for the field to say so (flatpickr
    // takes a missing date as "invalid", whatever its typing says).
    parseDate: (text, format) => readPickerText(text, format) as Date,
    errorHandler: () => undefined,
    ...options,
    onClose: (dates) => onClose?.({ dates, byEscape, text: input.value }),
  });
  const instance = Array.isArray(picker) ? picker[0] : picker;
  // A calendar that pops up sits outside the page's landmarks: it is a date-picking dialog (WAI-ARIA).
  if (!options.inline) {
    instance.calendarContainer?.setAttribute('role', 'dialog');
    instance.calendarContainer?.setAttribute(
      'aria-label',
      i18n.t(options.noCalendar ? 'Choose a time' : 'Choose a date', { ns: 'common' }),
    );
  }
  // flatpickr reads the typed text again on blur, Enter and outside clicks; a text that is no date
  // would clear the input there. It stays as typed instead, for the field to say what is wrong.
  const setDate = instance.setDate.bind(instance);
  instance.setDate = (date: DateOption | DateOption[], triggerChange?: boolean, format?: string) => {
    if (typeof date === 'string' && date.trim() !== '') {
      const texts = instance.config.mode === 'range' ? date.split(RANGE_SEPARATOR) : [date];
      const pattern = format ?? instance.config.dateFormat;
      if (texts.some((text) => readPickerText(text, pattern) === null)) return;
    }
    setDate(date, triggerChange, format);
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !instance.isOpen || instance.config.inline) return;
    event.stopPropagation();
    event.preventDefault();
    byEscape = true;
    try {
      instance.close();
    } finally {
      byEscape = false;
    }
    if (document.activeElement !== input) input.focus({ preventScroll: true });
  };
  // Capture: before flatpickr's own listeners and before the key bubbles to the dialog's.
  input.addEventListener('keydown', closeOnEscape, true);
  instance.calendarContainer?.addEventListener('keydown', closeOnEscape, true);
  // An input focused before the picker was attached (autoFocus: the user just asked to edit a date)
  // opens its calendar as a click would.
  if (document.activeElement === input && !instance.config.inline) instance.open();
  const destroy = instance.destroy.bind(instance);
  instance.destroy = () => {
    input.removeEventListener('keydown', closeOnEscape, true);
    instance.calendarContainer?.removeEventListener('keydown', closeOnEscape, true);
    destroy();
  };
  return instance;
}

type DatePickerProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'defaultValue'> & {
  /** `single` (a date or date-time) or `range` (two dates). */
  mode?: 'single' | 'range';
  /** `date` (d/m/Y, the default), `datetime` (d/m/Y H:i) or `time` (H:i, no calendar). */
  kind?: PickerKind;
  /** The picked dates, as the picker's display text ('05/03/2024', '05/03/2024 - 09/03/2024'). */
  defaultText?: string;
  /** The text to show, when the caller holds it: a new one from outside replaces the input's. */
  text?: string;
  /** The user picked: the dates chosen (one, or two for a range). */
  onPick?(dates: Date[]): void;
  /** The calendar closed (by Escape too: then only the calendar should close). */
  onPickerClose?(close: PickerClose): void;
  /** Show the calendar at once, below the input (inline for ranges). */
  inline?: boolean;
};

/**
 * A flatpickr input with the product's formats (d/m/Y, d/m/Y H:i, H:i; part 1 section 9). The text
 * may also be typed; the caller reads it with the engine's `pickerTextToIso`.
 */
export function DatePicker({
  mode = 'single',
  kind = 'date',
  defaultText,
  text,
  onPick,
  onPickerClose,
  inline = false,
  ...inputProps
}: DatePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const picker = useRef<Instance | null>(null);
  const handlers = useRef({ onPick, onPickerClose });
  handlers.current = { onPick, onPickerClose };
  useEffect(() => {
    if (!input.current) return;
    picker.current = createPicker(
      input.current,
      {
        mode,
        enableTime: kind !== 'date',
        noCalendar: kind === 'time',
        inline,
        dateFormat: PICKER_FORMATS[kind],
        onChange: (dates) => handlers.current.onPick?.(dates),
      },
      (close) => handlers.current.onPickerClose?.(close),
    );
    // An inline calendar grows the menu or panel it appears in; positioned menus (Popper) place
    // themselves again on a resize, so that the grown menu stays inside the window.
    if (inline) window.dispatchEvent(new Event('resize'));
    return () => {
      picker.current?.destroy();
      picker.current = null;
    };
  }, [mode, kind, inline]);
  useEffect(() => {
    const current = picker.current;
    if (text === undefined || !current || current.input.value === text) return;
    current.setDate(text === '' ? [] : text, false);
    current.input.value = text;
  }, [text]);
  return (
    <input ref={input} type="text" autoComplete="off" defaultValue={defaultText ?? text} {...inputProps} />
  );
}
