/** A stored time as the screen shows it: local date and time to the minute; a dash when there is none. */
export function shownTime(iso: string | null, language: string): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(language === 'vn' ? 'vi-VN' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}
