import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../testing/i18n';
import * as resources from '../../api/resources';
import { i18n } from '../../i18n';
import { setAppState } from '../../state/app-store';
import { PhotoUpload } from './photo-upload';

vi.mock('../../api/resources', () => ({ uploadFiles: vi.fn() }));
const api = vi.mocked(resources);

const firstSetting = (MediaAcceptedType: string) =>
  setAppState({ dataFirstSetting: { MediaAcceptedType } as never });

const t = (key: string) => i18n.t(key, { ns: ['table', 'common'] });

function pick(file: File) {
  fireEvent.change(screen.getByTestId('photo-upload-input'), { target: { files: [file] } });
}

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

describe('photo upload', () => {
  it('refuses a type MediaAcceptedType does not list, naming the accepted ones', async () => {
    firstSetting('.jpg,.png');
    render(<PhotoUpload label="Upload" onUploaded={vi.fn()} t={t} />);
    pick(new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'File not supported. Supported files: .jpg, .png',
    );
    expect(api.uploadFiles).not.toHaveBeenCalled();
  });

  it('refuses everything when no type is configured', async () => {
    firstSetting('');
    render(<PhotoUpload label="Upload" onUploaded={vi.fn()} t={t} />);
    pick(new File(['x'], 'a.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('File is not supported for upload');
  });

  it('uploads an accepted file and hands over Data.Photos[0].FileUrl', async () => {
    firstSetting('.png');
    api.uploadFiles.mockResolvedValue({
      Photos: [{ FileUrl: '/files/1/a.png', FileName: 'a.png', Size: 1, ContentType: 'image/png' }],
    });
    const uploaded = vi.fn();
    render(<PhotoUpload label="Upload" onUploaded={uploaded} t={t} />);
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    pick(file);
    await waitFor(() => expect(uploaded).toHaveBeenCalledWith('/files/1/a.png'));
    expect(api.uploadFiles).toHaveBeenCalledWith([file]);
    expect((screen.getByTestId('photo-upload-input') as HTMLInputElement).accept).toBe('.png');
  });
});
