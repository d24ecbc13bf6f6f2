import { type KeyboardEvent, type PointerEvent, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CLOSED_LIGHTBOX,
  imageTransform,
  isTransformed,
  type LightboxAction,
  lightboxActionForKey,
  lightboxReducer,
} from '../../engine/lightbox';
import './lightbox.scss';

type LightboxProps = {
  images: readonly string[];
  /** A name per image (a file's name), shown in the toolbar and read as the image's text. */
  names?: readonly string[];
  index?: number;
  onClose(): void;
};

/** The buttons of the viewer, in order: an action each, its label and its icon. */
const CONTROLS: ReadonlyArray<{ action: LightboxAction; label: string; icon: string; many?: boolean }> = [
  { action: { type: 'previous' }, label: 'Previous image', icon: 'chevron-left', many: true },
  { action: { type: 'zoomOut' }, label: 'Zoom out', icon: 'zoom-out' },
  { action: { type: 'zoomIn' }, label: 'Zoom in', icon: 'zoom-in' },
  { action: { type: 'rotateLeft' }, label: 'Rotate left', icon: 'arrow-counterclockwise' },
  { action: { type: 'rotateRight' }, label: 'Rotate right', icon: 'arrow-clockwise' },
  { action: { type: 'reset' }, label: 'Reset', icon: 'aspect-ratio' },
  { action: { type: 'next' }, label: 'Next image', icon: 'chevron-right', many: true },
];

/**
 * The image viewer (part 2 section 4), driven by the engine's reducer: zoom by 0.3, double-click
 * ×4, arrow keys pan 20 px, rotate 90°, next and previous wrap around, Escape resets then closes.
 * Dragging the image pans it too.
 */
export function Lightbox({ images, names, index = 0, onClose }: LightboxProps) {
  const { t } = useTranslation(['table', 'common']);
  const [state, dispatch] = useReducer(lightboxReducer, CLOSED_LIGHTBOX, () =>
    lightboxReducer(CLOSED_LIGHTBOX, { type: 'open', images, index }),
  );
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    stage.current?.focus();
  }, []);
  useEffect(() => {
    if (!state.open) onClose();
  }, [state.open, onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    const action = lightboxActionForKey(event.key);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    dispatch(action);
  };
  const onPointerDown = (event: PointerEvent) => {
    drag.current = { x: event.clientX, y: event.clientY };
    (event.target as Element).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag.current) return;
    const dx = event.clientX - drag.current.x;
    const dy = event.clientY - drag.current.y;
    if (dx === 0 && dy === 0) return;
    drag.current = { x: event.clientX, y: event.clientY };
    dispatch({ type: 'pan', dx, dy });
  };
  const endDrag = () => {
    drag.current = null;
  };

  if (!state.open) return null;
  const src = state.images[state.index] ?? '';
  const count = state.images.length;
  const position = t('Image {{index}} of {{count}}', { index: state.index + 1, count });
  const name = names?.[state.index] ?? '';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the viewer takes its keys wherever focus is inside it; every action also has a button
    <div className="lightbox" onKeyDown={onKeyDown}>
      <div className="lightbox-toolbar" role="toolbar" aria-label={t('Image viewer')}>
        <span className="lightbox-counter" aria-live="polite">
          {position}
          {name && <span className="lightbox-name">{name}</span>}
        </span>
        {CONTROLS.filter((control) => !control.many || count > 1).map((control) => (
          <button
            key={control.label}
            type="button"
            className="btn btn-dark"
            onClick={() => dispatch(control.action)}
            aria-label={t(control.label)}
            title={t(control.label)}
            disabled={control.action.type === 'reset' && !isTransformed(state)}
          >
            <i className={`bi bi-${control.icon}`} aria-hidden="true" />
          </button>
        ))}
        <span className="lightbox-zoom">{Math.round(state.zoom * 100)}%</span>
        <button type="button" className="btn btn-dark ms-auto" onClick={onClose} aria-label={t('Close')}>
          <i className="bi bi-x-lg" aria-hidden="true" />
        </button>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dragging and double-clicking the image have buttons too */}
      <div
        ref={stage}
        className="lightbox-stage"
        tabIndex={-1}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onDoubleClick={() => dispatch({ type: 'doubleClick' })}
      >
        <img
          src={src}
          alt={name || position}
          draggable={false}
          className="lightbox-image"
          style={{ transform: imageTransform(state) }}
          data-zoom={state.zoom}
          data-rotation={state.rotation}
          data-offset={`${state.offsetX},${state.offsetY}`}
        />
      </div>
    </div>
  );
}
