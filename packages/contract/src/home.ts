import type { ChartData } from './workspace';

/** One key figure of the start page: its value now and over the period before, for the change. */
export type StartFigure = {
  Code: string;
  /** English text key, translated where shown. */
  Label: string;
  Value: number;
  Previous: number;
  Format: 'money' | 'number';
  /** The screen that lists what is counted. */
  Url: string;
  /** The length of the period, in days (the previous one is as long). */
  PeriodDays: number;
};

/** One line of the start page's activity: who did what to which record, from the audit log. */
export type StartActivity = {
  Id: number;
  At: string;
  Who: string;
  /** `created`, `changed` or `deleted`. */
  Action: 'created' | 'changed' | 'deleted';
  /** The resource's title (English text key). */
  Resource: string;
  RecordId: string;
};

/** A shortcut of the start page and the palette: a menu entry the user may open. */
export type StartShortcut = { Name: string; Url: string; Icon: string };

/** A resource the command palette searches through its List call. */
export type StartSearchSource = { Api: string; Name: string; Url: string; TitleField: string };

/** `Home/Start`: the start page the server composed for the caller's role. */
export type StartPage = {
  Figures: StartFigure[];
  Chart: { Title: string; ChartData: ChartData } | null;
  Activity: StartActivity[];
  Shortcuts: StartShortcut[];
  Search: StartSearchSource[];
};
