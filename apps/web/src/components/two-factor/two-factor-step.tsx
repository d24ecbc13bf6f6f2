import type { TokenResponse } from '@panelwright/contract';
import { useTranslation } from 'react-i18next';
import { TwoFactorSetup } from './two-factor-setup';
import { TwoFactorVerify } from './two-factor-verify';

/**
 * What replaces the sign-in (or registration) form when the token answer asks for a second factor:
 * the method choice and set-up when it must be enabled, the code when it must be verified.
 */
export default function TwoFactorStep({
  answer,
  onSignedIn,
  onCancel,
}: {
  answer: TokenResponse;
  onSignedIn: (answer: TokenResponse) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="fa2-title">
      <h1 id="fa2-title" className="h4 mb-3 text-center">
        {t('Two-step verification')}
      </h1>
      {answer.fa2_needverify ? (
        <TwoFactorVerify method={answer.fa2_method} stepToken={answer.fa2_token} onVerified={onSignedIn} />
      ) : (
        <TwoFactorSetup stepToken={answer.fa2_token} onEnabled={onSignedIn} />
      )}
      <button type="button" className="btn btn-link px-0 mt-3" onClick={onCancel}>
        {t('Back to Sign in')}
      </button>
    </section>
  );
}
