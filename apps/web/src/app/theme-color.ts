import { useEffect } from 'react';
import { primaryColorCss } from '../engine/theme-color';
import { useAppStore } from '../state/app-store';

/** Applies the setting `primaryColor` as the theme colour, at run time (no rebuild for a new colour). */
export function usePrimaryColor(): void {
  const color = useAppStore((s) => s.dataFirstSetting?.UIAppConfig.primaryColor);
  useEffect(() => {
    const css = primaryColorCss(color);
    let style = document.getElementById('theme-primary-color');
    if (!css) {
      style?.remove();
      return;
    }
    if (!style) {
      style = document.createElement('style');
      style.id = 'theme-primary-color';
      document.head.append(style);
    }
    style.textContent = css;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.append(meta);
    }
    meta.content = color?.trim() ?? '';
  }, [color]);
}
