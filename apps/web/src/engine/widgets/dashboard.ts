import { readObject, readText } from '../values';

/** A widget of a dashboard's layout: its grid cell, and either its own UI type and config or a content. */
export type DashboardWidget = {
  x: number;
  y: number;
  w: number;
  h: number;
  UIType: string;
  Config: Record<string, unknown>;
  /** The content (child screen) it shows, by screen code. */
  ScreenCode: string;
  Title: string;
};

export type DashboardLayout = { columns: number; widgets: DashboardWidget[] };

/** Default grid columns of a dashboard. */
export const DASHBOARD_COLUMNS = 12;
/** Height of one grid row in pixels. */
export const DASHBOARD_ROW_PX = 60;

const whole = (value: unknown, fallback: number, min: number, max: number) => {
  const number = typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : fallback;
  return Math.min(max, Math.max(min, number));
};

/**
 * Reads `Dashboard: {columns, widgets: [{x, y, w, h, UIType, Config}]}` (JSON text or object).
 * Positions are clamped into the grid; widgets are in reading order (top to bottom, left to right),
 * the order of the page for keyboards and screen readers.
 */
export function readDashboardLayout(value: unknown): DashboardLayout {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = value.trim() === '' ? {} : JSON.parse(value);
    } catch {
      parsed = {};
    }
  }
  const layout = readObject(parsed) ?? {};
  const columns = whole(layout.columns, DASHBOARD_COLUMNS, 1, 24);
  const list = Array.isArray(layout.widgets) ? layout.widgets : [];
  const widgets = list.flatMap((item): DashboardWidget[] => {
    const widget = readObject(item);
    if (!widget) return [];
    const x = whole(widget.x, 0, 0, columns - 1);
    return [
      {
        x,
        y: whole(widget.y, 0, 0, 1000),
        w: whole(widget.w, columns, 1, columns - x),
        h: whole(widget.h, 4, 1, 40),
        UIType: readText(widget.UIType) ?? '',
        Config: readObject(widget.Config) ?? {},
        ScreenCode: readText(widget.ScreenCode) ?? '',
        Title: readText(widget.Title) ?? '',
      },
    ];
  });
  widgets.sort((a, b) => a.y - b.y || a.x - b.x);
  return { columns, widgets };
}

/** The CSS grid placement of a widget. */
export function widgetGridArea(widget: DashboardWidget): { gridColumn: string; gridRow: string } {
  return { gridColumn: `${widget.x + 1} / span ${widget.w}`, gridRow: `${widget.y + 1} / span ${widget.h}` };
}
