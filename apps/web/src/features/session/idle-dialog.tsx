import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { IDLE_TEXTS, type IdleStatus } from '../../engine/idle-check';

/** The session-expiry dialog: the countdown with its two choices, or the expiry with one. */
export default function IdleDialog({
  status,
  seconds,
  onKeepSignedIn,
  onSignOut,
  onBackToSignIn,
}: {
  status: IdleStatus;
  seconds: number;
  onKeepSignedIn: () => void;
  onSignOut: () => void;
  onBackToSignIn: () => void;
}) {
  const { t } = useTranslation();
  const expired = status === 'expired';
  return (
    <Modal show centered backdrop="static" keyboard={false} aria-labelledby="idle-title">
      <Modal.Header>
        <Modal.Title id="idle-title">
          {t(expired ? IDLE_TEXTS.expired : IDLE_TEXTS.aboutToExpire)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {expired ? (
          t(IDLE_TEXTS.expiredText)
        ) : (
          <span role="timer" aria-live="polite">
            {t(IDLE_TEXTS.countdown, { count: seconds })}
          </span>
        )}
      </Modal.Body>
      <Modal.Footer>
        {expired ? (
          <Button variant="primary" onClick={onBackToSignIn} autoFocus>
            {t(IDLE_TEXTS.backToSignIn)}
          </Button>
        ) : (
          <>
            <Button variant="outline-secondary" onClick={onSignOut}>
              {t(IDLE_TEXTS.signMeOut)}
            </Button>
            <Button variant="primary" onClick={onKeepSignedIn} autoFocus>
              {t(IDLE_TEXTS.keepMeSignedIn)}
            </Button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}
