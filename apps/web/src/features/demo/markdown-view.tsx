import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { type MouseEvent, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DATA_TEXT } from '../../i18n';

/**
 * Markdown shipped with the product, as sanitised HTML. Links to pages of the app are followed
 * without reloading it.
 */
export function MarkdownView({ markdown }: { markdown: string }) {
  const navigate = useNavigate();
  const html = useMemo(
    () => DOMPurify.sanitize(marked.parse(markdown, { async: false, gfm: true })),
    [markdown],
  );
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    if (!link || link.target || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin || !/^\/(adoc|demo)\//.test(url.pathname)) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  return (
    // The documents are shipped in English only: content, like data, not texts of the interface.
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the clicks are the links' own; this only keeps them inside the app
    <div
      className="markdown-body"
      {...DATA_TEXT}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised with DOMPurify first
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
