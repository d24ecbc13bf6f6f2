import type { TokenResponse } from '@panelwright/contract';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { TwoFactorSetup } from './two-factor-setup';
import { TwoFactorVerify } from './two-factor-verify';

/**
 * The two-factor modal of part 2: the method choice, then the set-up of the chosen method, or, with a
 * sign-in's step token of a user who has one, the code. The answer is a full token response.
 */
export function TwoFactorModal({
  show,
  mode,
  method = '',
  stepToken,
  onDone,
  onClose,
}: {
  show: boolean;
  /** `setup`: choose a method and set it up; `verify`: enter the code of the method set up. */
  mode: 'setup' | 'verify';
  method?: string;
  stepToken?: string;
  onDone: (answer: TokenResponse) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="two-factor-modal-title">
      <Modal.Header closeButton closeLabel={t('Close')}>
        <Modal.Title id="two-factor-modal-title">{t('Two-step verification')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {mode === 'verify' && stepToken ? (
          <TwoFactorVerify method={method} stepToken={stepToken} onVerified={onDone} />
        ) : (
          <TwoFactorSetup {...(stepToken ? { stepToken } : {})} onEnabled={onDone} />
        )}
      </Modal.Body>
    </Modal>
  );
}
