import { describe, expect, it } from 'vitest';
import { chartAxesOf } from './charts';

const data = (...series: [string, number[]][]) => ({
  labels: ['Jan', 'Feb'],
  datasets: series.map(([label, values]) => ({ label, data: values })),
});

describe('chart axes', () => {
  it('draws a series of a smaller magnitude against a second axis', () => {
    const sales = data(['Amount', [125_000, 98_000]], ['Quantity', [310, 280]]);
    expect(chartAxesOf(sales, { chartType: 'line' })).toEqual(['y', 'y1']);
    expect(chartAxesOf(sales, { chartType: 'column' })).toEqual(['y', 'y1']);
  });

  it('keeps series of similar magnitudes on one axis', () => {
    expect(chartAxesOf(data(['A', [100, 90]], ['B', [20, 15]]), { chartType: 'line' })).toEqual(['y', 'y']);
    expect(chartAxesOf(data(['A', [-100, 0]], ['B', [20, 15]]), { chartType: 'line' })).toEqual(['y', 'y']);
  });

  it('has no second axis for one series, all zeros, pies and doughnuts', () => {
    expect(chartAxesOf(data(['A', [100_000, 1]]), { chartType: 'line' })).toEqual(['y']);
    expect(chartAxesOf(data(['A', [0, 0]], ['B', [0, 0]]), {})).toEqual(['y', 'y']);
    const mixed = data(['A', [100_000, 1]], ['B', [2, 3]]);
    expect(chartAxesOf(mixed, { chartType: 'pie' })).toEqual(['y', 'y']);
    expect(chartAxesOf(mixed, { chartType: 'doughnut' })).toEqual(['y', 'y']);
  });

  it('follows the series the configuration names, and never moves them all', () => {
    const mixed = data(['A', [100_000, 1]], ['B', [2, 3]], ['C', [90_000, 5]]);
    expect(chartAxesOf(mixed, { chartType: 'line', secondAxis: ['C'] })).toEqual(['y', 'y', 'y1']);
    expect(chartAxesOf(mixed, { chartType: 'line', secondAxis: [] })).toEqual(['y', 'y', 'y']);
    expect(chartAxesOf(mixed, { chartType: 'line', secondAxis: ['A', 'B', 'C'] })).toEqual(['y', 'y', 'y']);
  });
});
