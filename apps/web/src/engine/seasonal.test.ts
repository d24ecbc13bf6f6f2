import { describe, expect, it } from 'vitest';
import { seasonalEffect } from './seasonal';

describe('seasonal themes', () => {
  it('snows 300 flakes for xmas2023 and shows fireworks with 50 petals for tet2024', () => {
    expect(seasonalEffect('xmas2023', 1024)).toEqual({ kind: 'snow', flakes: 300 });
    expect(seasonalEffect('tet2024', 1024)).toEqual({ kind: 'tet', petals: 50, fireworks: true });
  });

  it('shows nothing at 700 px or narrower, or for another theme', () => {
    expect(seasonalEffect('xmas2023', 700)).toBeNull();
    expect(seasonalEffect('xmas2023', 701)).not.toBeNull();
    expect(seasonalEffect('summer', 1024)).toBeNull();
    expect(seasonalEffect('', 1024)).toBeNull();
  });
});
