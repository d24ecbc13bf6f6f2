import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { savePushSubscription } from '../../api/push';
import {
  PUSH_ANSWER_KEY,
  PUSH_ANSWERS,
  PUSH_PROMPT_DELAY_MS,
  PUSH_TEXTS,
  type PushAnswer,
  readPushAnswer,
  shouldShowPushPrompt,
  vapidKeyBytes,
} from '../../engine/push';
import { useAppStore } from '../../state/app-store';

const SERVICE_WORKER = '/sw.js';
const PROMPT_ID = 'push-prompt';

const storeAnswer = (answer: PushAnswer) => localStorage.setItem(PUSH_ANSWER_KEY, String(answer));
const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Subscribes this browser and hands the subscription to the server; returns the answer to keep. */
async function subscribe(vapidPublicKey: string): Promise<PushAnswer> {
  if (!supported()) return PUSH_ANSWERS.unsupported;
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return PUSH_ANSWERS.denied;
  try {
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER);
    await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: vapidKeyBytes(vapidPublicKey),
      }));
    await savePushSubscription(subscription.toJSON());
    return PUSH_ANSWERS.subscribed;
  } catch {
    return PUSH_ANSWERS.subscribeError;
  }
}

/** With the answer 1, the existing subscription is checked and handed to the server again. */
async function checkExistingSubscription(): Promise<void> {
  if (!supported()) return;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER).catch(() => undefined);
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) await savePushSubscription(subscription.toJSON()).catch(() => {});
  else localStorage.removeItem(PUSH_ANSWER_KEY);
}

/** The push-notification prompt banner (when push notify is on), 2 s after the page. */
export function PushPrompt() {
  const { t } = useTranslation();
  const config = useAppStore((s) => s.dataFirstSetting?.UIAppConfig);
  const isAuthenticated = useAppStore((s) => s.isAuthenticated);
  const [visible, setVisible] = useState(false);
  const pushNotify = Boolean(config?.pushNotify && config.vapidPublicKey && isAuthenticated);

  useEffect(() => {
    if (!pushNotify) return;
    const answer = readPushAnswer(localStorage.getItem(PUSH_ANSWER_KEY));
    if (answer === PUSH_ANSWERS.subscribed) {
      void checkExistingSubscription();
      return;
    }
    const timer = window.setTimeout(() => {
      if (shouldShowPushPrompt(true, answer, document.getElementById(PROMPT_ID) !== null)) setVisible(true);
    }, PUSH_PROMPT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pushNotify]);

  if (!visible || !config) return null;
  const answer = (value: PushAnswer) => {
    storeAnswer(value);
    setVisible(false);
  };
  return (
    <section id={PROMPT_ID} className="push-prompt card shadow" aria-label={t('Push notifications')}>
      <div className="card-body d-flex flex-column flex-sm-row align-items-sm-center gap-2">
        <i className="bi bi-bell fs-4 text-primary" aria-hidden="true" />
        <p className="mb-0 flex-grow-1">{t(PUSH_TEXTS.prompt)}</p>
        <div className="d-flex gap-2">
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={() => answer(PUSH_ANSWERS.maybeLater)}
          >
            {t(PUSH_TEXTS.maybeLater)}
          </button>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void subscribe(config.vapidPublicKey).then(answer)}
          >
            {t(PUSH_TEXTS.allow)}
          </button>
        </div>
      </div>
    </section>
  );
}
