import { describe, expect, it } from 'vitest';
import {
  CHART_KINDS,
  calendarEventsOf,
  chartDataOf,
  chartKindOf,
  chartNumberOf,
  chartPalette,
  columnTotals,
  readableTextColor,
  readCalendarConfig,
  readDashboardLayout,
  rescheduleValues,
  visibleRangeFilter,
  widgetGridArea,
} from './index';

describe('charts', () => {
  const rows = [
    { Id: 1, Month: '2026-01', Amount: 10.5, Quantity: 2 },
    { Id: 2, Month: '2026-02', Amount: '20', Quantity: 3 },
  ];

  it('uses ExtraData.ChartData when the answer has it', () => {
    const answer = {
      Data: rows,
      ExtraData: { ChartData: { labels: ['a', 'b'], datasets: [{ label: 'S', data: [1, '2'] }] } },
    };
    expect(chartDataOf(answer, { fX: 'Month', fY: ['Amount'] })).toEqual({
      labels: ['a', 'b'],
      datasets: [{ label: 'S', data: [1, 2] }],
    });
  });

  it('builds the data from the rows: labels from fX, a series per fY', () => {
    expect(chartDataOf({ Data: rows }, { fX: 'Month', fY: ['Amount', 'Quantity'] })).toEqual({
      labels: ['2026-01', '2026-02'],
      datasets: [
        { label: 'Amount', data: [10.5, 20] },
        { label: 'Quantity', data: [2, 3] },
      ],
    });
    expect(chartDataOf(rows, { fY: 'Amount', fLabel: 'Revenue' }).datasets).toEqual([
      { label: 'Revenue', data: [10.5, 20] },
    ]);
    // Without fX and fY: the first text field labels, every numeric field but Id is a series.
    expect(chartDataOf({ Data: rows }, {})).toEqual({
      labels: ['2026-01', '2026-02'],
      datasets: [
        { label: 'Amount', data: [10.5, 20] },
        { label: 'Quantity', data: [2, 3] },
      ],
    });
    expect(chartDataOf(null, {})).toEqual({ labels: [], datasets: [] });
  });

  it('reads the figure of a number widget', () => {
    expect(chartNumberOf({ Data: [{ Sales: 42 }] }, { fY: ['Sales'] })).toBe(42);
    expect(
      chartNumberOf(
        {
          Data: [],
          ExtraData: { ChartData: { labels: ['a', 'b'], datasets: [{ label: 'x', data: [1, 2] }] } },
        },
        {},
      ),
    ).toBe(3);
    expect(chartNumberOf({ Data: [] }, { fY: ['Sales'] })).toBeNull();
  });

  it('draws every type of the specification; column is vertical and bar horizontal', () => {
    expect(Object.keys(CHART_KINDS).sort()).toEqual([
      'area',
      'bar',
      'column',
      'doughnut',
      'line',
      'number',
      'pie',
    ]);
    expect(chartKindOf('area')).toEqual({ kind: 'line', fill: true });
    expect(chartKindOf('bar')).toEqual({ kind: 'bar', horizontal: true });
    expect(chartKindOf('toString')).toEqual({ kind: 'bar', horizontal: false });
    expect(chartPalette({ style: 'google' })[0]).toBe('#3366cc');
    expect(chartPalette({ colors: ['#000'] })).toEqual(['#000']);
  });
});

describe('dashboard layout', () => {
  it('reads the widgets in reading order, clamped into the grid', () => {
    const layout = readDashboardLayout(
      JSON.stringify({
        columns: 12,
        widgets: [
          { x: 6, y: 0, w: 10, h: 2, UIType: 'chart', Config: { APIName: 'Stats' } },
          { x: 0, y: 0, w: 6, h: 2, ScreenCode: 'a' },
          { x: -3, y: 4, UIType: 'number' },
          'not a widget',
        ],
      }),
    );
    expect(layout.columns).toBe(12);
    expect(layout.widgets.map((w) => [w.x, w.y, w.w, w.h, w.UIType || w.ScreenCode])).toEqual([
      [0, 0, 6, 2, 'a'],
      [6, 0, 6, 2, 'chart'],
      [0, 4, 12, 4, 'number'],
    ]);
    expect(widgetGridArea(layout.widgets[1]!)).toEqual({ gridColumn: '7 / span 6', gridRow: '1 / span 2' });
    expect(readDashboardLayout('not json')).toEqual({ columns: 12, widgets: [] });
    expect(readDashboardLayout(undefined).widgets).toEqual([]);
  });
});

describe('calendar', () => {
  const config = readCalendarConfig({ fStart: 'Start', initialView: 'timeGridWeek' });

  it('reads its config with defaults', () => {
    expect(config).toEqual({
      fStart: 'Start',
      fEnd: 'End',
      fTitle: 'Title',
      fColor: 'Color',
      fAllDay: 'AllDay',
      initialView: 'timeGridWeek',
      editable: true,
    });
    expect(readCalendarConfig({ initialView: 'year' }).initialView).toBe('dayGridMonth');
  });

  it('turns rows into events; a locked row cannot be dragged, a row without start is left out', () => {
    const events = calendarEventsOf(
      [
        {
          Id: 1,
          Title: 'A',
          Start: '2026-04-10T09:00:00.000Z',
          End: '2026-04-10T10:00:00.000Z',
          Color: '#057e38',
        },
        { Id: 2, Title: 'B', Start: '2026-04-11T00:00:00.000Z', AllDay: true, IsLocked: true },
        { Id: 3, Title: 'C' },
      ],
      config,
    );
    expect(events.map((e) => [e.id, e.title, e.allDay, e.editable, e.backgroundColor, e.end])).toEqual([
      ['1', 'A', false, true, '#057e38', '2026-04-10T10:00:00.000Z'],
      ['2', 'B', true, false, undefined, undefined],
    ]);
  });

  it('writes event texts in black or white, whichever reads better on the colour', () => {
    expect(readableTextColor('#057e38')).toBe('#ffffff');
    expect(readableTextColor('#f4b400')).toBe('#000000');
    expect(readableTextColor('#FFFFFF')).toBe('#000000');
    expect(readableTextColor('red')).toBe('#ffffff');
  });

  it('saves a drag as the new start and end, and lists the visible days', () => {
    expect(
      rescheduleValues(config, new Date('2026-04-12T09:00:00Z'), new Date('2026-04-12T10:00:00Z')),
    ).toEqual([
      { FieldName: 'Start', NewValue: '2026-04-12T09:00:00.000Z' },
      { FieldName: 'End', NewValue: '2026-04-12T10:00:00.000Z' },
    ]);
    expect(rescheduleValues(config, new Date('2026-04-12T09:00:00Z'), null)).toHaveLength(1);
    expect(visibleRangeFilter(config, new Date(2026, 2, 30), new Date(2026, 4, 11))).toEqual({
      FieldName: 'Start',
      Type: 'daterange',
      Value: { start: '2026-03-30', end: '2026-05-10' },
    });
  });
});

describe('report totals', () => {
  it('sums each field exactly in cents, ignoring what is no number', () => {
    expect(columnTotals([{ A: 0.1, B: '2' }, { A: 0.2, B: 'x' }, { A: null }], ['A', 'B', 'C'])).toEqual({
      A: 0.3,
      B: 2,
      C: 0,
    });
  });
});
