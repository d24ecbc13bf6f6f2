import type { FileManagerEntry } from '@panelwright/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { fileManagerApi } from '../../api/file-manager';
import { uploadFiles } from '../../api/upload';
import { openLightbox } from '../../components/modal-host/modal-store';
import { formatDateTime, formatNumber } from '../../engine/formats';
import { readAddressParam, writeAddressParam } from '../../engine/paging';
import { checkUploadFile, UPLOAD_TEXTS } from '../../engine/upload';
import { DATA_TEXT } from '../../i18n';
import { useAppStore } from '../../state/app-store';
import { addressSearch, setAddressSearch, useAddressSearch } from '../../state/navigation';
import type { ScreenRendererProps } from '../registry';
import { ScreenFailed, ScreenFrame, ScreenSpinner } from '../shared/screen-state';
import { NameDialog } from './name-dialog';

const isImage = (entry: FileManagerEntry) => /^image\/(png|jpeg|gif|webp|avif|bmp)$/.test(entry.ContentType);

function sizeText(bytes: number): string {
  if (bytes >= 1_048_576) return `${formatNumber(bytes / 1_048_576, '0,0.[0]')} MB`;
  if (bytes >= 1024) return `${formatNumber(bytes / 1024, '0,0')} KB`;
  return `${bytes} B`;
}

type Dialog =
  | { kind: 'new-folder' }
  | { kind: 'rename'; entry: FileManagerEntry }
  | { kind: 'delete'; entry: FileManagerEntry }
  | null;

/**
 * The file manager (`filemanager`): folders with a path to the root, upload (checked against
 * `MediaAcceptedType` here and on the server), new folder, rename, delete and preview (images in the
 * product's lightbox, the one image viewer of tables and files alike; other files in a new tab), over the `FileManager/*` calls.
 */
export default function FileManagerScreen({ screen, embedded }: ScreenRendererProps) {
  const { t } = useTranslation([screen.screenCode, 'forms']);
  const queryClient = useQueryClient();
  const mediaAcceptedType = useAppStore((s) => s.dataFirstSetting?.MediaAcceptedType) ?? '';
  // The open folder is in the address (`?folder=12`): reload, back and forward and a shared link
  // open the same folder. An embedded file manager keeps it to itself.
  const search = useAddressSearch();
  const [localFolder, setLocalFolder] = useState<number | null>(null);
  const addressFolder = Number(readAddressParam(new URLSearchParams(search), 'folder'));
  const folderId = embedded
    ? localFolder
    : Number.isSafeInteger(addressFolder) && addressFolder > 0
      ? addressFolder
      : null;
  const setFolderId = (id: number | null) => {
    if (embedded) return setLocalFolder(id);
    setAddressSearch(
      writeAddressParam(new URLSearchParams(addressSearch()), 'folder', id === null ? null : String(id)),
    );
  };
  const [dialog, setDialog] = useState<Dialog>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const listing = useQuery({
    queryKey: ['FileManager', folderId],
    queryFn: () => fileManagerApi.list(folderId),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['FileManager'] });
  const items = listing.data?.Items ?? [];
  const images = items.filter(isImage);

  /** Runs a change; its failure has been shown by the API client. */
  const attempt = async (work: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await work();
      toast.success(t(done));
      await refresh();
      return true;
    } catch {
      return false;
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    for (const file of files) {
      const check = checkUploadFile(file, mediaAcceptedType);
      if (!check.ok) {
        toast.warning(
          check.message.startsWith(UPLOAD_TEXTS.notSupportedPrefix)
            ? `${t(UPLOAD_TEXTS.notSupportedPrefix)}${check.message.slice(UPLOAD_TEXTS.notSupportedPrefix.length)}`
            : t(check.message),
        );
        return;
      }
    }
    setUploading(true);
    await attempt(
      async () => {
        const uploaded = await uploadFiles(files);
        await fileManagerApi.addFiles(
          folderId,
          uploaded.Photos.map((photo) => photo.FileUrl),
        );
      },
      files.length === 1 ? 'File uploaded.' : 'Files uploaded.',
    );
    setUploading(false);
  };

  const open = (entry: FileManagerEntry) => {
    if (entry.Kind === 'folder') setFolderId(entry.Id);
    else if (isImage(entry))
      void openLightbox(
        images.map((image) => image.Url),
        Math.max(0, images.indexOf(entry)),
        images.map((image) => image.Name),
      );
    else window.open(entry.Url, '_blank', 'noopener');
  };

  const actions = (
    <div className="d-flex gap-2">
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        onClick={() => setDialog({ kind: 'new-folder' })}
      >
        <i className="bi bi-folder-plus me-1" aria-hidden="true" />
        {t('New folder')}
      </button>
      <input
        ref={fileInput}
        id={`${screen.screenCode}-upload`}
        type="file"
        multiple
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void upload(e)}
      />
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={uploading}
        onClick={() => fileInput.current?.click()}
      >
        {uploading ? (
          <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
        ) : (
          <i className="bi bi-upload me-1" aria-hidden="true" />
        )}
        {t('Upload files')}
      </button>
    </div>
  );

  return (
    <ScreenFrame title={t(screen.title)} embedded={embedded} actions={actions}>
      {embedded && <div className="mb-2">{actions}</div>}
      <nav aria-label={t('Folders')}>
        <ol className="breadcrumb">
          <li className="breadcrumb-item">
            {folderId === null ? (
              <span aria-current="page">{t('All files')}</span>
            ) : (
              <button
                type="button"
                className="btn btn-link p-0 align-baseline"
                onClick={() => setFolderId(null)}
              >
                {t('All files')}
              </button>
            )}
          </li>
          {(listing.data?.Path ?? []).map((folder, index, path) => (
            <li key={folder.Id} className="breadcrumb-item">
              {index === path.length - 1 ? (
                <span aria-current="page" {...DATA_TEXT}>
                  {folder.Name}
                </span>
              ) : (
                <button
                  type="button"
                  className="btn btn-link p-0 align-baseline"
                  onClick={() => setFolderId(folder.Id)}
                  {...DATA_TEXT}
                >
                  {folder.Name}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {listing.isPending ? (
        <ScreenSpinner />
      ) : listing.isError ? (
        <ScreenFailed />
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must take the focus (WCAG 2.1.1).
        <section className="table-responsive" tabIndex={0} aria-label={t('Files and folders')}>
          <table className="table table-hover align-middle file-manager-table">
            <caption className="visually-hidden">{t('Files and folders')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Name')}</th>
                <th scope="col" className="text-end">
                  {t('Size')}
                </th>
                <th scope="col">{t('Modified')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('Actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.length === 0 && (
                <tr>
                  <td colSpan={4} className="text-secondary">
                    {t('This folder is empty.')}
                  </td>
                </tr>
              )}
              {items.map((entry) => (
                <tr key={entry.Id} data-entry={entry.Name}>
                  <td>
                    <button
                      type="button"
                      className="btn btn-link p-0 text-start text-break"
                      onClick={() => open(entry)}
                    >
                      <i
                        className={`bi ${entry.Kind === 'folder' ? 'bi-folder-fill text-warning' : isImage(entry) ? 'bi-file-earmark-image' : 'bi-file-earmark'} me-2`}
                        aria-hidden="true"
                      />
                      <span {...DATA_TEXT}>{entry.Name}</span>
                    </button>
                  </td>
                  <td className="text-end text-nowrap" {...DATA_TEXT}>
                    {entry.Kind === 'file' ? sizeText(entry.Size) : ''}
                  </td>
                  <td className="text-nowrap" {...DATA_TEXT}>
                    {formatDateTime(entry.UpdatedAt)}
                  </td>
                  <td className="text-end text-nowrap">
                    {entry.Kind === 'file' && (
                      <a
                        className="btn btn-sm btn-outline-secondary me-1"
                        href={entry.Url}
                        download={entry.Name}
                      >
                        <i className="bi bi-download" aria-hidden="true" />
                        <span className="visually-hidden">
                          {t('Download {{name}}', { name: entry.Name })}
                        </span>
                      </a>
                    )}
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary me-1"
                      disabled={!entry.CanChange}
                      aria-label={t('Rename {{name}}', { name: entry.Name })}
                      onClick={() => setDialog({ kind: 'rename', entry })}
                    >
                      <i className="bi bi-pencil" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      disabled={!entry.CanChange}
                      aria-label={t('Delete {{name}}', { name: entry.Name })}
                      onClick={() => setDialog({ kind: 'delete', entry })}
                    >
                      <i className="bi bi-trash" aria-hidden="true" />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      {dialog?.kind === 'new-folder' && (
        <NameDialog
          title={t('New folder')}
          initial=""
          submitText={t('Create')}
          onClose={() => setDialog(null)}
          onSubmit={(name) => attempt(() => fileManagerApi.createFolder(folderId, name), 'Folder created.')}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={t('Rename {{name}}', { name: dialog.entry.Name })}
          initial={dialog.entry.Name}
          submitText={t('Rename')}
          onClose={() => setDialog(null)}
          onSubmit={(name) => attempt(() => fileManagerApi.rename(dialog.entry.Id, name), 'Renamed.')}
        />
      )}
      {dialog?.kind === 'delete' && (
        <Modal show onHide={() => setDialog(null)} centered aria-labelledby="delete-entry-title">
          <Modal.Header closeButton closeLabel={t('Close')}>
            <Modal.Title id="delete-entry-title">{t('Confirm')}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {dialog.entry.Kind === 'folder'
              ? t('Delete the folder {{name}} and everything in it?', { name: dialog.entry.Name })
              : t('Delete {{name}}?', { name: dialog.entry.Name })}
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-outline-secondary" onClick={() => setDialog(null)}>
              {t('Cancel')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                const { entry } = dialog;
                setDialog(null);
                void attempt(() => fileManagerApi.remove(entry.Id), 'Deleted.');
              }}
            >
              {t('Delete')}
            </button>
          </Modal.Footer>
        </Modal>
      )}
    </ScreenFrame>
  );
}
