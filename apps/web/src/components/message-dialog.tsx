import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTexts } from '../texts';

/** A dialog with a title, a text and one button to close it (the Notice and maintenance dialogs). */
export default function MessageDialog({
  title,
  text,
  onClose,
}: {
  title: string;
  text: string;
  onClose: () => void;
}) {
  const { t } = useTexts();
  return (
    <Modal show onHide={onClose} centered aria-labelledby="message-dialog-title">
      <Modal.Header closeButton closeLabel={t('Close')}>
        <Modal.Title id="message-dialog-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body style={{ whiteSpace: 'pre-line' }}>{text}</Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose} autoFocus>
          {t('OK')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
