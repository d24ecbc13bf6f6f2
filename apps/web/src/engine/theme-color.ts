import { readableTextColor } from './readable-color';

/** A colour as the specification accepts it: `#` and six hex digits (part 2 section 5). */
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

const channels = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
const toHex = (values: number[]) =>
  `#${values
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** The colour mixed with black by `amount` (0 to 1): Bootstrap's hover and active shades. */
export function shadeColor(hex: string, amount: number): string {
  return toHex(channels(hex).map((v) => v * (1 - amount)));
}

/** The colour mixed with white by `amount` (0 to 1): Bootstrap's tints, as its dark mode uses them. */
export function tintColor(hex: string, amount: number): string {
  return toHex(channels(hex).map((v) => v + (255 - v) * amount));
}

/**
 * The style sheet that makes `primaryColor` the theme colour at run time (part 1 section 9: primary
 * colour #057e38): Bootstrap's primary variables, and the primary buttons whose colours Bootstrap
 * compiles in, with Bootstrap's shades (15 % darker on hover, 20 % when pressed) and a text colour that
 * reads on it. Null for anything that is not `#rrggbb`, so that a bad setting leaves the built-in theme.
 */
export function primaryColorCss(color: string | undefined): string | null {
  const hex = color?.trim() ?? '';
  if (!HEX_COLOR.test(hex)) return null;
  const rgb = channels(hex).join(', ');
  const hover = shadeColor(hex, 0.15);
  const active = shadeColor(hex, 0.2);
  const text = readableTextColor(hex);
  // Dark mode draws links, active items and outlines in a light tint of the colour (Bootstrap's own
  // 40 %), since the colour itself rarely reads on a near-black surface.
  const light = tintColor(hex, 0.4);
  const lightRgb = channels(light).join(', ');
  return [
    `:root, [data-bs-theme] { --bs-primary: ${hex}; --bs-primary-rgb: ${rgb}; --bs-link-color: ${hex};`,
    `  --bs-link-color-rgb: ${rgb}; --bs-link-hover-color: ${hover}; --theme-primary-text: ${text};`,
    `  --bs-primary-text-emphasis: ${shadeColor(hex, 0.6)}; --bs-primary-bg-subtle: ${tintColor(hex, 0.85)};`,
    `  --bs-primary-border-subtle: ${tintColor(hex, 0.6)}; }`,
    `[data-bs-theme="dark"] { --bs-link-color: ${light}; --bs-link-color-rgb: ${lightRgb};`,
    `  --bs-link-hover-color: ${tintColor(hex, 0.6)}; --bs-primary-text-emphasis: ${light};`,
    `  --bs-primary-bg-subtle: ${shadeColor(hex, 0.8)}; --bs-primary-border-subtle: ${shadeColor(hex, 0.4)}; }`,
    `.btn-primary { --bs-btn-bg: ${hex}; --bs-btn-border-color: ${hex}; --bs-btn-color: ${text};`,
    `  --bs-btn-hover-bg: ${hover}; --bs-btn-hover-border-color: ${hover}; --bs-btn-hover-color: ${text};`,
    `  --bs-btn-active-bg: ${active}; --bs-btn-active-border-color: ${active}; --bs-btn-active-color: ${text};`,
    `  --bs-btn-disabled-bg: ${hex}; --bs-btn-disabled-border-color: ${hex}; --bs-btn-disabled-color: ${text}; }`,
    `.btn-outline-primary { --bs-btn-color: ${hex}; --bs-btn-border-color: ${hex}; --bs-btn-hover-bg: ${hex};`,
    `  --bs-btn-hover-border-color: ${hex}; --bs-btn-hover-color: ${text}; --bs-btn-active-bg: ${hex};`,
    `  --bs-btn-active-border-color: ${hex}; --bs-btn-active-color: ${text}; --bs-btn-disabled-color: ${hex}; }`,
    `.nav-pills { --bs-nav-pills-link-active-bg: ${hex}; }`,
  ].join('\n');
}

/** WCAG's relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** The contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The dark mode's content surface, which configured text colours must read on. */
export const DARK_SURFACE = '#1c1f23';

/**
 * A configured text colour (a status's green, an option's brown) as drawn in dark mode: the same
 * colour lightened just enough to reach AA contrast (4.5:1) on the dark surface. Light mode, colours
 * that already read and anything that is not `#rrggbb` stay as they are.
 */
export function textColorForTheme(color: string, theme: 'light' | 'dark'): string {
  const hex = color.trim();
  if (theme === 'light' || !HEX_COLOR.test(hex)) return color;
  for (let amount = 0; amount <= 1; amount += 0.05) {
    const tinted = tintColor(hex, amount);
    if (contrastRatio(tinted, DARK_SURFACE) >= 4.6) return tinted;
  }
  return '#ffffff';
}
