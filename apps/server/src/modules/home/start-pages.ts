// The start page each role sees: which key figures, which chart, which shortcuts and which
// resources the command palette searches. Configuration in code, like the resource declarations:
// a role without its own page gets the default one. Everything listed is still checked against the
// caller's grants when the page is answered (a figure of a resource they may not list is left out).

/** The key figures the start page can show, by code (their queries live in the service). */
export const START_FIGURES = ['revenue', 'sales', 'bills', 'newProducts', 'events'] as const;
export type StartFigure = (typeof START_FIGURES)[number];

/** A resource the command palette searches: its List call, its screen and the field that names a row. */
export type SearchSource = { api: string; url: string; titleField: string };

export type StartPageDefinition = {
  figures: StartFigure[];
  /** The chart under the figures (a `Stats/*` call), or none. */
  chart: 'SalesByMonth' | null;
  /** Menu addresses offered as shortcuts; those the caller cannot open are left out. */
  shortcuts: string[];
  search: SearchSource[];
};

const SEARCH: SearchSource[] = [
  { api: 'Product', url: '/data/products', titleField: 'Name' },
  { api: 'Category', url: '/data/categories', titleField: 'Name' },
  { api: 'Event', url: '/data/events', titleField: 'Title' },
  { api: 'Place', url: '/data/places', titleField: 'Name' },
];

export const START_PAGES: Record<string, StartPageDefinition> = {
  admin: {
    figures: ['revenue', 'sales', 'bills', 'newProducts'],
    chart: 'SalesByMonth',
    shortcuts: ['/pos', '/data/products', '/admin/users', '/studio', '/reports/sales', '/admin/audit'],
    search: SEARCH,
  },
  default: {
    figures: ['revenue', 'sales', 'newProducts', 'events'],
    chart: 'SalesByMonth',
    shortcuts: ['/pos', '/data/products', '/data/sales', '/calendar', '/dailytasks', '/file-manager'],
    search: SEARCH,
  },
};

/** The start page of a user: that of their first role that has one, else the default. */
export function startPageOf(roles: readonly string[]): StartPageDefinition {
  for (const role of roles) {
    const page = START_PAGES[role];
    if (page) return page;
  }
  return START_PAGES.default as StartPageDefinition;
}

/** The length of the period a figure covers, compared with the period before it. */
export const FIGURE_PERIOD_DAYS = 30;
/** How many audit entries the start page's activity lists. */
export const ACTIVITY_LENGTH = 8;
