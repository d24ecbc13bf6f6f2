import { describe, expect, it } from 'vitest';
import { cell } from '../testing/columns';
import { DEFAULT_BUTTON_COLOR, resolveButton } from './button';
import { resolveEmbeddedUi } from './embedded-ui';
import { resolveIcon } from './icon';
import { cssLength, DEFAULT_PHOTO_MAX_SIZE, photoUrls, resolvePhoto } from './photo';

const button = (row: Record<string, unknown>, buttonOption: unknown, type = 'text') =>
  resolveButton(
    cell(row, {
      fieldName: 'Status',
      type,
      more: buttonOption === undefined ? {} : { button: buttonOption },
    }),
  );

describe('button', () => {
  it('is null when the cell is not a button', () => {
    expect(button({}, undefined)).toBeNull();
  });

  it('a button cell without options is a primary button titled with the value', () => {
    expect(button({ Status: 'Go' }, undefined, 'button')).toMatchObject({
      variant: DEFAULT_BUTTON_COLOR,
      color: 'primary',
      title: 'Go',
      disabled: false,
      showIcon: false,
      showText: true,
    });
  });

  it('color, and outline prefixes the variant', () => {
    expect(button({}, { color: 'danger' })?.variant).toBe('danger');
    expect(button({}, { color: 'danger', outline: true })).toMatchObject({
      variant: 'outline-danger',
      outline: true,
    });
  });

  it('draws a colour value through the button variables, with text that reads on it', () => {
    const dark = button({}, { color: '#057e38' });
    expect(dark?.variant).toBe('custom');
    expect(dark?.style).toMatchObject({ '--bs-btn-bg': '#057e38', '--bs-btn-color': '#ffffff' });
    const light = button({}, { color: '#fe0', outline: true, style: { padding: 2 } });
    expect(light?.style).toMatchObject({
      '--bs-btn-color': '#ffee00',
      '--bs-btn-hover-bg': '#ffee00',
      '--bs-btn-hover-color': '#000000',
      padding: 2,
    });
    expect(light?.style).not.toHaveProperty('--bs-btn-bg');
  });

  it('colorByValue picks the colour by the cell value, falling back to color', () => {
    const option = { color: 'dark', colorByValue: { '1': 'success', '0': 'secondary' } };
    expect(button({ Status: 1 }, option)?.color).toBe('success');
    expect(button({ Status: 0 }, option)?.color).toBe('secondary');
    expect(button({ Status: 5 }, option)?.color).toBe('dark');
  });

  it('style and className', () => {
    expect(button({}, { style: { padding: 2 }, className: 'btn-sm' })).toMatchObject({
      style: { padding: 2 },
      className: 'btn-sm',
    });
  });

  it("titleTooltip, or the row's fTitleTooltip", () => {
    expect(button({}, {})?.tooltip).toBeUndefined();
    expect(button({ Id: 2 }, { titleTooltip: 'Approve [Id]' })?.tooltip).toBe('Approve 2');
    expect(button({ T: 'Row tip' }, { titleTooltip: 'Plain', fTitleTooltip: 'T' })?.tooltip).toBe('Row tip');
    expect(button({ T: null }, { titleTooltip: 'Plain', fTitleTooltip: 'T' })?.tooltip).toBe('Plain');
  });

  it("disabled, or the row's fDisabled", () => {
    expect(button({}, { disabled: true })?.disabled).toBe(true);
    expect(button({ D: true }, { fDisabled: 'D' })?.disabled).toBe(true);
    expect(button({ D: false }, { fDisabled: 'D', disabled: true })?.disabled).toBe(false);
    expect(button({ D: null }, { fDisabled: 'D', disabled: true })?.disabled).toBe(true);
    expect(button({ D: 0 }, { fDisabled: 'D' })?.disabled).toBe(false);
  });

  it('icon and iconByValue; with an icon only the icon shows unless hasIconAndText', () => {
    expect(button({ Status: 1 }, { icon: 'bi-check', title: 'Ok' })).toMatchObject({
      icon: 'bi-check',
      showIcon: true,
      showText: false,
      title: 'Ok',
    });
    expect(button({ Status: 1 }, { icon: 'bi-x', iconByValue: { '1': 'bi-check' } })?.icon).toBe('bi-check');
    expect(button({ Status: 2 }, { icon: 'bi-x', iconByValue: { '1': 'bi-check' } })?.icon).toBe('bi-x');
    expect(button({}, { icon: 'bi-check', hasIconAndText: true })).toMatchObject({
      showIcon: true,
      showText: true,
    });
  });

  it('title is a template', () => {
    expect(button({ Id: 3 }, { title: 'Open [Id]' })?.title).toBe('Open 3');
  });
});

describe('embedded UI', () => {
  it('myui renders a registered renderer of type with config', () => {
    expect(resolveEmbeddedUi(cell({}, { more: { myui: { type: 'chart', config: { a: 1 } } } }))).toEqual({
      type: 'chart',
      config: { a: 1 },
    });
    expect(resolveEmbeddedUi(cell({}, { more: {} }))).toBeNull();
    expect(resolveEmbeddedUi(cell({}, { more: { myui: { config: {} } } }))).toBeNull();
  });
});

describe('icon', () => {
  const icon = (value: unknown, more: unknown, type = 'text') =>
    resolveIcon(cell({ Name: value }, { type, more }));

  it('is null when the cell shows no icon', () => {
    expect(icon(1, {})).toBeNull();
    expect(icon(1, {}, 'icon')).not.toBeNull();
  });

  it('is active when the value is truthy', () => {
    expect(icon(1, { icon: 'bi-star' })).toMatchObject({ name: 'bi-star', active: true, show: true });
    expect(icon(true, { icon: 'bi-star' })?.active).toBe(true);
    expect(icon(0, { icon: 'bi-star' })?.active).toBe(false);
    expect(icon('0', { icon: 'bi-star' })?.active).toBe(false);
    expect(icon(null, { icon: 'bi-star' })?.active).toBe(false);
  });

  it('uses style when active and styleInactive when not', () => {
    const configIcon = { style: { color: 'green' }, styleInactive: { opacity: 0.3 } };
    expect(icon(1, { icon: 'bi-star', configIcon })?.style).toEqual({ color: 'green' });
    expect(icon(0, { icon: 'bi-star', configIcon })?.style).toEqual({ opacity: 0.3 });
  });

  it('is gray when inactive without styleInactive', () => {
    expect(icon(0, { icon: 'bi-star', configIcon: { style: { fontSize: 12 } } })?.style).toEqual({
      fontSize: 12,
      color: 'gray',
    });
  });

  it('hideWhenNoActive shows nothing when inactive', () => {
    expect(icon(0, { icon: 'bi-star', configIcon: { hideWhenNoActive: true } })?.show).toBe(false);
    expect(icon(1, { icon: 'bi-star', configIcon: { hideWhenNoActive: true } })?.show).toBe(true);
    expect(icon(0, { icon: 'bi-star' })?.show).toBe(true);
  });

  it('className', () => {
    expect(icon(1, { configIcon: { className: 'big' } })?.className).toBe('big');
  });
});

describe('photo', () => {
  const photo = (row: Record<string, unknown>, more: unknown, type = 'text') =>
    resolvePhoto(cell(row, { fieldName: 'Img', type, more }));

  it('is null unless showPhoto (or a photo cell)', () => {
    expect(photo({ Img: 'a.png' }, {})).toBeNull();
    expect(photo({ Img: 'a.png' }, {}, 'photo')?.urls).toEqual(['a.png']);
  });

  it('shows the value as one url or a list', () => {
    expect(photo({ Img: '/a.png' }, { showPhoto: true })?.urls).toEqual(['/a.png']);
    expect(photo({ Img: ['/a.png', '/b.png'] }, { showPhoto: true })?.urls).toEqual(['/a.png', '/b.png']);
    expect(photo({ Img: '/a.png, /b.png' }, { showPhoto: true })?.urls).toEqual(['/a.png', '/b.png']);
    expect(photo({ Img: '["/a.png","/b.png"]' }, { showPhoto: true })?.urls).toEqual(['/a.png', '/b.png']);
    expect(photo({ Img: null }, { showPhoto: true })?.urls).toEqual([]);
  });

  it("fPhoto: the row field's urls instead of the value", () => {
    expect(photo({ Img: '/a.png', P: '/p.png' }, { showPhoto: true, fPhoto: 'P' })?.urls).toEqual(['/p.png']);
    expect(photo({ Img: '/a.png', P: null }, { showPhoto: true, fPhoto: 'P' })?.urls).toEqual(['/a.png']);
  });

  it('fits images in maxHeight × maxWidth, 120px by default', () => {
    expect(DEFAULT_PHOTO_MAX_SIZE).toBe('120px');
    expect(photo({ Img: 'a' }, { showPhoto: true })).toMatchObject({
      maxHeight: '120px',
      maxWidth: '120px',
      imageStyle: { maxHeight: '120px', maxWidth: '120px', objectFit: 'contain' },
    });
    expect(
      photo({ Img: 'a' }, { showPhoto: true, maxHeight: 80, maxWidth: '50%' })?.imageStyle,
    ).toMatchObject({
      maxHeight: '80px',
      maxWidth: '50%',
    });
  });

  it('noScale does not fit the images', () => {
    expect(photo({ Img: 'a' }, { showPhoto: true, noScale: true })?.imageStyle).toEqual({});
  });

  it('styleImg is added last', () => {
    expect(
      photo({ Img: 'a' }, { showPhoto: true, styleImg: { borderRadius: 4, maxWidth: '60px' } })?.imageStyle,
    ).toEqual({
      maxHeight: '120px',
      maxWidth: '60px',
      objectFit: 'contain',
      borderRadius: 4,
    });
  });

  it('keeps a data: url whole and reads CSS lengths', () => {
    expect(photoUrls('data:image/png;base64,AAA,BBB')).toEqual(['data:image/png;base64,AAA,BBB']);
    expect(cssLength('90', 'x')).toBe('90px');
    expect(cssLength('', 'x')).toBe('x');
  });
});
