import { describe, expect, it } from 'vitest';
import { safeParseForPeople } from '../issues';
import { CONFIG_FORMAT, type ConfigDocument, type ConfigScreen, configDocumentSchema } from './document';
import { UI_TYPES } from './ui-types';

/** Parts of a screen, well-formed or not: the malformed cases are the point of these tests. */
type ScreenParts = { [key in keyof ConfigScreen]?: unknown };

const screen = (overrides: ScreenParts = {}): ConfigScreen =>
  ({
    title: 'Orders',
    uiUrl: '/orders',
    uiType: 'table',
    apiName: 'Product',
    apiMethod: 'List',
    type: '',
    parent: null,
    orderNo: 0,
    isPublic: false,
    isEnabled: true,
    config: {},
    requestData: {},
    screenConfig: {},
    uiTypeContents: null,
    columns: {},
    columnOrder: [],
    ...overrides,
  }) as ConfigScreen;

const documentWith = (screens: Record<string, ConfigScreen>): ConfigDocument => ({
  format: CONFIG_FORMAT,
  screens,
  menus: { side: [], app: [] },
  translations: {},
  roles: {},
  settings: {},
});

/** The issues of a document, as `path: message` lines. */
function issuesOf(document: unknown): string[] {
  const parsed = safeParseForPeople(configDocumentSchema, document);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const withMore = (more: unknown) =>
  documentWith({ orders: screen({ columns: { Price: { more } } as never }) });

describe('the configuration document schema', () => {
  it('takes a well-formed document', () => {
    expect(issuesOf(documentWith({ orders: screen() }))).toEqual([]);
  });

  it('names the path and the reason of a colour that is none', () => {
    expect(issuesOf(withMore({ button: { color: 'greenish' } }))).toEqual([
      'screens.orders.columns.Price.more.button.color: must be a colour such as #057e38',
    ]);
  });

  // One malformed option of each group of part 2 section 3, and the Api config.
  const moreCases: [group: string, more: unknown, path: string][] = [
    ['visibility', { canShow: 'yes' }, 'canShow'],
    ['value and text', { fValue: 3 }, 'fValue'],
    ['modal', { modal: { size: 'huge' } }, 'modal.size'],
    ['confirmation', { confirmMsg: 5 }, 'confirmMsg'],
    ['button', { button: { colorByValue: { '1': 'neon' } } }, 'button.colorByValue.1'],
    ['embedded UI', { myui: { config: {} } }, 'myui.type'],
    ['icon', { configIcon: { hideWhenNoActive: 'no' } }, 'configIcon.hideWhenNoActive'],
    ['photo', { maxHeight: true }, 'maxHeight'],
    ['link', { newWindow: 'yes' }, 'newWindow'],
    ['styling', { styleByValue: 'red' }, 'styleByValue'],
    ['editing', { fCanEdit: 5 }, 'fCanEdit'],
    ['formats', { format: 7 }, 'format'],
    ['display', { configDisplay: { countShort: -1 } }, 'configDisplay.countShort'],
    ['update behaviour', { waitApi: 'soon' }, 'waitApi'],
    ['reloads', { needReloadMaster: 'y' }, 'needReloadMaster'],
    ['api config', { api: { needReloadList: 'y' } }, 'api.needReloadList'],
    ['a misspelt option', { colour: 'red' }, ''],
  ];
  it.each(moreCases)('refuses a malformed %s option', (_group, more, path) => {
    const issues = issuesOf(withMore(more));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(
      new RegExp(
        `^screens\\.orders\\.columns\\.Price\\.more${path ? `\\.${path.replaceAll('.', '\\.')}` : ''}: `,
      ),
    );
  });

  it.each(UI_TYPES.map((type) => [type]))('refuses a part the %s screen does not read', (uiType) => {
    const issues = issuesOf(documentWith({ orders: screen({ uiType, screenConfig: { Bogus: true } }) }));
    expect(issues.some((issue) => issue.startsWith('screens.orders.screenConfig'))).toBe(true);
  });

  // A malformed setting of each kind of screen that reads one.
  const typeCases: [uiType: ConfigScreen['uiType'], part: ScreenParts, path: string][] = [
    ['table', { screenConfig: { Page: { sizePerPage: 0 } } }, 'screenConfig.Page.sizePerPage'],
    ['chart', { screenConfig: { Chart: { chartType: 'spiral' } } }, 'screenConfig.Chart.chartType'],
    [
      'calendar',
      { screenConfig: { Calendar: { initialView: 'decade' } } },
      'screenConfig.Calendar.initialView',
    ],
    ['map', { screenConfig: { Map: { zoom: 'far' } } }, 'screenConfig.Map.zoom'],
    ['report', { screenConfig: { Report: { pageSize: 100_000 } } }, 'screenConfig.Report.pageSize'],
    ['panel', { screenConfig: { Panel: { columns: 9 } } }, 'screenConfig.Panel.columns'],
    [
      'form',
      { screenConfig: { Form: { name: 'Save', controls: [{ fieldName: 'A', type: 'slider' }] } } },
      'screenConfig.Form.controls.0.type',
    ],
    [
      'buttonlist',
      { screenConfig: { Header: { buttonList: [{ title: 'Go', outline: 'yes' }] } } },
      'screenConfig.Header.buttonList.0',
    ],
    ['mypage', { config: { html: 42 } }, 'config.html'],
    ['dashboard', { uiTypeContents: { columns: 'twelve', widgets: [] } }, 'uiTypeContents.columns'],
    ['otp_protected', { config: { message: 7 } }, 'config.message'],
    ['tab', { config: { showCount: 'yes' } }, 'config.showCount'],
    ['filemanager', { uiTypeContents: { anything: 1 } }, 'uiTypeContents'],
  ];
  it.each(typeCases)('refuses a malformed %s screen', (uiType, part, path) => {
    const issues = issuesOf(documentWith({ orders: screen({ uiType, ...part }) }));
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]).toMatch(new RegExp(`^screens\\.orders\\.${path.replaceAll('.', '\\.')}`));
  });

  it('refuses a file of another format and unknown sections', () => {
    expect(issuesOf({ ...documentWith({}), format: 2 })).toEqual(['format: must be 1']);
    expect(issuesOf({ ...documentWith({}), widgets: [] })).toEqual([': has unknown field: widgets']);
  });
});
