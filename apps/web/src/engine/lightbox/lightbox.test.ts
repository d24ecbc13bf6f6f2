import { describe, expect, it } from 'vitest';
import {
  CLOSED_LIGHTBOX,
  imageTransform,
  isTransformed,
  LIGHTBOX_LIMITS,
  type LightboxAction,
  type LightboxState,
  lightboxActionForKey,
  lightboxReducer,
} from './lightbox';

const run = (state: LightboxState, ...actions: LightboxAction[]) => actions.reduce(lightboxReducer, state);
const opened = lightboxReducer(CLOSED_LIGHTBOX, { type: 'open', images: ['a', 'b', 'c'], index: 1 });

describe('lightbox', () => {
  it('has the constants of part 2 section 9', () => {
    expect(LIGHTBOX_LIMITS).toMatchObject({
      zoomStep: 0.3,
      doubleClickZoomFactor: 4,
      panStep: 20,
      rotateStep: 90,
    });
  });

  it('opens on the clicked photo, untransformed; no photos keeps it closed', () => {
    expect(opened).toEqual({
      open: true,
      images: ['a', 'b', 'c'],
      index: 1,
      zoom: 1,
      rotation: 0,
      offsetX: 0,
      offsetY: 0,
    });
    expect(lightboxReducer(CLOSED_LIGHTBOX, { type: 'open', images: [] }).open).toBe(false);
    expect(lightboxReducer(CLOSED_LIGHTBOX, { type: 'open', images: ['a'], index: 5 }).index).toBe(0);
  });

  it('zooms in and out by 0.3, within bounds', () => {
    expect(run(opened, { type: 'zoomIn' }).zoom).toBe(1.3);
    expect(run(opened, { type: 'zoomIn' }, { type: 'zoomIn' }).zoom).toBe(1.6);
    expect(run(opened, { type: 'zoomOut' }, { type: 'zoomOut' }).zoom).toBe(0.4);
    expect(
      run(opened, { type: 'zoomOut' }, { type: 'zoomOut' }, { type: 'zoomOut' }, { type: 'zoomOut' }).zoom,
    ).toBe(0.1);
    const many = Array.from({ length: 60 }, (): LightboxAction => ({ type: 'zoomIn' }));
    expect(run(opened, ...many).zoom).toBe(LIGHTBOX_LIMITS.maxZoom);
  });

  it('double-click zooms by a factor of 4, and back', () => {
    const zoomed = run(opened, { type: 'doubleClick' });
    expect(zoomed.zoom).toBe(4);
    expect(run(opened, { type: 'zoomOut' }, { type: 'doubleClick' }).zoom).toBe(2.8);
    expect(run(zoomed, { type: 'pan', dx: 20, dy: 0 }, { type: 'doubleClick' })).toMatchObject({
      zoom: 1,
      offsetX: 0,
    });
  });

  it('arrow keys pan by 20 px', () => {
    const keys = ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'ArrowUp'];
    const moved = run(opened, ...keys.map((key) => lightboxActionForKey(key)!));
    expect(moved).toMatchObject({ offsetX: 20, offsetY: -20 });
    expect(lightboxActionForKey('Enter')).toBeUndefined();
    expect(lightboxActionForKey('toString')).toBeUndefined();
  });

  it('+ and - zoom', () => {
    expect(run(opened, lightboxActionForKey('+')!).zoom).toBe(1.3);
    expect(run(opened, lightboxActionForKey('-')!).zoom).toBe(0.7);
  });

  it('rotates 90 degrees per step, both ways', () => {
    expect(run(opened, { type: 'rotateRight' }).rotation).toBe(90);
    expect(
      run(opened, ...Array.from({ length: 4 }, (): LightboxAction => ({ type: 'rotateRight' }))).rotation,
    ).toBe(0);
    expect(run(opened, { type: 'rotateLeft' }).rotation).toBe(270);
  });

  it('next and previous wrap around and start untransformed', () => {
    expect(run(opened, { type: 'next' }).index).toBe(2);
    expect(run(opened, { type: 'next' }, { type: 'next' }).index).toBe(0);
    expect(run(opened, { type: 'previous' }, { type: 'previous' }).index).toBe(2);
    expect(run(opened, { type: 'zoomIn' }, { type: 'rotateRight' }, { type: 'next' })).toMatchObject({
      zoom: 1,
      rotation: 0,
    });
    expect(lightboxReducer(CLOSED_LIGHTBOX, { type: 'next' })).toBe(CLOSED_LIGHTBOX);
  });

  it('Escape first resets a zoomed, moved or rotated image, then closes', () => {
    for (const change of [
      { type: 'zoomIn' },
      { type: 'pan', dx: 0, dy: 20 },
      { type: 'rotateLeft' },
    ] as LightboxAction[]) {
      const changed = run(opened, change);
      expect(isTransformed(changed)).toBe(true);
      const reset = run(changed, lightboxActionForKey('Escape')!);
      expect(reset.open).toBe(true);
      expect(isTransformed(reset)).toBe(false);
      expect(run(reset, { type: 'escape' }).open).toBe(false);
    }
    expect(run(opened, { type: 'escape' })).toEqual(CLOSED_LIGHTBOX);
  });

  it('close and reset', () => {
    expect(run(opened, { type: 'close' }).open).toBe(false);
    expect(isTransformed(run(opened, { type: 'zoomIn' }, { type: 'reset' }))).toBe(false);
  });

  it('writes the CSS transform', () => {
    expect(
      imageTransform(
        run(opened, { type: 'pan', dx: 20, dy: -20 }, { type: 'rotateRight' }, { type: 'zoomIn' }),
      ),
    ).toBe('translate(20px, -20px) rotate(90deg) scale(1.3)');
  });
});
