import type {
  MenuItem,
  StartActivity,
  StartFigure,
  StartPage,
  StartSearchSource,
  StartShortcut,
} from '@panelwright/contract';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { auditLog, events, posBills, products, sales, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { MenuService } from '../menus/service';
import type { ResourceService } from '../resources/service';
import type { User } from '../sessions/service';
import type { StatsService } from '../stats/service';
import {
  ACTIVITY_LENGTH,
  FIGURE_PERIOD_DAYS,
  type StartFigure as FigureCode,
  startPageOf,
} from './start-pages';

export type StartActor = { user: Pick<User, 'id' | 'role' | 'roles'> };

/** What a key figure counts: the rows of a resource in a period by one of its dates, or a sum over them. */
type FigureQuery = {
  label: string;
  api: string;
  url: string;
  table: PgTable;
  at: PgColumn;
  /** `date` columns compare with dates, timestamps with instants. */
  atIsDate: boolean;
  sum?: PgColumn;
  format: StartFigure['Format'];
  rows?: SQL;
};

const FIGURES: Record<FigureCode, FigureQuery> = {
  revenue: {
    label: 'Revenue',
    api: 'Sale',
    url: '/data/sales',
    table: sales,
    at: sales.soldOn,
    atIsDate: true,
    sum: sales.amount,
    format: 'money',
  },
  sales: {
    label: 'Number of sales',
    api: 'Sale',
    url: '/data/sales',
    table: sales,
    at: sales.soldOn,
    atIsDate: true,
    format: 'number',
  },
  bills: {
    label: 'Bills at the till',
    api: 'PosBill',
    url: '/sales/bills',
    table: posBills,
    at: posBills.createdAt,
    atIsDate: false,
    format: 'number',
  },
  newProducts: {
    label: 'New products',
    api: 'Product',
    url: '/data/products',
    table: products,
    at: products.createdAt,
    atIsDate: false,
    format: 'number',
  },
  events: {
    label: 'New events',
    api: 'Event',
    url: '/data/events',
    table: events,
    at: events.createdAt,
    atIsDate: false,
    format: 'number',
  },
};

const ACTIVITY_ACTIONS: Record<string, StartActivity['Action']> = {
  record_create: 'created',
  record_update: 'changed',
  record_delete: 'deleted',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The menu's openable entries, flattened, by address. */
function entriesByUrl(items: MenuItem[], into = new Map<string, MenuItem>()): Map<string, MenuItem> {
  for (const item of items) {
    if (item.Url && !into.has(item.Url)) into.set(item.Url, item);
    entriesByUrl(item.Children ?? [], into);
  }
  return into;
}

/**
 * `Home/Start`: the start page of the caller's role (start-pages.ts) as they may see it. Figures
 * count only the rows the caller's List of that resource shows (a figure of a resource they may not
 * list is left out); the activity is the audit log's record changes, everyone's for a caller who may
 * list the audit log, else their own; shortcuts and searched resources are menu entries they can open.
 */
export class HomeService {
  constructor(
    private readonly db: Database,
    private readonly resources: ResourceService,
    private readonly menus: MenuService,
    private readonly stats: StatsService,
  ) {}

  /** The row condition of the caller's List of `api`, or null without the grant. */
  private async listed(api: string, actor: StartActor): Promise<{ rows: SQL | undefined } | null> {
    try {
      return { rows: (await this.resources.reach(api, 'List', actor)).rowCondition };
    } catch (error) {
      if (error instanceof HttpError && error.status === 403) return null;
      throw error;
    }
  }

  async start(actor: StartActor, now = new Date()): Promise<StartPage> {
    const definition = startPageOf(actor.user.roles);
    const menu = await this.menus.projectScreens(actor.user);
    const open = entriesByUrl(JSON.parse(menu.side_menu) as MenuItem[]);
    entriesByUrl(JSON.parse(menu.app_menu) as MenuItem[], open);
    const [figures, activity, chart, search] = await Promise.all([
      Promise.all(definition.figures.map((code) => this.figure(code, actor, now))),
      this.activity(actor),
      definition.chart ? this.chart(actor) : Promise.resolve(null),
      Promise.all(
        definition.search.map(async (source): Promise<StartSearchSource | null> => {
          const entry = open.get(source.url);
          if (!entry || !(await this.listed(source.api, actor))) return null;
          return { Api: source.api, Name: entry.Name, Url: source.url, TitleField: source.titleField };
        }),
      ),
    ]);
    const shortcuts: StartShortcut[] = definition.shortcuts.flatMap((url) => {
      const entry = open.get(url);
      return entry ? [{ Name: entry.Name, Url: url, Icon: entry.Icon || 'bi-box-arrow-up-right' }] : [];
    });
    return {
      Figures: figures.filter((figure): figure is StartFigure => figure !== null),
      Chart: chart,
      Activity: activity,
      Shortcuts: shortcuts,
      Search: search.filter((source): source is StartSearchSource => source !== null),
    };
  }

  /** A figure over the last period and the one before it; null when the caller may not list its rows. */
  private async figure(code: FigureCode, actor: StartActor, now: Date): Promise<StartFigure | null> {
    const query = FIGURES[code];
    const allowed = await this.listed(query.api, actor);
    if (!allowed) return null;
    const bound = (daysAgo: number) => {
      const at = new Date(now.getTime() - daysAgo * DAY_MS);
      return query.atIsDate ? at.toISOString().slice(0, 10) : at;
    };
    const measure = query.sum
      ? sql<number>`cast(coalesce(sum(${query.sum}), 0) as float8)`
      : sql<number>`cast(count(*) as float8)`;
    const within = (from: number, to: number) =>
      this.db
        .select({ value: measure })
        .from(query.table)
        .where(
          and(
            allowed.rows,
            // biome-ignore lint/suspicious/noExplicitAny: a date column compares with its ISO text
            gte(query.at, bound(from) as any),
            // biome-ignore lint/suspicious/noExplicitAny: as above
            lt(query.at, bound(to) as any),
          ),
        );
    const [[current], [previous]] = await Promise.all([
      within(FIGURE_PERIOD_DAYS, -1),
      within(2 * FIGURE_PERIOD_DAYS, FIGURE_PERIOD_DAYS),
    ]);
    return {
      Code: code,
      Label: query.label,
      Value: Number(current?.value ?? 0),
      Previous: Number(previous?.value ?? 0),
      Format: query.format,
      Url: query.url,
      PeriodDays: FIGURE_PERIOD_DAYS,
    };
  }

  private async chart(actor: StartActor): Promise<StartPage['Chart']> {
    if (!(await this.listed('Sale', actor))) return null;
    const answer = await this.stats.salesByMonth({ Months: 12 }, actor);
    return { Title: 'Sales by month', ChartData: answer.ExtraData.ChartData };
  }

  /** The latest record changes: everyone's for a caller who may list the audit log, else their own. */
  private async activity(actor: StartActor): Promise<StartActivity[]> {
    const everyone = await this.listed('AuditLog', actor);
    const rows = await this.db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        resource: auditLog.resource,
        recordId: auditLog.recordId,
        who: sql<string>`coalesce(nullif(${users.displayName}, ''), ${users.username}, '')`,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(
        and(
          inArray(auditLog.action, Object.keys(ACTIVITY_ACTIONS)),
          eq(auditLog.outcome, 'success'),
          everyone ? undefined : eq(auditLog.userId, actor.user.id),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(ACTIVITY_LENGTH);
    return rows.map((row) => ({
      Id: row.id,
      At: row.at.toISOString(),
      Who: row.who,
      Action: ACTIVITY_ACTIONS[row.action] ?? 'changed',
      Resource: (row.resource && this.resources.registry.get(row.resource)?.title) || row.resource || '',
      RecordId: row.recordId ?? '',
    }));
  }
}
