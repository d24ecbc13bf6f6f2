import { describe, expect, it } from 'vitest';
import { figureChange, rememberVisit, timeAgo } from './home';

describe('recent visits', () => {
  it('keeps the newest first, each address once, at most max', () => {
    let list = rememberVisit([], { path: '/a', title: 'A' }, 2);
    list = rememberVisit(list, { path: '/b', title: 'B' }, 2);
    list = rememberVisit(list, { path: '/a', title: 'A again' }, 2);
    expect(list).toEqual([
      { path: '/a', title: 'A again' },
      { path: '/b', title: 'B' },
    ]);
    list = rememberVisit(list, { path: '/c', title: 'C' }, 2);
    expect(list.map((v) => v.path)).toEqual(['/c', '/a']);
    expect(rememberVisit(list, { path: '/d', title: ' ' }, 2)).toBe(list);
  });
});

describe('the change of a key figure', () => {
  it('says up or down by a percent of the previous period, one decimal', () => {
    expect(figureChange(150, 100)).toEqual({ direction: 'up', percent: 50 });
    expect(figureChange(2, 3)).toEqual({ direction: 'down', percent: 33.3 });
    expect(figureChange(7, 7)).toEqual({ direction: 'flat', percent: 0 });
  });

  it('has no percent when there was nothing before', () => {
    expect(figureChange(5, 0)).toEqual({ direction: 'up', percent: null });
    expect(figureChange(0, 0)).toEqual({ direction: 'flat', percent: 0 });
  });
});

describe('how long ago', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it('takes the largest whole unit', () => {
    expect(timeAgo(new Date('2026-11-27T11:55:00Z'), now)).toEqual({ value: -5, unit: 'minute' });
    expect(timeAgo(new Date('2026-11-27T09:00:00Z'), now)).toEqual({ value: -3, unit: 'hour' });
    expect(timeAgo(new Date('2026-11-25T11:00:00Z'), now)).toEqual({ value: -2, unit: 'day' });
    expect(timeAgo(new Date('2026-11-27T11:59:50Z'), now)).toEqual({ value: 0, unit: 'minute' });
  });
});
