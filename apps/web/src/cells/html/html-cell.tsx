import { shortenText } from '../../engine/formats';
import { readObject } from '../../engine/values';
import { DATA_TEXT } from '../../i18n';
import { SafeHtml } from '../shared/cell-display';
import { editableCell } from '../shared/editable-cell';
import { TextareaEditor } from '../shared/editors';
import type { CellProps } from '../types';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of some HTML, without its tags, for a short display. It is shown as text (React escapes
 * it), never as HTML, so stripping the tags is enough; parsing every cell's HTML would cost a
 * document per cell while scrolling.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Sanitised HTML; when the column asks for short text (and not in a modal) the HTML's text, cut to
 * `countShort` characters.
 */
function renderHtml(_text: string, props: CellProps) {
  const { resolved, column, inModal } = props;
  const configDisplay = readObject(column.more.configDisplay) ?? {};
  const html = resolved.display.fullText;
  if (configDisplay.showShortText === true && !inModal) {
    const count = typeof configDisplay.countShort === 'number' ? configDisplay.countShort : undefined;
    return (
      <span className="cell-text" {...DATA_TEXT}>
        {shortenText(htmlToText(html), count)}
      </span>
    );
  }
  return <SafeHtml html={html} />;
}

/** `html`: sanitised with DOMPurify, never trusted; edited as HTML text. */
export const HtmlCell = editableCell(TextareaEditor, { renderText: renderHtml });
