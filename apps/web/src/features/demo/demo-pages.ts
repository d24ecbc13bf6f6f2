/** The demo pages of part 1 section 2 that show a configured screen, by their path under /demo/. */
export const DEMO_SCREEN_PAGES = [
  'buttonlist',
  'formcontrol',
  'form',
  'tablecell',
  'tabletotal',
  'tablefilter',
  'myui',
  'libs',
  'demo_dashboard_one',
  'demo_chartjs',
  'demo_ggchart',
  'table',
  'survey',
] as const;

/** The screen (by its code) a demo page shows: `demo_{name}`, or the name when it starts so. */
export const demoScreenCode = (name: string) => (name.startsWith('demo_') ? name : `demo_${name}`);
