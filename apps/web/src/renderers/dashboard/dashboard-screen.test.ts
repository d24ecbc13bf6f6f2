import { describe, expect, it } from 'vitest';
import { readDashboardLayout } from '../../engine/widgets';
import type { ScreenDescriptor } from '../registry';
import { widgetScreen } from './dashboard-screen';

const board: ScreenDescriptor = {
  id: 'b',
  screenCode: 'board',
  title: 'Board',
  apiName: '',
  apiMethod: 'List',
  uiType: 'dashboard',
  pageType: 'admin_dashboard',
  config: {},
  requestData: { Region: 'north' },
  contents: [
    {
      id: 'c',
      screenCode: 'recent',
      title: 'Recent sales',
      apiName: 'Sale',
      apiMethod: 'List',
      uiType: 'table',
      pageType: 'admin_table',
      config: {},
      requestData: { Take: 5 },
      contents: [],
    },
  ],
};

describe('dashboard widgets', () => {
  const { widgets } = readDashboardLayout({
    widgets: [
      { x: 0, y: 0, w: 6, h: 4, ScreenCode: 'recent', Title: 'Latest' },
      {
        x: 6,
        y: 0,
        w: 6,
        h: 4,
        UIType: 'chart',
        Title: 'By month',
        Config: {
          APIName: 'Stats',
          APIMethod: 'SalesByMonth',
          RequestData: { Months: 6 },
          Chart: { chartType: 'line' },
        },
      },
      { x: 0, y: 4, w: 12, h: 2, ScreenCode: 'missing' },
    ],
  });

  it('shows a content of the dashboard by its screen code, with the board RequestData under its own', () => {
    expect(widgetScreen(board, widgets[0]!, 0)).toMatchObject({
      screenCode: 'recent',
      title: 'Latest',
      pageType: 'admin_table',
      requestData: { Region: 'north', Take: 5 },
    });
  });

  it('makes a screen of a widget with its own UI type and config', () => {
    expect(widgetScreen(board, widgets[1]!, 1)).toMatchObject({
      id: 'b-widget-1',
      title: 'By month',
      apiName: 'Stats',
      apiMethod: 'SalesByMonth',
      pageType: 'chart',
      requestData: { Region: 'north', Months: 6 },
      configs: { chartConfig: { chartType: 'line' } },
    });
  });

  it('has nothing for a widget naming no content', () => {
    expect(widgetScreen(board, widgets[2]!, 2)).toBeNull();
  });
});
