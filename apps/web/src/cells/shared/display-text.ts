import type { OptionItem } from '@panelwright/contract';
import { shortenText, splitMultiSelect } from '../../engine/formats';
import { readObject, readText, sameValue, valueText } from '../../engine/values';
import type { CellProps } from '../types';
import { cellOptions } from './cell-options';

/** The label of a value in an option list, or the value itself. */
export function optionLabel(options: readonly OptionItem[], value: unknown): string {
  return options.find((option) => sameValue(option.Value, value))?.Text ?? valueText(value);
}

/**
 * The text a cell shows. The engine's display text, except that a value from an option list
 * (`Type.source`) shows its label translated (every value's for a multi-select); `usingI18n` translates
 * the other texts.
 * In a modal the whole text shows, never the short one.
 */
export function displayText(props: CellProps): string {
  const { column, resolved, actions, inModal } = props;
  const { display, value } = resolved;
  const more = column.more;
  const configDisplay = readObject(more.configDisplay) ?? {};
  const source = column.def.Type?.source;
  const translate = (text: string) => (display.translate ? actions.t(text) : text);
  if (source && !readText(more.fText) && readText(configDisplay.text) === undefined) {
    const options = cellOptions(props);
    if (options.length > 0 && valueText(value.value) !== '') {
      const values = column.cellType === 'multiselect' ? splitMultiSelect(value.value) : [value.value];
      // Option labels are translated as the filters translate them, whatever `usingI18n` says.
      const full = values.map((item) => actions.t(optionLabel(options, item))).join(', ');
      if (inModal || configDisplay.showShortText !== true) return full;
      const count = typeof configDisplay.countShort === 'number' ? configDisplay.countShort : undefined;
      return shortenText(full, count);
    }
  }
  return translate(inModal ? display.fullText : display.text);
}
