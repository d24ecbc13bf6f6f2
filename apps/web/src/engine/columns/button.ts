import {
  fillTemplate,
  isTruthyFlag,
  joinClassNames,
  readObject,
  readStyle,
  readText,
  readTextMap,
  rowFieldOr,
  type Style,
  valueText,
} from '../values';
import type { CellContext } from './cell-context';

/** Bootstrap colour of a button whose column gives none. */
export const DEFAULT_BUTTON_COLOR = 'primary';

export type CellButton = {
  /** The Bootstrap variant: the colour, prefixed `outline-` for outline buttons. */
  variant: string;
  color: string;
  outline: boolean;
  style: Style;
  className: string;
  tooltip: string | undefined;
  disabled: boolean;
  icon: string | undefined;
  title: string;
  showIcon: boolean;
  showText: boolean;
};

/**
 * The `button` option. `colorByValue` and `iconByValue` pick by the cell value; the row's `fDisabled`
 * and `fTitleTooltip` fields win over `disabled` and `titleTooltip`. With an icon only the icon shows,
 * unless `hasIconAndText`. Null when the cell is not a button.
 */
export function resolveButton({ column, more, row, value, text }: CellContext): CellButton | null {
  const button = readObject(more.button);
  if (!button && column.cellType !== 'button') return null;
  const options = button ?? {};
  const valueKey = valueText(value);
  const color =
    readTextMap(options.colorByValue)[valueKey] ?? readText(options.color) ?? DEFAULT_BUTTON_COLOR;
  const outline = options.outline === true;
  const icon = readTextMap(options.iconByValue)[valueKey] ?? readText(options.icon);
  const tooltip = rowFieldOr(row, options.fTitleTooltip, readText(options.titleTooltip));
  const title = readText(options.title);
  const showIcon = Boolean(icon);
  return {
    variant: outline ? `outline-${color}` : color,
    color,
    outline,
    style: readStyle(options.style),
    className: joinClassNames(options.className),
    tooltip: tooltip === undefined ? undefined : fillTemplate(valueText(tooltip), row),
    disabled: isTruthyFlag(rowFieldOr(row, options.fDisabled, options.disabled === true)),
    icon,
    title: title === undefined ? valueText(text) : fillTemplate(title, row),
    showIcon,
    showText: !showIcon || options.hasIconAndText === true,
  };
}
