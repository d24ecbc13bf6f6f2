import type { OptionItem } from '@panelwright/contract';
import { sameValue, valueText } from './values';

/** Says a text of the UI in the reader's language (i18next's `t`). */
type Say = (text: string) => string;

/**
 * An option's text as the reader sees it, wherever options are shown (cells, badges, editors,
 * filters and their chips, forms, boards). Words of the UI (a status, a screen's choices) are said
 * in the reader's language; an option the server marks `Verbatim` is shown as written: data (a
 * category's, a user's name) is never a word of the UI even when it spells one ("Office"), and
 * words the server has already said in the caller's language are not said twice.
 */
export function optionText(option: OptionItem, say: Say): string {
  return option.Verbatim ? option.Text : say(option.Text);
}

/** The text of a value among options: its option's (as `optionText` says it), else the value as written. */
export function valueOptionText(
  options: readonly OptionItem[] | undefined,
  value: unknown,
  say: Say,
): string {
  const option = options?.find((item) => sameValue(item.Value, value));
  return option ? optionText(option, say) : valueText(value);
}
