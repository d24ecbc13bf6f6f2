import { VIDEO_COVER_JPEG_QUALITY } from '@panelwright/contract/constants';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Source = 'none' | 'camera' | 'file';
type CameraState = 'idle' | 'starting' | 'unavailable' | 'denied';

/** The current frame of a video as a JPEG data URL of the cover quality (0.75), or null. */
export function captureFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): string | null {
  if (!video.videoWidth || !video.videoHeight) return null;
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', VIDEO_COVER_JPEG_QUALITY);
}

/**
 * /test/test_camera (public): a picture from the camera, or a cover picked from a video file, as a
 * JPEG of quality 0.75. Without a camera (or permission), the page says so and the video file remains.
 */
export function CameraPage() {
  const { t } = useTranslation(['forms', 'common']);
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const fileUrl = useRef<string | null>(null);
  const [source, setSource] = useState<Source>('none');
  const [camera, setCamera] = useState<CameraState>('idle');
  const [photo, setPhoto] = useState<string | null>(null);

  const stopCamera = () => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  };
  const dropFile = () => {
    if (fileUrl.current) URL.revokeObjectURL(fileUrl.current);
    fileUrl.current = null;
  };
  // Leaving the page stops the camera and frees the video file.
  useEffect(
    () => () => {
      for (const track of stream.current?.getTracks() ?? []) track.stop();
      if (fileUrl.current) URL.revokeObjectURL(fileUrl.current);
    },
    [],
  );

  const startCamera = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setCamera('unavailable');
      return;
    }
    setCamera('starting');
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
      dropFile();
      stopCamera();
      stream.current = media;
      if (video.current) {
        video.current.removeAttribute('src');
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
      }
      setSource('camera');
      setCamera('idle');
    } catch (error) {
      setCamera((error as { name?: string }).name === 'NotAllowedError' ? 'denied' : 'unavailable');
    }
  };

  const openFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file || !video.current) return;
    stopCamera();
    dropFile();
    fileUrl.current = URL.createObjectURL(file);
    video.current.srcObject = null;
    video.current.src = fileUrl.current;
    setSource('file');
  };

  const capture = () => {
    if (!video.current || !canvas.current) return;
    setPhoto(captureFrame(video.current, canvas.current));
  };

  return (
    <section className="container py-4" style={{ maxWidth: 900 }}>
      <h1 className="h3">{t('Camera test')}</h1>
      <p className="text-secondary">
        {t('Take a picture with the camera, or pick a cover from a video file.')}
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void startCamera()}
          disabled={camera === 'starting'}
        >
          <i className="bi bi-camera-video me-1" aria-hidden="true" />
          {t('Start the camera')}
        </button>
        <label className="btn btn-outline-secondary mb-0" htmlFor="camera-video-file">
          <i className="bi bi-film me-1" aria-hidden="true" />
          {t('Open a video file')}
        </label>
        <input
          id="camera-video-file"
          type="file"
          accept="video/*"
          className="visually-hidden"
          onChange={openFile}
        />
        <button type="button" className="btn btn-success" onClick={capture} disabled={source === 'none'}>
          <i className="bi bi-camera me-1" aria-hidden="true" />
          {t('Capture')}
        </button>
      </div>
      <div role="status" className="mb-3">
        {camera === 'unavailable' && (
          <div className="alert alert-warning mb-0">{t('No camera is available in this browser.')}</div>
        )}
        {camera === 'denied' && (
          <div className="alert alert-warning mb-0">
            {t('The camera may not be used: permission was refused.')}
          </div>
        )}
      </div>
      <div className="row g-3">
        <div className="col-md-6">
          <h2 className="h6">{t('Video')}</h2>
          <video
            ref={video}
            className="w-100 bg-dark rounded"
            playsInline
            muted
            controls={source === 'file'}
          />
        </div>
        <div className="col-md-6">
          <h2 className="h6">{t('Picture')}</h2>
          {photo ? (
            <>
              <img
                src={photo}
                alt={t('The captured picture')}
                className="w-100 rounded border"
                data-testid="captured"
              />
              <a className="btn btn-sm btn-outline-primary mt-2" href={photo} download="cover.jpg">
                {t('Download')}
              </a>
            </>
          ) : (
            <p className="text-secondary">{t('No picture yet.')}</p>
          )}
        </div>
      </div>
      <canvas ref={canvas} className="d-none" />
    </section>
  );
}
