import type { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it, vi } from 'vitest';
import { observeRectAfterLayout, scrollUnlessInPlace } from './measure';

type Grid = Virtualizer<HTMLDivElement, Element>;

function scroller(): HTMLDivElement {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { value: 390 });
  Object.defineProperty(element, 'clientHeight', { value: 480 });
  element.scrollTo = vi.fn();
  return element;
}

describe('observeRectAfterLayout', () => {
  it('reads the size at once where there is no ResizeObserver (jsdom), as the library does', () => {
    const element = scroller();
    const onRect = vi.fn();
    observeRectAfterLayout({ scrollElement: element, targetWindow: {} } as unknown as Grid, onRect);
    expect(onRect).toHaveBeenCalledWith({ width: 390, height: 480 });
  });

  it('reads nothing in the commit, only when the observer reports after layout; stops with the grid', () => {
    const element = scroller();
    const onRect = vi.fn();
    let report: () => void = () => {};
    const disconnect = vi.fn();
    const ResizeObserver = vi.fn(function (this: unknown, callback: () => void) {
      report = callback;
      return { observe: vi.fn(), disconnect };
    });
    const stop = observeRectAfterLayout(
      { scrollElement: element, targetWindow: { ResizeObserver } } as unknown as Grid,
      onRect,
    );
    expect(onRect).not.toHaveBeenCalled();
    report();
    expect(onRect).toHaveBeenCalledWith({ width: 390, height: 480 });
    stop?.();
    expect(disconnect).toHaveBeenCalled();
  });
});

describe('scrollUnlessInPlace', () => {
  const grid = (element: HTMLDivElement, scrollOffset: number) =>
    ({ scrollElement: element, scrollOffset, options: { horizontal: false } }) as unknown as Grid;

  it('leaves a grid at the top where it is when asked for the top', () => {
    const element = scroller();
    scrollUnlessInPlace(0, {}, grid(element, 0));
    expect(element.scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the top from elsewhere, and anywhere else from the top', () => {
    const element = scroller();
    scrollUnlessInPlace(0, {}, grid(element, 300));
    scrollUnlessInPlace(200, {}, grid(element, 0));
    scrollUnlessInPlace(0, { adjustments: 40 }, grid(element, 0));
    expect(element.scrollTo).toHaveBeenCalledTimes(3);
  });
});
