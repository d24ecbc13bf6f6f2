import { type ReactNode, useCallback, useId, useMemo, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Modal, { type ModalProps } from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { ModalSize, ModalType } from '../../engine/columns';
import { EmbeddedScreen } from '../embedded-screen/embedded-screen';
import { Lightbox } from '../lightbox/lightbox';
import { MasterContext } from './master-context';
import { ModalContext, type ModalControls } from './modal-context';
import {
  closeModal,
  confirmDiscardChanges,
  modalComponent,
  type OpenModal,
  useModalStore,
} from './modal-store';

/** Bootstrap's sizes for the modal sizes: lg, xm (read as Bootstrap's medium, 500 px) and full screen. */
const SIZE_PROPS: Record<ModalSize, Pick<ModalProps, 'size' | 'fullscreen'>> = {
  lg: { size: 'lg' },
  xm: {},
  full: { fullscreen: true },
};

type BodyProps = { modal: OpenModal; close(result?: unknown): void };

function MissingContent() {
  const { t } = useTranslation(['table', 'common']);
  return <p className="text-body-secondary mb-0">{t('Nothing to show')}</p>;
}

function ComponentBody({ modal, close }: BodyProps) {
  if (modal.render) return <>{modal.render()}</>;
  const Registered = modalComponent(modal.component);
  if (!Registered) return <MissingContent />;
  return <Registered config={modal.config ?? {}} data={modal.data ?? {}} close={close} />;
}

function ScreenBody({ modal }: BodyProps) {
  if (!modal.screen) return <MissingContent />;
  return <EmbeddedScreen screen={modal.screen} params={modal.params ?? {}} />;
}

/** The body of each modal type: one entry per type of part 2 section 2. */
const BODIES: Record<ModalType, (props: BodyProps) => ReactNode> = {
  component: ComponentBody,
  cellinmodal: ComponentBody,
  myui: ScreenBody,
  myform: ScreenBody,
  mypage: ScreenBody,
  mydialog: ({ modal }) => (
    <p className="mb-0" style={{ whiteSpace: 'pre-line' }}>
      {modal.message}
    </p>
  ),
  lightbox: () => null,
  globalloading: () => null,
};

function DialogFooter({ modal, close }: BodyProps) {
  const { t } = useTranslation(['table', 'common']);
  return (
    <Modal.Footer>
      {modal.ask && (
        <Button variant="secondary" onClick={() => close(false)}>
          {modal.cancelText || t('Cancel')}
        </Button>
      )}
      <Button variant={modal.danger ? 'danger' : 'primary'} onClick={() => close(true)} autoFocus>
        {modal.okText || t('OK')}
      </Button>
    </Modal.Footer>
  );
}

function HostedModal({ modal }: { modal: OpenModal }) {
  const { t } = useTranslation(['table', 'common']);
  const titleId = useId();
  const close = useCallback((result?: unknown) => closeModal(modal.id, result), [modal.id]);
  // Forms inside with changes not yet saved: dismissing asks before they are lost.
  const unsaved = useRef(new Set<string>());
  const asking = useRef(false);
  const dismiss = useCallback(async () => {
    if (unsaved.current.size > 0) {
      if (asking.current) return;
      asking.current = true;
      const discard = await confirmDiscardChanges();
      asking.current = false;
      if (!discard) return;
    }
    close(undefined);
  }, [close]);
  const controls = useMemo<ModalControls>(
    () => ({
      close,
      dismiss: () => void dismiss(),
      setUnsaved: (key, isUnsaved) => {
        if (isUnsaved) unsaved.current.add(key);
        else unsaved.current.delete(key);
      },
    }),
    [close, dismiss],
  );
  const master = useMemo(
    () => (modal.reloadOpener ? { reloadMaster: modal.reloadOpener } : null),
    [modal.reloadOpener],
  );

  if (modal.type === 'lightbox') {
    return (
      <Modal
        show
        fullscreen
        animation={false}
        keyboard={false}
        onHide={() => close(undefined)}
        aria-label={t('Image viewer')}
      >
        <Lightbox
          images={modal.images ?? []}
          names={modal.names}
          index={modal.index ?? 0}
          onClose={() => close(undefined)}
        />
      </Modal>
    );
  }
  if (modal.type === 'globalloading') {
    return (
      <Modal show centered animation={false} backdrop="static" keyboard={false} aria-label={t('Loading')}>
        <Modal.Body className="d-flex align-items-center gap-3" role="status">
          <span className="spinner-border text-primary" aria-hidden="true" />
          <span>{t('Please wait...')}</span>
        </Modal.Body>
      </Modal>
    );
  }
  const Body = BODIES[modal.type] ?? ComponentBody;
  const title = modal.title || (modal.type === 'mydialog' ? t('Confirm') : '');
  return (
    <Modal
      show
      animation={false}
      onHide={() => void dismiss()}
      {...SIZE_PROPS[modal.size ?? 'lg']}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : t('Dialog')}
      data-modal-type={modal.type}
    >
      <Modal.Header closeButton closeLabel={t('Close')}>
        {title ? <Modal.Title id={titleId}>{t(title)}</Modal.Title> : null}
      </Modal.Header>
      <Modal.Body>
        <ModalContext.Provider value={controls}>
          <MasterContext.Provider value={master}>
            <Body modal={modal} close={close} />
          </MasterContext.Provider>
        </ModalContext.Provider>
      </Modal.Body>
      {modal.type === 'mydialog' && <DialogFooter modal={modal} close={close} />}
    </Modal>
  );
}

/**
 * Shows the modals of the modal store, the latest on top: every modal type of part 2 section 2, sizes
 * lg (default), xm and full. Dialogs trap focus (react-bootstrap's Modal) and give their contents
 * `ModalContext` to close them with a result.
 */
export default function ModalHost() {
  const modals = useModalStore((state) => state.modals);
  return (
    <>
      {modals.map((modal) => (
        <HostedModal key={modal.id} modal={modal} />
      ))}
    </>
  );
}
