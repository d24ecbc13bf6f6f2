import { ALERT_DIALOG_TITLE, parseToastText, type ToastKind } from '../engine/toast-prefix';
import { setAppState } from '../state/app-store';
import { translate } from '../texts';
import { toast } from './toast';

/** Where each toast kind is shown: the five toast kinds, a Notice dialog, or the browser's alert. */
const SHOW: Record<ToastKind, (text: string) => void> = {
  default: (text) => toast(text),
  info: (text) => toast.info(text),
  success: (text) => toast.success(text),
  warning: (text) => toast.warning(text),
  error: (text) => toast.error(text),
  alert: (text) => setAppState({ alertDialog: { title: translate(ALERT_DIALOG_TITLE), text } }),
  system: (text) => window.alert(text),
};

/** Shows a message; a prefix such as [Warning] in the text picks how, else `fallback` does. */
export function notify(text: string, fallback: ToastKind = 'default'): void {
  const { kind, text: shown } = parseToastText(text, fallback);
  SHOW[kind](translate(shown));
}
