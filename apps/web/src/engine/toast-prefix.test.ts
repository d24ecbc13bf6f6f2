import { describe, expect, it } from 'vitest';
import { ALERT_DIALOG_TITLE, parseToastText } from './toast-prefix';

describe('toast prefixes', () => {
  it.each([
    ['[Warning] Low stock', 'warning', 'Low stock'],
    ['[Error] Failed', 'error', 'Failed'],
    ['[Info] FYI', 'info', 'FYI'],
    ['[Success] Saved', 'success', 'Saved'],
    ['[Alert] Read this', 'alert', 'Read this'],
    ['[System] Reload now', 'system', 'Reload now'],
  ])('%s sets the kind', (text, kind, shown) => {
    expect(parseToastText(text)).toEqual({ kind, text: shown });
  });

  it('keeps the default kind and the whole text without a prefix', () => {
    expect(parseToastText('Plain message', 'error')).toEqual({ kind: 'error', text: 'Plain message' });
    expect(parseToastText('Mid [Warning] text')).toEqual({ kind: 'default', text: 'Mid [Warning] text' });
  });

  it('titles the alert dialog Notice', () => {
    expect(ALERT_DIALOG_TITLE).toBe('Notice');
  });
});
