import type { FileManagerEntry } from '@panelwright/contract';
import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

/**
 * A simple image preview: the image, its name, and previous and next among the folder's images
 * (buttons and the arrow keys). A stand-in for the product's full lightbox (zoom, rotate, pan),
 * which lives in components/lightbox and takes over once merged.
 */
export function ImagePreviewDialog({
  images,
  startId,
  onClose,
}: {
  images: FileManagerEntry[];
  startId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation(['forms', 'common']);
  const [index, setIndex] = useState(
    Math.max(
      0,
      images.findIndex((image) => image.Id === startId),
    ),
  );
  const image = images[index];
  const step = (by: number) => setIndex((i) => (i + by + images.length) % images.length);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (images.length < 2) return;
      if (event.key === 'ArrowRight') step(1);
      if (event.key === 'ArrowLeft') step(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!image) return null;
  return (
    <Modal show onHide={onClose} centered size="xl" aria-labelledby="image-preview-title">
      <Modal.Header closeButton closeLabel={t('Close')}>
        <Modal.Title id="image-preview-title" className="text-break">
          {image.Name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center bg-body-tertiary">
        <img src={image.Url} alt={image.Name} className="img-fluid" style={{ maxHeight: '70vh' }} />
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <span className="small text-secondary" aria-live="polite">
          {t('Image {{n}} of {{count}}', { n: index + 1, count: images.length })}
        </span>
        <div className="d-flex gap-2">
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={images.length < 2}
            onClick={() => step(-1)}
          >
            <i className="bi bi-chevron-left me-1" aria-hidden="true" />
            {t('Previous')}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={images.length < 2}
            onClick={() => step(1)}
          >
            {t('Next')}
            <i className="bi bi-chevron-right ms-1" aria-hidden="true" />
          </button>
          <a className="btn btn-primary" href={image.Url} target="_blank" rel="noreferrer">
            {t('Open')}
          </a>
        </div>
      </Modal.Footer>
    </Modal>
  );
}
