import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { fittedFontSize, MIN_FONT_SIZE_PX } from '../engine/font-fit';

/**
 * A line of text that shrinks its font until it fits its box, down to 6 px; past that it is cut with
 * an ellipsis. It grows back to its styled size when the box grows (the measure is taken again).
 */
export function AutoFitText({ children, className = '' }: { children: ReactNode; className?: string }) {
  const box = useRef<HTMLSpanElement>(null);
  const [size, setSize] = useState<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text is measured again
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const fit = () => {
      // Measured at the styled size, so that a wider box gives the size back.
      element.style.fontSize = '';
      const styled = Number.parseFloat(getComputedStyle(element).fontSize) || 16;
      const next = fittedFontSize({
        current: styled,
        needed: element.scrollWidth,
        available: element.clientWidth,
        min: MIN_FONT_SIZE_PX,
      });
      element.style.fontSize = next === styled ? '' : `${next}px`;
      setSize(next === styled ? null : next);
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(element.parentElement ?? element);
    return () => observer.disconnect();
  }, [children]);

  return (
    <span
      ref={box}
      className={`d-block text-nowrap overflow-hidden ${className}`}
      style={{ textOverflow: 'ellipsis', ...(size !== null ? { fontSize: `${size}px` } : {}) }}
      data-fitted-size={size ?? undefined}
    >
      {children}
    </span>
  );
}
