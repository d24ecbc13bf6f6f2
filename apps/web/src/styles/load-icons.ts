/** Loads the icon font's stylesheet (once; the browser fetches the font when a glyph is drawn). */
export function loadIcons(): Promise<unknown> {
  return import('./icons');
}
