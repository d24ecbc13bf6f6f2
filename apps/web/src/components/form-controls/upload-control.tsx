import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { isCallFailure } from '../../api/client';
import { uploadFiles } from '../../api/upload';
import { joinMultiSelect, splitMultiSelect } from '../../engine/formats';
import { acceptAttribute, checkUploadFile, parseAcceptedTypes, UPLOAD_TEXTS } from '../../engine/upload';
import { useAppStore } from '../../state/app-store';
import type { ControlProps } from './registry';

const IMAGE_TYPES = /^(\.(jpe?g|png|gif|webp|avif|bmp)|image\/.*)$/;

/** The file name in a signed link `/files/{id}/{name}?…`. */
export function fileNameOfLink(link: string): string {
  try {
    const path = new URL(link, 'http://x.invalid').pathname;
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || link;
  } catch {
    return link;
  }
}

function UploadControl(props: ControlProps & { photo: boolean }) {
  const { t } = useTranslation(['forms', 'common']);
  const mediaAcceptedType = useAppStore((s) => s.dataFirstSetting?.MediaAcceptedType) ?? '';
  const accepted = props.photo
    ? parseAcceptedTypes(mediaAcceptedType)
        .filter((type) => IMAGE_TYPES.test(type))
        .join(',')
    : mediaAcceptedType;
  const multiple = props.control.more?.multiple === true;
  const links = splitMultiSelect(props.value, props.control.separator);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setMessage('');
    for (const file of files) {
      const check = checkUploadFile(file, accepted);
      if (!check.ok) {
        // The list of types is data; the sentence before it is a text.
        const text = check.message.startsWith(UPLOAD_TEXTS.notSupportedPrefix)
          ? `${t(UPLOAD_TEXTS.notSupportedPrefix)}${check.message.slice(UPLOAD_TEXTS.notSupportedPrefix.length)}`
          : t(check.message);
        setMessage(text);
        toast.warning(text);
        return;
      }
    }
    setBusy(true);
    try {
      const answer = await uploadFiles(files, { hideError: true });
      const uploaded = answer.Photos.map((photo) => photo.FileUrl);
      const next = multiple ? [...links, ...uploaded] : uploaded.slice(0, 1);
      props.onChange(joinMultiSelect(next, props.control.separator));
    } catch (failure) {
      const text = isCallFailure(failure) ? failure.msg : t('Something went wrong');
      setMessage(text);
      toast.error(text);
    } finally {
      setBusy(false);
    }
  };

  const remove = (link: string) => {
    const next = links.filter((item) => item !== link);
    props.onChange(next.length === 0 ? null : joinMultiSelect(next, props.control.separator));
  };

  const messageId = `${props.id}-upload`;
  return (
    <div>
      <input
        id={props.id}
        type="file"
        className={`form-control ${props.invalid ? 'is-invalid' : ''}`}
        accept={acceptAttribute(accepted) || undefined}
        multiple={multiple}
        disabled={props.disabled || busy}
        required={props.required}
        aria-invalid={props.invalid || undefined}
        aria-describedby={
          [props.describedBy, message ? messageId : ''].filter(Boolean).join(' ') || undefined
        }
        onChange={(e) => void choose(e)}
      />
      {busy && (
        <div className="form-text" role="status">
          {t('Uploading...')}
        </div>
      )}
      {message && (
        <div id={messageId} className="invalid-feedback d-block">
          {message}
        </div>
      )}
      {links.length > 0 && (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0">
          {links.map((link) => (
            <li key={link} className="d-flex align-items-center gap-2 border rounded p-1">
              {props.photo ? (
                <img src={link} alt={fileNameOfLink(link)} className="upload-thumb" width={64} height={64} />
              ) : (
                <a href={link} target="_blank" rel="noreferrer">
                  {fileNameOfLink(link)}
                </a>
              )}
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={t('Remove {{name}}', { name: fileNameOfLink(link) })}
                disabled={props.disabled}
                onClick={() => remove(link)}
              >
                <i className="bi bi-x-lg" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** `file`: uploads through ProjectPhoto/FileUploadFile; the value is the file's link. */
export function FileControl(props: ControlProps) {
  return <UploadControl {...props} photo={false} />;
}

/** `photo`: like `file`, images only, shown as a thumbnail. */
export function PhotoControl(props: ControlProps) {
  return <UploadControl {...props} photo />;
}
