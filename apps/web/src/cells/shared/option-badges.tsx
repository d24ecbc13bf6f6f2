import type { ReactNode } from 'react';
import { optionBadges } from '../../engine/columns';
import { splitMultiSelect } from '../../engine/formats';
import { valueText } from '../../engine/values';
import { DATA_TEXT } from '../../i18n';
import type { CellProps } from '../types';
import { cellOptions } from './cell-options';

/**
 * A choice cell's display (`select`, `multiselect` with `Type.source`): each value as a soft badge in
 * the tone of its `styleByValue` colour, its option's text said as the filters say it (`optionText`).
 * Without an option list, or for a configured text, the cell's text as usual.
 */
export function renderOptionBadges(text: string, props: CellProps): ReactNode {
  const { column, resolved, actions } = props;
  const options = cellOptions(props);
  const raw = resolved.value.value;
  if (options.length === 0 || valueText(raw) === '' || column.more.fText || column.more.configDisplay) {
    return (
      <span className="cell-text" {...DATA_TEXT}>
        {text}
      </span>
    );
  }
  const values = column.cellType === 'multiselect' ? splitMultiSelect(raw) : [raw];
  return (
    <span className="cell-badges" {...DATA_TEXT}>
      {optionBadges(values, options, column.more.styleByValue, actions.t).map((badge) => (
        <span key={badge.key} className={`badge cell-badge tone-${badge.tone}`} data-tone={badge.tone}>
          {badge.label}
        </span>
      ))}
    </span>
  );
}
