import type { StartActivity } from '@panelwright/contract';

/** A page a user opened lately: its address and the title it had. */
export type RecentVisit = { path: string; title: string };

/** The visits list after one more: the newest first, each address once, at most `max` long. */
export function rememberVisit(list: RecentVisit[], visit: RecentVisit, max: number): RecentVisit[] {
  if (!visit.title.trim()) return list;
  return [visit, ...list.filter((v) => v.path !== visit.path)].slice(0, max);
}

/** How a key figure moved against the period before: up, down or flat, by how many percent. */
export type FigureChange = { direction: 'up' | 'down' | 'flat'; percent: number | null };

/**
 * The change of a figure against the previous period, in percent with one decimal. Nothing before
 * and something now is "up" without a percent (it cannot be said as one); nothing in both is flat.
 */
export function figureChange(value: number, previous: number): FigureChange {
  if (value === previous) return { direction: 'flat', percent: 0 };
  const direction = value > previous ? 'up' : 'down';
  if (previous === 0) return { direction, percent: null };
  return { direction, percent: Math.round((Math.abs(value - previous) / Math.abs(previous)) * 1000) / 10 };
}

/** The sentence (a text key) that says one line of activity, by its action. */
export const ACTIVITY_TEXTS: Record<StartActivity['Action'], string> = {
  created: '{{who}} created record {{record}} of {{resource}}',
  changed: '{{who}} changed record {{record}} of {{resource}}',
  deleted: '{{who}} deleted record {{record}} of {{resource}}',
};

/** How long ago an instant was, in the largest whole unit (for "5 minutes ago"). */
export function timeAgo(at: Date, now: Date): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return { value: Math.trunc(seconds / size), unit };
  }
  return { value: 0, unit: 'minute' };
}
