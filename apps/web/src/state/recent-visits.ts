import { create } from 'zustand';
import { session } from '../api/session';
import { type RecentVisit, rememberVisit } from '../engine/home';

/** How many recently opened pages the start page lists. */
export const RECENT_VISITS_MAX = 6;

const keyFor = () => `RecentVisits:${session.info()?.user_id ?? ''}`;

function read(): RecentVisit[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyFor()) ?? '[]');
    return Array.isArray(parsed) ? (parsed as RecentVisit[]) : [];
  } catch {
    return [];
  }
}

/** The pages this user opened lately in this browser, the newest first (kept per user). */
export const useRecentVisits = create<{ visits: RecentVisit[] }>(() => ({ visits: read() }));

export function recordVisit(visit: RecentVisit): void {
  const visits = rememberVisit(read(), visit, RECENT_VISITS_MAX);
  localStorage.setItem(keyFor(), JSON.stringify(visits));
  useRecentVisits.setState({ visits });
}

/** Read again for the user signed in now. */
export function reloadRecentVisits(): void {
  useRecentVisits.setState({ visits: read() });
}
