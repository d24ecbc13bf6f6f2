// jsdom lays nothing out: give scroll containers and virtual rows a size, so the virtualiser draws
// what a browser would.
import { afterAll, beforeAll } from 'vitest';

const SCROLLERS = ['data-grid-scroll', 'card-views-scroll'];

export function withLayout(size = { width: 1200, height: 600, row: 41 }) {
  const client = Object.getOwnPropertyDescriptors(HTMLElement.prototype);
  const rect = Element.prototype.getBoundingClientRect;
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return SCROLLERS.some((name) => this.classList.contains(name)) ? size.height : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return SCROLLERS.some((name) => this.classList.contains(name)) ? size.width : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.hasAttribute('data-index') ? size.row : 0;
      },
    });
    Element.prototype.getBoundingClientRect = function (this: Element) {
      if (!this.hasAttribute('data-index')) return rect.call(this);
      const box = {
        x: 0,
        y: 0,
        top: 0,
        left: 0,
        right: size.width,
        bottom: size.row,
        width: size.width,
        height: size.row,
      };
      return { ...box, toJSON: () => box } as DOMRect;
    };
  });
  afterAll(() => {
    for (const name of ['clientHeight', 'clientWidth', 'offsetHeight'] as const) {
      const original = client[name];
      if (original) Object.defineProperty(HTMLElement.prototype, name, original);
    }
    Element.prototype.getBoundingClientRect = rect;
  });
}
