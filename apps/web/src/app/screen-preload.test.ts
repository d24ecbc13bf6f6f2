import type { FirstSettingData } from '@panelwright/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerPrefetch, type ScreenDescriptor } from '../renderers/registry';
import { setAppState } from '../state/app-store';
import { installScreenPreload } from './screen-preload';

const preloaded: ScreenDescriptor[] = [];
registerPrefetch('preload-probe', (screen) => preloaded.push(screen));

describe('screen preload', () => {
  let uninstall: () => void;
  let link: HTMLAnchorElement;
  beforeEach(() => {
    preloaded.length = 0;
    setAppState({
      isAuthenticated: false,
      dataFirstSetting: {
        PublicApiScreenList: [
          {
            Id: 'probe-screen',
            UIUrl: '/probe/[id]',
            ScreenCode: 'probe',
            Title: 'Probe',
            APIName: 'Probe',
            UIType: 'preload-probe',
            Config: '{}',
            RequestData: '{"Id":"[id]"}',
            Type: 'Public',
          },
        ],
      } as unknown as FirstSettingData,
    });
    link = document.createElement('a');
    link.href = '/probe/42';
    link.textContent = 'Probe';
    // The test stays on its page: only the preload's reaction to the click is looked at.
    link.addEventListener('click', (event) => event.preventDefault());
    document.body.append(link);
    uninstall = installScreenPreload();
  });
  afterEach(() => {
    uninstall();
    link.remove();
  });

  it('starts a screen’s first data on a click that came without pointer or focus (a screen reader, a script)', () => {
    link.click();
    expect(preloaded.map((screen) => [screen.id, screen.requestData])).toEqual([
      ['probe-screen', { Id: '42' }],
    ]);
  });

  it('starts it once for a press and the click that follows', () => {
    link.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    link.click();
    expect(preloaded).toHaveLength(1);
  });
});
