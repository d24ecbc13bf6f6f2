import { readableTextColor } from '../readable-color';
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

/** `#rgb` or `#rrggbb`: a colour the configuration gives as a value rather than a theme name. */
const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#rgb` as `#rrggbb`. */
const longHex = (colour: string) =>
  colour.length === 4 ? `#${[...colour.slice(1)].map((digit) => digit + digit).join('')}` : colour;

/**
 * Bootstrap's button variables for a colour given as a value (`#057e38`): filled, or outlined and
 * filled on hover, with black or white text, whichever reads better on it.
 */
function hexButtonStyle(colour: string, outline: boolean): Style {
  const fill = longHex(colour);
  const text = readableTextColor(fill);
  const filled = {
    '--bs-btn-hover-bg': fill,
    '--bs-btn-hover-border-color': fill,
    '--bs-btn-hover-color': text,
    '--bs-btn-active-bg': fill,
    '--bs-btn-active-border-color': fill,
    '--bs-btn-active-color': text,
    '--bs-btn-disabled-border-color': fill,
  };
  return outline
    ? { '--bs-btn-color': fill, '--bs-btn-border-color': fill, '--bs-btn-disabled-color': fill, ...filled }
    : {
        '--bs-btn-bg': fill,
        '--bs-btn-border-color': fill,
        '--bs-btn-color': text,
        '--bs-btn-disabled-bg': fill,
        '--bs-btn-disabled-color': text,
        ...filled,
      };
}

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
  // A theme colour is a Bootstrap variant; a colour value is drawn through the button's variables
  // (a `btn-#057e38` class would not exist).
  const hex = HEX_COLOUR.test(color);
  return {
    variant: hex ? 'custom' : outline ? `outline-${color}` : color,
    color,
    outline,
    style: hex
      ? { ...hexButtonStyle(color, outline), ...readStyle(options.style) }
      : readStyle(options.style),
    className: joinClassNames(options.className),
    tooltip: tooltip === undefined ? undefined : fillTemplate(valueText(tooltip), row),
    disabled: isTruthyFlag(rowFieldOr(row, options.fDisabled, options.disabled === true)),
    icon,
    title: title === undefined ? valueText(text) : fillTemplate(title, row),
    showIcon,
    showText: !showIcon || options.hasIconAndText === true,
  };
}
