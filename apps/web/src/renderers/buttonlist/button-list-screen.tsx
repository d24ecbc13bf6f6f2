import type { ApiConfig } from '@panelwright/contract';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { runPlannedCall } from '../../api/screen-data';
import { buildApiCall } from '../../engine/columns/api-config';
import { readObject, readText } from '../../engine/values';
import type { ScreenRendererProps } from '../registry';
import { ScreenFailed, ScreenFrame, ScreenSpinner } from '../shared/screen-state';
import { useScreenTree } from '../shared/use-screen-tree';

type ButtonConfig = {
  title: string;
  icon: string;
  color: string;
  outline: boolean;
  confirmMsg: string;
  api: ApiConfig | undefined;
};

function readButtons(list: unknown): ButtonConfig[] {
  return (Array.isArray(list) ? list : []).flatMap((item) => {
    const button = readObject(item);
    if (!button) return [];
    const color = readText(button.color) ?? 'primary';
    return [
      {
        title: readText(button.title) ?? readText(button.Name) ?? '',
        icon: readText(button.icon) ?? '',
        color: /^[a-z]+$/.test(color) ? color : 'primary',
        outline: button.outline === true,
        confirmMsg: readText(button.confirmMsg) ?? '',
        api: readObject(button.api) as ApiConfig | undefined,
      },
    ];
  });
}

/**
 * A button list (`buttonlist`): the buttons of `ScreenConfig.Header.buttonList`, each running its
 * configured call (after a confirmation when it has `confirmMsg`) and showing the server's answer.
 */
export default function ButtonListScreen({ screen: given, embedded }: ScreenRendererProps) {
  const { screen, pending, failed } = useScreenTree(given);
  const { t } = useTranslation([given.screenCode, 'forms']);
  const [confirming, setConfirming] = useState<ButtonConfig | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ title: string; text: string } | null>(null);
  const header = readObject(screen?.configs?.screenConfig.Header);
  const buttons = readButtons(header?.buttonList);

  const run = async (button: ButtonConfig) => {
    if (!button.api || !screen) return;
    setBusy(button.title);
    try {
      const plan = buildApiCall(button.api, {
        row: {},
        screenApiName: screen.apiName,
        includeRowId: false,
        baseBody: { RequestData: screen.requestData },
      });
      const envelope = await runPlannedCall(plan);
      if (envelope.Msg) toast.success(t(envelope.Msg));
      setAnswer({ title: button.title, text: JSON.stringify(envelope.Data, null, 2) });
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(null);
    }
  };

  return (
    <ScreenFrame title={t(given.title)} embedded={embedded}>
      {pending ? (
        <ScreenSpinner />
      ) : failed ? (
        <ScreenFailed />
      ) : (
        <>
          <div className="d-flex flex-wrap gap-2 mb-3">
            {buttons.map((button) => (
              <button
                key={button.title}
                type="button"
                className={`btn btn-${button.outline ? 'outline-' : ''}${button.color}`}
                disabled={busy !== null}
                onClick={() => (button.confirmMsg ? setConfirming(button) : void run(button))}
              >
                {busy === button.title ? (
                  <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
                ) : (
                  button.icon && <i className={`bi bi-${button.icon} me-1`} aria-hidden="true" />
                )}
                {t(button.title)}
              </button>
            ))}
          </div>
          {answer && (
            <section aria-labelledby="button-list-answer">
              <h2 className="h6" id="button-list-answer">
                {t('Answer of {{title}}', { title: t(answer.title) })}
              </h2>
              <pre className="bg-body-tertiary p-2 rounded small">{answer.text}</pre>
            </section>
          )}
        </>
      )}
      {confirming && (
        <Modal show onHide={() => setConfirming(null)} centered aria-labelledby="button-confirm-title">
          <Modal.Header closeButton closeLabel={t('Close')}>
            <Modal.Title id="button-confirm-title">{t('Confirm')}</Modal.Title>
          </Modal.Header>
          <Modal.Body>{t(confirming.confirmMsg)}</Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-outline-secondary" onClick={() => setConfirming(null)}>
              {t('Cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                const button = confirming;
                setConfirming(null);
                void run(button);
              }}
            >
              {t('OK')}
            </button>
          </Modal.Footer>
        </Modal>
      )}
    </ScreenFrame>
  );
}
