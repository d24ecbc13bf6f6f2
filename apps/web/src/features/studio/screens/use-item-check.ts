import { useEffect, useState } from 'react';
import { type ConfigIssue, checkConfigItem } from '../../../api/configuration';

/**
 * What the server's rules say of an item's value as it is typed (`Configuration/CheckItem`, in the
 * user's language), a moment after the typing stops; null until the first answer. Nothing is saved.
 */
export function useItemCheck(item: readonly string[] | null, value: unknown): ConfigIssue[] | null {
  const [issues, setIssues] = useState<ConfigIssue[] | null>(null);
  const key = item ? JSON.stringify([item, value]) : '';
  useEffect(() => {
    if (!key) {
      setIssues(null);
      return;
    }
    let current = true;
    const [path, checked] = JSON.parse(key) as [string[], unknown];
    const timer = setTimeout(() => {
      checkConfigItem(path, checked)
        .then((answer) => current && setIssues(answer.Errors))
        .catch(() => current && setIssues(null));
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);
  return issues;
}
