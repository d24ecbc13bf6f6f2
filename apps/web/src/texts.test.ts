// The small translator of the light sign-in page (texts.ts): the same files, lookup order and
// placeholders as i18next gives the app, so the page reads the same in every language.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const FILES: Record<string, Record<string, unknown>> = {
  '/locales/vn/common.json': {
    'Sign in': 'Đăng nhập',
    Hello: 'Xin chào {{name}}',
    Empty: '',
    Active: 'Đang bật',
  },
  '/locales/vn/forms.json': { 'Sign in': 'Đăng nhập (forms)', 'Required field': 'Bắt buộc' },
  '/locales/vn/extra.json': { 'Only extra': 'Chỉ ở tệp thêm', Active: 'Đang hoạt động' },
  '/locales/en/common.json': {},
  '/locales/en/forms.json': {},
};

let requested: string[] = [];

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0] as string;
      requested.push(path);
      const body = FILES[path];
      return body ? new Response(JSON.stringify(body)) : new Response('not found', { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the light translator', () => {
  it('reads the stored language’s common and forms files, common first, the key when missing', async () => {
    localStorage.setItem('Language', 'vn');
    const texts = await import('./texts');
    localStorage.setItem(texts.PSEUDO_LOCALE_KEY, '0');
    await texts.loadLightTranslator();
    expect(texts.translate('Sign in')).toBe('Đăng nhập');
    expect(texts.translate('Required field')).toBe('Required field');
    expect(texts.translate('Not translated')).toBe('Not translated');
    // An empty text counts as missing, as i18next's returnEmptyString: false.
    expect(texts.translate('Empty')).toBe('Empty');
    expect(texts.translate('Hello', { name: 'An' })).toBe('Xin chào An');
    expect(texts.translate('Hello')).toBe('Xin chào {{name}}');
    expect(texts.currentLanguage()).toBe('vn');
  });

  it('looks in the namespaces a part asks for first, then in the extra files, and in common last', async () => {
    localStorage.setItem('Language', 'vn');
    localStorage.setItem('FirstSetting', JSON.stringify({ DefaultValues: { listExtLng: ['extra'] } }));
    const texts = await import('./texts');
    await texts.loadLightTranslator();
    expect(requested).toContain('/locales/vn/extra.json');
    const engine = texts.currentTextEngine();
    expect(engine.translate('Sign in', undefined, ['forms'])).toBe('Đăng nhập (forms)');
    expect(engine.translate('Required field', undefined, ['forms'])).toBe('Bắt buộc');
    expect(texts.translate('Only extra')).toBe('Chỉ ở tệp thêm');
    // A part's own namespaces, then the extra files (the screens' texts), then common.
    expect(engine.translate('Active', undefined, ['forms'])).toBe('Đang hoạt động');
    // Without namespaces common is the part's own (i18next's defaultNS).
    expect(texts.translate('Active')).toBe('Đang bật');
  });

  it('changes language by loading the other files, and wraps texts in the pseudo-locale', async () => {
    localStorage.setItem('Language', 'vn');
    const texts = await import('./texts');
    await texts.loadLightTranslator();
    await texts.changeTextLanguage('en');
    expect(texts.translate('Sign in')).toBe('Sign in');
    expect(texts.currentLanguage()).toBe('en');
    localStorage.setItem(texts.PSEUDO_LOCALE_KEY, '1');
    expect(texts.translate('Sign in')).toBe('⟦Sign in⟧');
  });
});
