/** Texts of part 1 section 5. */
export const UPLOAD_TEXTS = {
  notSupportedForUpload: 'File is not supported for upload',
  notSupportedPrefix: 'File not supported. Supported files: ',
} as const;

/**
 * The accepted types of `MediaAcceptedType` ('.jpg,.png,.pdf'): extensions in lower case with their
 * dot, or MIME types ('image/*', 'application/pdf').
 */
export function parseAcceptedTypes(mediaAcceptedType: string | null | undefined): string[] {
  return (mediaAcceptedType ?? '')
    .split(/[,;\s]+/)
    .map((type) => type.trim().toLowerCase())
    .filter((type) => type !== '')
    .map((type) => (type.includes('/') || type.startsWith('.') ? type : `.${type}`));
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 || (dot === 0 && fileName.length > 1) ? fileName.slice(dot).toLowerCase() : '';
}

function typeMatches(accepted: string, file: { name: string; type?: string }): boolean {
  if (accepted.startsWith('.')) return extensionOf(file.name) === accepted;
  const mime = (file.type ?? '').toLowerCase();
  if (mime === '') return false;
  return accepted.endsWith('/*') ? mime.startsWith(accepted.slice(0, -1)) : mime === accepted;
}

export type UploadCheck = { ok: true } | { ok: false; message: string };

/**
 * Only files of an accepted type are uploaded. With no accepted types configured nothing is, and the
 * short message says so; otherwise the message lists the accepted types.
 */
export function checkUploadFile(
  file: { name: string; type?: string },
  mediaAcceptedType: string | null | undefined,
): UploadCheck {
  const accepted = parseAcceptedTypes(mediaAcceptedType);
  if (accepted.length === 0) return { ok: false, message: UPLOAD_TEXTS.notSupportedForUpload };
  if (accepted.some((type) => typeMatches(type, file))) return { ok: true };
  return { ok: false, message: `${UPLOAD_TEXTS.notSupportedPrefix}${accepted.join(', ')}` };
}

/** The `accept` attribute of a file input for the accepted types. */
export function acceptAttribute(mediaAcceptedType: string | null | undefined): string {
  return parseAcceptedTypes(mediaAcceptedType).join(',');
}
