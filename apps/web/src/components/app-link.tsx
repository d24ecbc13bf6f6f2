import type { MouseEvent, ReactNode } from 'react';
import { navigate } from '../state/navigation';

/**
 * A link inside the product that works with or without the router: the sign-in page is drawn without
 * it (issue 26), and its links hand over to the app. A click with a modifier key, or another button,
 * is the browser's (a new tab or window).
 */
export function AppLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return (
    <a href={to} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
