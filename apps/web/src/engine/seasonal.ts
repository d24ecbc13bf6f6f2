/** Effects are shown only on windows wider than this. */
export const SEASONAL_MIN_WIDTH = 700;

export type SeasonalEffect =
  | { kind: 'snow'; flakes: number }
  | { kind: 'tet'; petals: number; fireworks: true };

/** xmas2023: snow, 300 flakes; tet2024: fireworks and 50 petals (part 1 section 4). */
const EFFECTS: Record<string, SeasonalEffect> = {
  xmas2023: { kind: 'snow', flakes: 300 },
  tet2024: { kind: 'tet', petals: 50, fireworks: true },
};

export function seasonalEffect(themeSeason: string | null | undefined, width: number): SeasonalEffect | null {
  if (!themeSeason || width <= SEASONAL_MIN_WIDTH) return null;
  return EFFECTS[themeSeason] ?? null;
}
