/**
 * The window's title: the page's title and the site name, or the site name alone. A site name that is
 * blank (never saved so by the server, but an older store might hold one) falls back to the default.
 */
export function documentTitle(siteName: string | undefined, pageTitle: string, fallback: string): string {
  const site = siteName?.trim() || fallback;
  const page = pageTitle.trim();
  return page && page !== site ? `${page} · ${site}` : site;
}
