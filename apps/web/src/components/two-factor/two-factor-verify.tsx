import type { TokenResponse } from '@panelwright/contract';
import { useTranslation } from 'react-i18next';
import { setupTwoFactor, verifyTwoFactor } from '../../api/two-factor';
import { CodeForm } from './code-form';

/** The sign-in's second step for a user whose factor is set up: enter the code. */
export function TwoFactorVerify({
  method,
  stepToken,
  onVerified,
}: {
  method: string;
  stepToken: string;
  onVerified: (answer: TokenResponse) => void;
}) {
  const { t } = useTranslation();
  return (
    <CodeForm
      id="fa2-verify-code"
      method={method}
      sendLabel={t('Send a new code')}
      check={async (code) => onVerified(await verifyTwoFactor(method, code, stepToken))}
      send={() => setupTwoFactor('email', undefined, stepToken)}
    />
  );
}
