/** The stored answers to the push prompt (part 1 section 4). */
export const PUSH_ANSWERS = {
  subscribed: 1,
  maybeLater: 2,
  subscribeError: -1,
  unsupported: -2,
  denied: -3,
} as const;
export type PushAnswer = (typeof PUSH_ANSWERS)[keyof typeof PUSH_ANSWERS];

/** Where the answer is kept. */
export const PUSH_ANSWER_KEY = 'PushNotify';
/** The prompt appears 2 s after the page. */
export const PUSH_PROMPT_DELAY_MS = 2000;

export const PUSH_TEXTS = {
  prompt: "We'd like to show you notifications for lastest news and updates.",
  maybeLater: 'Maybe Later',
  allow: 'Allow',
} as const;

export function readPushAnswer(stored: string | null): PushAnswer | null {
  const value = Number(stored);
  return (Object.values(PUSH_ANSWERS) as number[]).includes(value) && stored !== null && stored !== ''
    ? (value as PushAnswer)
    : null;
}

/** Shown only with push notify on, no prompt element already there, and no subscription yet. */
export function shouldShowPushPrompt(
  pushNotify: boolean,
  answer: PushAnswer | null,
  promptExists: boolean,
): boolean {
  return pushNotify && !promptExists && answer !== PUSH_ANSWERS.subscribed;
}

/** The VAPID public key (base64url) as the bytes `PushManager.subscribe` wants. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
