import flatpickr from 'flatpickr';
import type { Instance } from 'flatpickr/dist/types/instance';
import 'flatpickr/dist/flatpickr.min.css';
import { type InputHTMLAttributes, useEffect, useRef } from 'react';
import { PICKER_FORMATS } from '../../engine/formats';

type DatePickerProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'defaultValue'> & {
  /** `single` (a date or date-time) or `range` (two dates). */
  mode?: 'single' | 'range';
  enableTime?: boolean;
  /** The picked dates, as the picker's display text ('05/03/2024', '05/03/2024 - 09/03/2024'). */
  defaultText?: string;
  /** The user picked: the dates chosen (one, or two for a range). */
  onPick?(dates: Date[]): void;
  /** The calendar closed. */
  onPickerClose?(dates: Date[]): void;
  /** Show the calendar at once, below the input (inline for ranges). */
  inline?: boolean;
};

/**
 * A flatpickr date input with the product's formats (d/m/Y, d/m/Y H:i, part 1 section 9). The text may
 * also be typed; the caller reads it with the engine's `pickerTextToIso`.
 */
export function DatePicker({
  mode = 'single',
  enableTime = false,
  defaultText,
  onPick,
  onPickerClose,
  inline = false,
  ...inputProps
}: DatePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const handlers = useRef({ onPick, onPickerClose });
  handlers.current = { onPick, onPickerClose };
  useEffect(() => {
    if (!input.current) return;
    const picker: Instance = flatpickr(input.current, {
      mode,
      enableTime,
      time_24hr: true,
      allowInput: true,
      inline,
      dateFormat: enableTime ? PICKER_FORMATS.datetime : PICKER_FORMATS.date,
      locale: { firstDayOfWeek: 1, rangeSeparator: ' - ' },
      onChange: (dates) => handlers.current.onPick?.(dates),
      onClose: (dates) => handlers.current.onPickerClose?.(dates),
    });
    return () => picker.destroy();
  }, [mode, enableTime, inline]);
  return <input ref={input} type="text" defaultValue={defaultText} {...inputProps} />;
}
