import type { IScannerControls } from '@zxing/browser';
import type { DecodeHintType as HintType } from '@zxing/library';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

type Props = { show: boolean; onClose: () => void; onCode: (code: string) => void };

/**
 * Scans a barcode (EAN-13, Code 128) or a QR code with the device camera through ZXing; the first
 * code read closes the dialog. The camera stops when the dialog closes.
 */
export function CameraScanner({ show, onClose, onCode }: Props) {
  const { t } = useTranslation(['pos', 'common']);
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'scanning' | 'failed'>('starting');
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    if (!show) return;
    let controls: IScannerControls | null = null;
    let stopped = false;
    setState('starting');
    void (async () => {
      try {
        const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([
          import('@zxing/browser'),
          import('@zxing/library'),
        ]);
        const hints = new Map<HintType, unknown>([
          [
            DecodeHintType.POSSIBLE_FORMATS,
            [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.CODE_128, BarcodeFormat.QR_CODE],
          ],
        ]);
        const reader = new BrowserMultiFormatReader(hints);
        if (!video.current || stopped) return;
        controls = await reader.decodeFromConstraints(
          { video: { facingMode: 'environment' }, audio: false },
          video.current,
          (result, _error, current) => {
            if (!result || stopped) return;
            stopped = true;
            current.stop();
            handler.current(result.getText());
          },
        );
        if (stopped) controls.stop();
        else setState('scanning');
      } catch {
        if (!stopped) setState('failed');
      }
    })();
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, [show]);

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="pos-camera-title">
      <Modal.Header closeButton closeLabel={t('Close')}>
        <Modal.Title id="pos-camera-title">{t('Scan with the camera')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <video
          ref={video}
          className="pos-camera w-100 rounded bg-dark"
          muted
          playsInline
          aria-label={t('Camera picture')}
        />
        <p className="mt-2 mb-0" role="status">
          {state === 'failed'
            ? t('The camera cannot be used here. Type or scan the code instead.')
            : state === 'scanning'
              ? t('Hold the barcode or QR code in front of the camera.')
              : t('Starting the camera...')}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('Cancel')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
