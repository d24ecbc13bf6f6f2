import type { ChartData } from '@panelwright/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories, events, places, products, sales } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { SALE_CHANNELS, SALE_REGIONS } from '../resources/declarations/sales';
import type { ResourceService } from '../resources/service';
import type { User } from '../sessions/service';

export type StatsActor = { user: Pick<User, 'id' | 'roles'> };
export type StatsQuery = { Region?: string | undefined; Months?: number | undefined };

/** A chart call's answer: the rows, and the same data ready for a chart (`ExtraData.ChartData`). */
export type ChartAnswer = {
  Data: Record<string, unknown>[];
  Total: number;
  ExtraData: { ChartData: ChartData };
};

const textOf = (list: { Value: string; Text: string }[], value: string) =>
  list.find((item) => item.Value === value)?.Text ?? value;

const answer = (
  rows: Record<string, unknown>[],
  label: (row: Record<string, unknown>) => string,
  series: { field: string; label: string }[],
): ChartAnswer => ({
  Data: rows,
  Total: rows.length,
  ExtraData: {
    ChartData: {
      labels: rows.map(label),
      datasets: series.map((s) => ({ label: s.label, data: rows.map((row) => Number(row[s.field] ?? 0)) })),
    },
  },
});

/**
 * Aggregates for charts, dashboards and number widgets (`Stats/*`). A figure is a List in aggregate:
 * it counts exactly the rows the caller's List of that resource shows (its grant, else a 403, and its
 * row rule), never more.
 */
export class StatsService {
  constructor(
    private readonly db: Database,
    private readonly resources: ResourceService,
  ) {}

  /** The condition of the rows of `apiName` the caller may list (undefined: all); a 403 without the grant. */
  private async listed(apiName: string, actor: StatsActor): Promise<SQL | undefined> {
    return (await this.resources.reach(apiName, 'List', actor)).rowCondition;
  }

  /** The same, or null when the caller may not list the resource at all (a figure left out). */
  private async listedIfAllowed(
    apiName: string,
    actor: StatsActor,
  ): Promise<{ rows: SQL | undefined } | null> {
    try {
      return { rows: await this.listed(apiName, actor) };
    } catch (error) {
      if (error instanceof HttpError && error.status === 403) return null;
      throw error;
    }
  }

  /** The sales the caller may list, in the asked region. */
  private async salesOf(query: StatsQuery, actor: StatsActor): Promise<SQL | undefined> {
    return and(await this.listed('Sale', actor), query.Region ? eq(sales.region, query.Region) : undefined);
  }

  /** Sales per month: the last `Months` months that have sales (12 by default), oldest first. */
  async salesByMonth(query: StatsQuery, actor: StatsActor): Promise<ChartAnswer> {
    const where = await this.salesOf(query, actor);
    const month = sql<string>`to_char(${sales.soldOn}, 'YYYY-MM')`;
    const rows = await this.db
      .select({
        Month: month,
        Amount: sql<number>`cast(sum(${sales.amount}) as float8)`,
        Quantity: sql<number>`cast(sum(${sales.quantity}) as integer)`,
        Count: sql<number>`cast(count(*) as integer)`,
      })
      .from(sales)
      .where(where)
      .groupBy(month)
      .orderBy(sql`${month} desc`)
      .limit(query.Months ?? 12);
    rows.reverse();
    return answer(rows, (row) => String(row.Month), [
      { field: 'Amount', label: 'Amount' },
      { field: 'Quantity', label: 'Quantity' },
    ]);
  }

  async salesByRegion(query: StatsQuery, actor: StatsActor): Promise<ChartAnswer> {
    const where = await this.salesOf(query, actor);
    const rows = await this.db
      .select({
        Region: sales.region,
        Amount: sql<number>`cast(sum(${sales.amount}) as float8)`,
        Count: sql<number>`cast(count(*) as integer)`,
      })
      .from(sales)
      .where(where)
      .groupBy(sales.region)
      .orderBy(asc(sales.region));
    const labelled = rows.map((row) => ({ ...row, RegionText: textOf(SALE_REGIONS, row.Region) }));
    return answer(labelled, (row) => String(row.RegionText), [{ field: 'Amount', label: 'Amount' }]);
  }

  async salesByChannel(query: StatsQuery, actor: StatsActor): Promise<ChartAnswer> {
    const where = await this.salesOf(query, actor);
    const rows = await this.db
      .select({
        Channel: sales.channel,
        Amount: sql<number>`cast(sum(${sales.amount}) as float8)`,
        Count: sql<number>`cast(count(*) as integer)`,
      })
      .from(sales)
      .where(where)
      .groupBy(sales.channel)
      .orderBy(asc(sales.channel));
    const labelled = rows.map((row) => ({ ...row, ChannelText: textOf(SALE_CHANNELS, row.Channel) }));
    return answer(labelled, (row) => String(row.ChannelText), [{ field: 'Count', label: 'Sales' }]);
  }

  /** One row of totals for the number widgets of a dashboard. */
  async totals(query: StatsQuery, actor: StatsActor): Promise<ChartAnswer> {
    const where = await this.salesOf(query, actor);
    const [sold] = await this.db
      .select({
        Sales: sql<number>`cast(count(*) as integer)`,
        Revenue: sql<number>`cast(coalesce(sum(${sales.amount}), 0) as float8)`,
        Quantity: sql<number>`cast(coalesce(sum(${sales.quantity}), 0) as integer)`,
      })
      .from(sales)
      .where(where);
    // Events and places are counted for a caller who may list them (their own rows under `own`).
    const count = async (apiName: string, table: typeof events | typeof places) => {
      const allowed = await this.listedIfAllowed(apiName, actor);
      if (!allowed) return undefined;
      const [counted] = await this.db
        .select({ n: sql<number>`cast(count(*) as integer)` })
        .from(table)
        .where(allowed.rows);
      return counted?.n ?? 0;
    };
    const row: Record<string, unknown> = {
      Sales: sold?.Sales ?? 0,
      Revenue: sold?.Revenue ?? 0,
      Quantity: sold?.Quantity ?? 0,
    };
    const eventCount = await count('Event', events);
    if (eventCount !== undefined) row.Events = eventCount;
    const placeCount = await count('Place', places);
    if (placeCount !== undefined) row.Places = placeCount;
    return answer([row], () => 'Total', [
      { field: 'Sales', label: 'Sales' },
      { field: 'Revenue', label: 'Revenue' },
    ]);
  }

  /** Products per category: the categories and the products the caller may list. */
  async productsByCategory(actor: StatsActor): Promise<ChartAnswer> {
    const listedProducts = await this.listed('Product', actor);
    const listedCategories = await this.listed('Category', actor);
    const rows = await this.db
      .select({ Category: categories.name, Count: sql<number>`cast(count(${products.id}) as integer)` })
      .from(categories)
      .leftJoin(products, and(eq(products.categoryId, categories.id), listedProducts))
      .where(listedCategories)
      .groupBy(categories.id, categories.name)
      .orderBy(asc(categories.name));
    return answer(rows, (row) => String(row.Category), [{ field: 'Count', label: 'Products' }]);
  }
}
