import type { Virtualizer } from '@tanstack/react-virtual';

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
