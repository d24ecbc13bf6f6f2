import { isTruthyFlag, joinClassNames, readObject, readStyle, readText, type Style } from '../values';
import type { CellContext } from './cell-context';
import { DEFAULT_CELL_COLOR } from './styling';

export type CellIcon = {
  name: string | undefined;
  /** The cell value is truthy. */
  active: boolean;
  /** false when inactive and `hideWhenNoActive`. */
  show: boolean;
  style: Style;
  className: string;
};

/**
 * `icon` / `configIcon`: the icon is active when the value is truthy; inactive it takes
 * `styleInactive` (gray when none is given), or is not shown with `hideWhenNoActive`. Null when the
 * cell shows no icon.
 */
export function resolveIcon({ column, more, value }: CellContext): CellIcon | null {
  const name = readText(more.icon);
  const config = readObject(more.configIcon);
  if (!name && !config && column.cellType !== 'icon') return null;
  const options = config ?? {};
  const active = isTruthyFlag(value);
  const activeStyle = readStyle(options.style);
  const inactiveStyle =
    options.styleInactive === undefined
      ? { ...activeStyle, color: DEFAULT_CELL_COLOR }
      : readStyle(options.styleInactive);
  return {
    name,
    active,
    show: active || options.hideWhenNoActive !== true,
    style: active ? activeStyle : inactiveStyle,
    className: joinClassNames(options.className),
  };
}
