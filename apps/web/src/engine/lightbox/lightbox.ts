/** Constants of part 2 section 9, and the zoom bounds the product adds. */
export const LIGHTBOX_LIMITS = {
  zoomStep: 0.3,
  doubleClickZoomFactor: 4,
  panStep: 20,
  rotateStep: 90,
  minZoom: 0.1,
  maxZoom: 10,
} as const;

export type LightboxState = {
  open: boolean;
  images: string[];
  index: number;
  zoom: number;
  /** Degrees, 0, 90, 180 or 270. */
  rotation: number;
  offsetX: number;
  offsetY: number;
};

export type LightboxAction =
  | { type: 'open'; images: readonly string[]; index?: number }
  | { type: 'close' }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'doubleClick' }
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'rotateRight' }
  | { type: 'rotateLeft' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'reset' }
  | { type: 'escape' };

const UNTRANSFORMED = { zoom: 1, rotation: 0, offsetX: 0, offsetY: 0 } as const;

export const CLOSED_LIGHTBOX: LightboxState = { open: false, images: [], index: 0, ...UNTRANSFORMED };

/** Keys of the viewer: arrows pan 20 px, + and - zoom, Escape resets then closes. */
export const LIGHTBOX_KEYS: Readonly<Record<string, LightboxAction>> = {
  ArrowLeft: { type: 'pan', dx: -LIGHTBOX_LIMITS.panStep, dy: 0 },
  ArrowRight: { type: 'pan', dx: LIGHTBOX_LIMITS.panStep, dy: 0 },
  ArrowUp: { type: 'pan', dx: 0, dy: -LIGHTBOX_LIMITS.panStep },
  ArrowDown: { type: 'pan', dx: 0, dy: LIGHTBOX_LIMITS.panStep },
  '+': { type: 'zoomIn' },
  '=': { type: 'zoomIn' },
  '-': { type: 'zoomOut' },
  Escape: { type: 'escape' },
};

/** The action of a key, or undefined when the viewer does not use it. */
export function lightboxActionForKey(key: string): LightboxAction | undefined {
  return Object.hasOwn(LIGHTBOX_KEYS, key) ? LIGHTBOX_KEYS[key] : undefined;
}

/** Zoom steps add up in floating point; two decimals keep 1 - 0.3 - 0.3 equal to 0.4. */
const roundZoom = (zoom: number) => Math.round(zoom * 100) / 100;
const clampZoom = (zoom: number) =>
  Math.min(LIGHTBOX_LIMITS.maxZoom, Math.max(LIGHTBOX_LIMITS.minZoom, roundZoom(zoom)));

/** Whether the image is zoomed, moved or rotated. */
export function isTransformed(state: LightboxState): boolean {
  return state.zoom !== 1 || state.rotation !== 0 || state.offsetX !== 0 || state.offsetY !== 0;
}

function goTo(state: LightboxState, step: number): LightboxState {
  const count = state.images.length;
  if (count === 0) return state;
  return { ...state, ...UNTRANSFORMED, index: (((state.index + step) % count) + count) % count };
}

/**
 * The viewer's state machine. Next and previous wrap around and start untransformed. A double-click
 * zooms an unzoomed image by 4 and brings a zoomed-in one back to its size. Escape first resets a
 * zoomed, moved or rotated image, then closes.
 */
export function lightboxReducer(state: LightboxState, action: LightboxAction): LightboxState {
  switch (action.type) {
    case 'open': {
      const images = [...action.images];
      if (images.length === 0) return CLOSED_LIGHTBOX;
      const index = Math.min(Math.max(0, Math.floor(action.index ?? 0)), images.length - 1);
      return { open: true, images, index, ...UNTRANSFORMED };
    }
    case 'close':
      return CLOSED_LIGHTBOX;
    case 'zoomIn':
      return { ...state, zoom: clampZoom(state.zoom + LIGHTBOX_LIMITS.zoomStep) };
    case 'zoomOut':
      return { ...state, zoom: clampZoom(state.zoom - LIGHTBOX_LIMITS.zoomStep) };
    case 'doubleClick':
      return state.zoom > 1
        ? { ...state, zoom: 1, offsetX: 0, offsetY: 0 }
        : { ...state, zoom: clampZoom(state.zoom * LIGHTBOX_LIMITS.doubleClickZoomFactor) };
    case 'pan':
      return { ...state, offsetX: state.offsetX + action.dx, offsetY: state.offsetY + action.dy };
    case 'rotateRight':
      return { ...state, rotation: (state.rotation + LIGHTBOX_LIMITS.rotateStep) % 360 };
    case 'rotateLeft':
      return { ...state, rotation: (state.rotation + 360 - LIGHTBOX_LIMITS.rotateStep) % 360 };
    case 'next':
      return goTo(state, 1);
    case 'previous':
      return goTo(state, -1);
    case 'reset':
      return { ...state, ...UNTRANSFORMED };
    case 'escape':
      return isTransformed(state) ? { ...state, ...UNTRANSFORMED } : CLOSED_LIGHTBOX;
  }
}

/** The CSS transform of the image. */
export function imageTransform(state: LightboxState): string {
  return `translate(${state.offsetX}px, ${state.offsetY}px) rotate(${state.rotation}deg) scale(${state.zoom})`;
}
