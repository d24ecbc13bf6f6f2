import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpPrompt } from '../../components/two-factor/otp-prompt';
import { readText } from '../../engine/values';
import type { ScreenRendererProps } from '../registry';
import { ScreenRenderer } from '../screen-renderer';
import { ScreenFailed, ScreenFrame, ScreenSpinner } from '../shared/screen-state';
import { useScreenTree } from '../shared/use-screen-tree';

/**
 * Protected content (`otp_protected`, the pay slip of part 2): its contents are drawn only after the
 * user has entered the current code of their second factor in the OTP prompt. The check is for the
 * screen; data that must stay secret is also checked by the server call that sends it.
 */
export default function OtpProtectedScreen({ screen: given, params, embedded }: ScreenRendererProps) {
  const { screen, pending, failed } = useScreenTree(given);
  const { t } = useTranslation([given.screenCode, 'forms']);
  const [asking, setAsking] = useState(false);
  const [verified, setVerified] = useState(false);
  const message = t(
    readText(screen?.config.message) ?? 'This content is protected. Enter your code to see it.',
  );
  return (
    <ScreenFrame title={t(given.title)} embedded={embedded}>
      {pending ? (
        <ScreenSpinner />
      ) : failed || !screen ? (
        <ScreenFailed />
      ) : verified ? (
        screen.contents.map((content) => (
          <ScreenRenderer
            key={content.id}
            screen={{ ...content, requestData: { ...screen.requestData, ...content.requestData } }}
            params={params}
            embedded
          />
        ))
      ) : (
        <div className="text-center py-3">
          <i className="bi bi-shield-lock fs-1 text-secondary" aria-hidden="true" />
          <p>{message}</p>
          <button type="button" className="btn btn-primary" onClick={() => setAsking(true)}>
            {t('Show {{title}}', { title: t(given.title) })}
          </button>
        </div>
      )}
      <OtpPrompt
        show={asking}
        title={t(given.title)}
        message={message}
        onClose={() => setAsking(false)}
        onVerified={() => {
          setAsking(false);
          setVerified(true);
        }}
      />
    </ScreenFrame>
  );
}
