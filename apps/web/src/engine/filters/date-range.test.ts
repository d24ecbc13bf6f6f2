import { DATE_RANGE_PRESETS } from '@panelwright/contract/constants';
import { describe, expect, it } from 'vitest';
import {
  dateRangeForPreset,
  formatDateRangeDisplay,
  isDateRangePreset,
  normalizeDateRange,
  presetOfRange,
} from './date-range';

// Wednesday 15 May 2024, 10:30 local time.
const now = new Date(2024, 4, 15, 10, 30);

describe('date-range presets', () => {
  it('has the presets of the specification, in order', () => {
    expect(DATE_RANGE_PRESETS).toEqual([
      'Today',
      'Yesterday',
      'This Week',
      'This Month',
      'This Year',
      'Last Month',
      'Custom Range',
    ]);
  });

  it.each([
    ['Today', '2024-05-15', '2024-05-15'],
    ['Yesterday', '2024-05-14', '2024-05-14'],
    ['This Week', '2024-05-13', '2024-05-19'],
    ['This Month', '2024-05-01', '2024-05-31'],
    ['This Year', '2024-01-01', '2024-12-31'],
    ['Last Month', '2024-04-01', '2024-04-30'],
  ] as const)('%s → %s to %s', (preset, start, end) => {
    expect(dateRangeForPreset(preset, now)).toEqual({ start, end });
  });

  it('handles month and year edges', () => {
    expect(dateRangeForPreset('Yesterday', new Date(2024, 0, 1))).toEqual({
      start: '2023-12-31',
      end: '2023-12-31',
    });
    expect(dateRangeForPreset('Last Month', new Date(2024, 0, 20))).toEqual({
      start: '2023-12-01',
      end: '2023-12-31',
    });
    expect(dateRangeForPreset('Last Month', new Date(2024, 2, 31))).toEqual({
      start: '2024-02-01',
      end: '2024-02-29',
    });
    // A Sunday belongs to the week that started on the Monday before.
    expect(dateRangeForPreset('This Week', new Date(2024, 4, 19))).toEqual({
      start: '2024-05-13',
      end: '2024-05-19',
    });
    expect(dateRangeForPreset('This Week', new Date(2024, 4, 13))).toEqual({
      start: '2024-05-13',
      end: '2024-05-19',
    });
  });

  it('Custom Range takes the picked range, in order, and refuses a bad one', () => {
    expect(dateRangeForPreset('Custom Range', now, { start: '2024-02-01', end: '2024-02-10' })).toEqual({
      start: '2024-02-01',
      end: '2024-02-10',
    });
    expect(dateRangeForPreset('Custom Range', now, { start: '2024-02-10', end: '2024-02-01' })).toEqual({
      start: '2024-02-01',
      end: '2024-02-10',
    });
    expect(dateRangeForPreset('Custom Range', now)).toBeNull();
    expect(normalizeDateRange({ start: '2024-02-30', end: '2024-03-01' })).toBeNull();
    expect(normalizeDateRange({ start: '01/02/2024', end: '2024-03-01' })).toBeNull();
    expect(normalizeDateRange('2024-01-01')).toBeNull();
  });

  it('names the preset of a range', () => {
    expect(presetOfRange({ start: '2024-05-01', end: '2024-05-31' }, now)).toBe('This Month');
    expect(presetOfRange({ start: '2024-05-02', end: '2024-05-31' }, now)).toBe('Custom Range');
    expect(isDateRangePreset('Today')).toBe(true);
    expect(isDateRangePreset('Tomorrow')).toBe(false);
  });

  it('displays DD/MM/YYYY - DD/MM/YYYY', () => {
    expect(formatDateRangeDisplay({ start: '2024-05-01', end: '2024-05-31' })).toBe(
      '01/05/2024 - 31/05/2024',
    );
  });
});
