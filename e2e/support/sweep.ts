// Which of the server's screens a page-by-page sweep (axe, pseudo-locale) visits. `npm test` takes a
// slice that still reaches every renderer: the first screen of each UI type (each renderer's own
// e2e file covers its variants).
// `npm run test:sweep` (FULL_SWEEP=true) visits every screen, as before a release.

/** Whether this run visits every screen. */
export const FULL_SWEEP = process.env.FULL_SWEEP === 'true';

/** The addresses to visit, in the server's order: all of them, or the slice described above. */
export function sweepPaths(
  screens: readonly { UIUrl: string; UIType: string }[],
  toPath: (url: string) => string,
) {
  const seen = new Set<string>();
  const paths: string[] = [];
  for (const screen of screens) {
    const path = toPath(screen.UIUrl);
    if (!path.startsWith('/') || path.includes(':')) continue;
    const kind = screen.UIType;
    if (!FULL_SWEEP && seen.has(kind)) continue;
    seen.add(kind);
    paths.push(path);
  }
  return [...new Set(paths)];
}
