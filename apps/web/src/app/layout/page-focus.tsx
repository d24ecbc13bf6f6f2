import { type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../state/app-store';

/** Pages shown since the document loaded. */
let pagesShown = 0;

/** How long a page may take to draw its heading (its chunk and data loading) before focus gives up. */
const HEADING_WAIT_MS = 10_000;

function focusHeading(main: HTMLElement): boolean {
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * After a navigation (and after sign-in, which arrives at the first page), the focus moves to the new
 * page's heading, so that a keyboard or screen-reader user starts on the page, not on the link they
 * left. A page that puts the focus in itself (an autofocused field) keeps it; the address's query
 * (a table's filters, a tab) is not a new page. The page a document opens on keeps the browser's own
 * start (Tab reaches the skip link first), unless the user just signed in to reach it.
 */
export function useFocusHeadingOnNavigate(mainRef: RefObject<HTMLElement | null>, pathname: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is a new path
  useEffect(() => {
    const main = mainRef.current;
    if (!main) return;
    const opening = pagesShown++ === 0;
    if (opening && useAppStore.getState().loginRefreshCount === 0) return;
    const startedIn = document.activeElement;
    const ownFocus = () => {
      const active = document.activeElement;
      return active !== null && active !== document.body && active !== startedIn && main.contains(active);
    };
    // The page left behind may still be drawn while the new one loads (its heading focused, then
    // removed): until the wait ends or the user acts, a focus that fell back to the body goes to the
    // heading that is there now.
    let placed = false;
    const attempt = () => {
      const active = document.activeElement;
      // Once placed, a focus that lives anywhere (a dialog that opened, say) stays there.
      if (placed && active !== null && active !== document.body) return;
      placed = ownFocus() || focusHeading(main);
    };
    attempt();
    const observer = new MutationObserver(attempt);
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      window.removeEventListener('pointerdown', stop, true);
      window.removeEventListener('keydown', stop, true);
    };
    window.addEventListener('pointerdown', stop, true);
    window.addEventListener('keydown', stop, true);
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}

/** The first thing Tab reaches: a link to the page's content, past the header and the menu. */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link visually-hidden-focusable"
      href={`#${targetId}`}
      onClick={(event) => {
        const main = document.getElementById(targetId);
        if (!main) return;
        event.preventDefault();
        if (!focusHeading(main)) main.focus();
      }}
    >
      {t('Skip to content')}
    </a>
  );
}
