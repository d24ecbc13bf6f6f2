import { elementScroll, type Virtualizer } from '@tanstack/react-virtual';

/**
 * How the virtualiser measures a row: from the ResizeObserver's entry, which comes after the browser's
 * own layout. Asked synchronously (a row just mounted), it answers the size it knows or the estimate
 * rather than reading `offsetHeight`, which would force a layout inside every commit of new rows.
 */
export function measureFromObserver(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLDivElement, Element>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index)
  );
}

/**
 * How the virtualiser learns the scroller's size: at the ResizeObserver's first call, which comes
 * after the browser's own layout, instead of reading `clientHeight` inside the commit that mounts the
 * table (a forced layout of the whole page in the first render's task: issue 26). Until then it
 * draws for `initialRect`. Without a ResizeObserver (jsdom) the size is read at once, as the
 * library does.
 */
export function observeRectAfterLayout(
  instance: Virtualizer<HTMLDivElement, Element>,
  onRect: (rect: { width: number; height: number }) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  const view = instance.targetWindow;
  if (!element || !view) return undefined;
  const read = () => onRect({ width: element.clientWidth, height: element.clientHeight });
  if (!view.ResizeObserver) {
    read();
    return undefined;
  }
  // Layout is fresh when the observer calls: reading the client box then costs nothing.
  const observer = new view.ResizeObserver(read);
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

/**
 * Scrolls the grid where the virtualiser asks, except to the top while it knows the grid to be there:
 * a freshly mounted grid is set to its offset 0 in the commit that mounts it, and writing the
 * scroll position forces a layout of the whole page inside that task (issue 26).
 */
export function scrollUnlessInPlace(
  offset: number,
  options: { adjustments?: number | undefined; behavior?: ScrollBehavior | undefined },
  instance: Virtualizer<HTMLDivElement, Element>,
): void {
  if (offset + (options.adjustments ?? 0) === 0 && instance.scrollOffset === 0) return;
  elementScroll(offset, options, instance);
}
