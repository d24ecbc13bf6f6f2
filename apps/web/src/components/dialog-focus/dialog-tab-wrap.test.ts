import { afterEach, describe, expect, it } from 'vitest';
import { keepTabInsideDialogs } from './dialog-tab-wrap';

// jsdom draws nothing (no client rects): every element counts as drawn but those under [hidden].
const drawnInJsdom = (element: HTMLElement) => !element.closest('[hidden]');

function press(shiftKey = false) {
  const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
  (document.activeElement ?? document.body).dispatchEvent(event);
  return event.defaultPrevented;
}

let release = () => {};
afterEach(() => {
  release();
  document.body.innerHTML = '';
});

function page() {
  document.body.innerHTML = `
    <button id="behind">Behind</button>
    <div class="modal show" role="dialog" aria-modal="true" tabindex="-1">
      <button id="close">Close</button>
      <input id="code" aria-label="Code" />
      <button id="hidden-one" hidden>Not drawn</button>
      <button id="save">Save</button>
    </div>`;
  release = keepTabInsideDialogs(document, drawnInJsdom);
  return (id: string) => document.getElementById(id) as HTMLElement;
}

describe('Tab inside an open dialog', () => {
  it("goes from the dialog's last control to its first, and Shift+Tab back", () => {
    const byId = page();
    byId('save').focus();
    expect(press()).toBe(true);
    expect(document.activeElement?.id).toBe('close');
    expect(press(true)).toBe(true);
    expect(document.activeElement?.id).toBe('save');
  });

  it('leaves a Tab between two controls inside to the browser', () => {
    const byId = page();
    byId('close').focus();
    expect(press()).toBe(false);
  });

  it('brings a focus that was outside (the body, the page behind) into the dialog', () => {
    const byId = page();
    byId('behind').focus();
    expect(press()).toBe(true);
    expect(document.activeElement?.id).toBe('close');
    (document.activeElement as HTMLElement).blur();
    expect(press(true)).toBe(true);
    expect(document.activeElement?.id).toBe('save');
  });

  it('does nothing when no dialog is open', () => {
    document.body.innerHTML = '<button id="a">A</button><button id="b">B</button>';
    release = keepTabInsideDialogs(document, drawnInJsdom);
    (document.getElementById('b') as HTMLElement).focus();
    expect(press()).toBe(false);
  });
});
