import { describe, expect, it } from 'vitest';
import { optionBadges, toneOfColor } from './badges';

/** The reader's language: English, as the options are written. */
const say = (text: string) => text;

describe('choice badges', () => {
  it('takes the tone nearest the configured colour; greys and unknown colours are neutral', () => {
    expect(toneOfColor('#057e38')).toBe('success');
    expect(toneOfColor('#b35c00')).toBe('warning');
    expect(toneOfColor('#b02a37')).toBe('danger');
    expect(toneOfColor('#dc3545')).toBe('danger');
    expect(toneOfColor('#0d6efd')).toBe('info');
    expect(toneOfColor('#6c757d')).toBe('secondary');
    expect(toneOfColor('green')).toBe('success');
    expect(toneOfColor('#abc')).toBe('info');
    expect(toneOfColor('rgb(1, 2, 3)')).toBe('secondary');
    expect(toneOfColor(undefined)).toBe('secondary');
  });

  it("labels each value by its option and tones it by the value's style", () => {
    const options = [
      { Value: 'active', Text: 'Active' },
      { Value: 'archived', Text: 'Archived' },
      { Value: 1, Text: 'One' },
    ];
    const styles = {
      active: { color: '#057e38' },
      archived: 'color: #6c757d',
      1: { backgroundColor: 'red' },
    };
    expect(optionBadges(['active', 'archived', '1', 'other', ''], options, styles, say)).toEqual([
      { key: 'active', label: 'Active', tone: 'success' },
      { key: 'archived', label: 'Archived', tone: 'secondary' },
      { key: '1', label: 'One', tone: 'danger' },
      { key: 'other', label: 'other', tone: 'secondary' },
    ]);
    expect(optionBadges(['active'], options, undefined, say)[0]?.tone).toBe('secondary');
  });

  it("takes the tone its option declares (the contract's OPTION_TONES), before any configured colour", () => {
    const options = [
      { Value: 'backorder', Text: 'Back-order', Tone: 'warning' as const },
      { Value: 'draft', Text: 'Draft' },
    ];
    const styles = { backorder: { color: '#057e38' }, draft: { color: '#b02a37' } };
    expect(optionBadges(['backorder', 'draft'], options, styles, say)).toEqual([
      { key: 'backorder', label: 'Back-order', tone: 'warning' },
      { key: 'draft', label: 'Draft', tone: 'danger' },
    ]);
    expect(optionBadges(['backorder'], options, undefined, say)[0]?.tone).toBe('warning');
  });
});
