import { fillTemplate, fillUrlTemplate, readText, rowFieldOr, valueText } from '../values';
import type { CellContext } from './cell-context';

/** The schemes a link may use; anything else (javascript:, data:, vbscript:) is shown as text. */
export const FOLLOWABLE_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'] as const;

/**
 * Whether a link may be followed: http, https, mailto, tel or a relative link. Browsers ignore
 * control characters and spaces inside a scheme ("java\tscript:"), so they are removed before the check.
 */
export function isFollowableLink(url: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is stripped
  const compact = url.replace(/[\u0000-\u0020\u007f]/g, '');
  if (compact === '') return false;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(compact);
  if (!scheme) return true;
  return (FOLLOWABLE_SCHEMES as readonly string[]).includes(`${scheme[1]?.toLowerCase()}:`);
}

export type CellLink = {
  /** The url to follow, or null when it may not be followed (then `text` is shown as plain text). */
  href: string | null;
  text: string;
  /** Open in a new window; default true. */
  newWindow: boolean;
  /** Open at once when an action's answer brings a link. */
  autoOpen: boolean;
};

/**
 * `link` / `fLink` (a template, values URL-encoded), falling back to the column's `Type.link`, or the
 * value itself in a link cell; `linkTitle` / `fLinkTitle` the text. Null when the cell has no link.
 */
export function resolveLink({ column, more, row, value, text }: CellContext): CellLink | null {
  const plain = readText(more.link) ?? readText(column.def.Type?.link);
  let template = valueText(rowFieldOr(row, more.fLink, plain)).trim();
  if (template === '' && column.cellType === 'link') template = valueText(value).trim();
  if (template === '') return null;
  const url = fillUrlTemplate(template, row).trim();
  const title = valueText(rowFieldOr(row, more.fLinkTitle, readText(more.linkTitle) ?? ''));
  const shownText = title !== '' ? fillTemplate(title, row) : valueText(text) || url;
  return {
    href: isFollowableLink(url) ? url : null,
    text: shownText,
    newWindow: more.newWindow !== false,
    autoOpen: more.autoOpenLink === true,
  };
}
