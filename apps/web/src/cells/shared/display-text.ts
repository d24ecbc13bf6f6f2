import { shortenText, splitMultiSelect } from '../../engine/formats';
import { valueOptionText } from '../../engine/option-text';
import { readObject, readText, valueText } from '../../engine/values';
import type { CellProps } from '../types';
import { cellOptions } from './cell-options';

/**
 * The text a cell shows. The engine's display text, except that a value from an option list
 * (`Type.source`) shows its option's text (every value's for a multi-select), said as every option is
 * (`optionText`: words translated, data as written); `usingI18n` translates the other texts.
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
      // Options are said as the filters say them, whatever `usingI18n` says.
      const full = values.map((item) => valueOptionText(options, item, actions.t)).join(', ');
      if (inModal || configDisplay.showShortText !== true) return full;
      const count = typeof configDisplay.countShort === 'number' ? configDisplay.countShort : undefined;
      return shortenText(full, count);
    }
  }
  return translate(inModal ? display.fullText : display.text);
}
