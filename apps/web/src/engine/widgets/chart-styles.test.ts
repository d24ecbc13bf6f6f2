import { describe, expect, it } from 'vitest';
import { CHART_PALETTES, CHART_STYLES, chartStyleOf } from './charts';

describe('chart styles', () => {
  it('draws google-style charts as a distinct family, not only another palette', () => {
    const google = chartStyleOf({ style: 'google' });
    const plain = chartStyleOf({});
    expect(google.name).toBe('google');
    expect(plain).toBe(CHART_STYLES.default);
    expect(google.palette).toEqual(CHART_PALETTES.google);
    // What differs besides the colours: Google Charts' defaults.
    const differing = (Object.keys(google) as (keyof typeof google)[]).filter(
      (key) =>
        key !== 'name' && key !== 'palette' && JSON.stringify(google[key]) !== JSON.stringify(plain[key]),
    );
    expect(differing.length).toBeGreaterThanOrEqual(8);
    expect(google).toMatchObject({
      legendPosition: 'right',
      categoryGrid: false,
      axisBorder: false,
      barRadius: 0,
      tooltip: { background: '#ffffff' },
    });
  });
});
