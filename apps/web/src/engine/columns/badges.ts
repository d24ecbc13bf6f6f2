import type { OptionItem } from '@panelwright/contract';
import type { OptionTone } from '@panelwright/contract/constants';
import { optionText } from '../option-text';
import { readObject, readStyle, readText, sameValue, valueText } from '../values';

/**
 * The tone of a choice badge: one of the contract's `OPTION_TONES` (Bootstrap's soft pairs, a light
 * tint with the strong colour as text, which pass WCAG AA in light and dark mode).
 */
export type BadgeTone = OptionTone;

const NAMED_COLORS: Record<string, string> = {
  green: '#008000',
  red: '#ff0000',
  orange: '#ffa500',
  yellow: '#ffff00',
  blue: '#0000ff',
  gray: '#808080',
  grey: '#808080',
  black: '#000000',
  purple: '#800080',
  teal: '#008080',
};

/** Hue (0 to 360) and saturation (0 to 1) of a #rgb or #rrggbb colour or a basic colour name. */
function hueAndSaturation(color: string): { hue: number; saturation: number } | null {
  const text = (NAMED_COLORS[color.trim().toLowerCase()] ?? color.trim()).toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(text);
  const parts = short ? short.slice(1).map((digit) => digit + digit) : long?.slice(1);
  if (!parts) return null;
  const [r, g, b] = parts.map((part) => Number.parseInt(part, 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  const lightness = (max + min) / 2;
  const saturation = delta === 0 ? 0 : delta / (1 - Math.abs(2 * lightness - 1));
  let hue = 0;
  if (delta !== 0) {
    if (max === r) hue = 60 * (((g - b) / delta) % 6);
    else if (max === g) hue = 60 * ((b - r) / delta + 2);
    else hue = 60 * ((r - g) / delta + 4);
  }
  return { hue: (hue + 360) % 360, saturation };
}

/** The badge tone nearest a configured colour: greys and unknown colours are neutral. */
export function toneOfColor(color: string | undefined): BadgeTone {
  const parsed = color ? hueAndSaturation(color) : null;
  if (!parsed || parsed.saturation < 0.25) return 'secondary';
  const { hue } = parsed;
  if (hue < 15 || hue >= 330) return 'danger';
  if (hue < 60) return 'warning';
  if (hue < 170) return 'success';
  return 'info';
}

/** One choice value drawn as a badge: its option's text as the reader sees it, and its tone. */
export type OptionBadge = { key: string; label: string; tone: BadgeTone };

/**
 * The badges of a choice cell: one per value, labelled by its option as `optionText` says it (the
 * value itself, as written, when no option has it), toned by its option's declared `Tone`; else by the nearest tone of the colour the column's
 * `styleByValue` gives the value (its text colour, else its background), as an administrator set it.
 */
export function optionBadges(
  values: readonly unknown[],
  options: readonly OptionItem[],
  styleByValue: unknown,
  say: (text: string) => string,
): OptionBadge[] {
  const styles = readObject(styleByValue) ?? {};
  return values
    .filter((value) => valueText(value) !== '')
    .map((value) => {
      const option = options.find((item) => sameValue(item.Value, value));
      const style = readStyle(styles[valueText(value)]);
      const color = readText(style.color) ?? readText(style.backgroundColor);
      return {
        key: valueText(value),
        label: option ? optionText(option, say) : valueText(value),
        tone: option?.Tone ?? toneOfColor(color),
      };
    });
}
