import { describe, expect, it } from 'vitest';
import { acceptAttribute, checkUploadFile, parseAcceptedTypes, UPLOAD_TEXTS } from './upload-check';

describe('upload check', () => {
  it('reads the accepted types of MediaAcceptedType', () => {
    expect(parseAcceptedTypes('.jpg,.PNG, pdf ,image/*')).toEqual(['.jpg', '.png', '.pdf', 'image/*']);
    expect(parseAcceptedTypes('')).toEqual([]);
    expect(parseAcceptedTypes(null)).toEqual([]);
    expect(acceptAttribute('.jpg, .png')).toBe('.jpg,.png');
  });

  it('accepts a file of a listed extension, in any case', () => {
    expect(checkUploadFile({ name: 'photo.JPG' }, '.jpg,.png,.pdf')).toEqual({ ok: true });
    expect(checkUploadFile({ name: 'a.b.pdf' }, '.jpg,.png,.pdf')).toEqual({ ok: true });
  });

  it('accepts a file of a listed MIME type or family', () => {
    expect(checkUploadFile({ name: 'x', type: 'image/webp' }, 'image/*')).toEqual({ ok: true });
    expect(checkUploadFile({ name: 'x', type: 'application/pdf' }, 'application/pdf')).toEqual({ ok: true });
    expect(checkUploadFile({ name: 'x', type: 'video/mp4' }, 'image/*').ok).toBe(false);
    expect(checkUploadFile({ name: 'x' }, 'image/*').ok).toBe(false);
  });

  it("refuses other files with 'File not supported. Supported files: ' and the types", () => {
    expect(checkUploadFile({ name: 'run.exe' }, '.jpg,.png,.pdf')).toEqual({
      ok: false,
      message: 'File not supported. Supported files: .jpg, .png, .pdf',
    });
    expect(checkUploadFile({ name: 'noextension' }, '.jpg').ok).toBe(false);
    expect(checkUploadFile({ name: 'jpg' }, '.jpg').ok).toBe(false);
  });

  it("refuses everything with 'File is not supported for upload' when no type is accepted", () => {
    expect(checkUploadFile({ name: 'a.jpg' }, '')).toEqual({
      ok: false,
      message: UPLOAD_TEXTS.notSupportedForUpload,
    });
    expect(UPLOAD_TEXTS.notSupportedForUpload).toBe('File is not supported for upload');
  });
});
