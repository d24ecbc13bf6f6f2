import type { ChartData } from '@panelwright/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories, events, places, products, sales } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { type AccessService, PROTOCOL_ACTIONS } from '../access/service';
import { SALE_CHANNELS, SALE_REGIONS } from '../resources/declarations/sales';
import type { ResourceAction } from '../resources/define';
import type { ResourceRegistry } from '../resources/registry';
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
 * Aggregates for charts, dashboards and number widgets (`Stats/*`). Whoever may list a resource may
 * see its aggregates, the permission rule of the resource protocol.
 */
export class StatsService {
  constructor(
    private readonly db: Database,
    private readonly registry: ResourceRegistry,
    private readonly access: AccessService,
  ) {}

  /** Whoever may list a resource may see its figures (a report is a List in aggregate). */
  private async allow(apiName: string, actor: StatsActor, action: ResourceAction = 'List'): Promise<void> {
    const resource = this.registry.get(apiName);
    if (!resource) throw forbidden(`Your role may not see the figures of ${apiName}.`);
    await this.access.require(actor.user, resource.apiName, PROTOCOL_ACTIONS[action], resource.title);
  }

  private regionFilter(query: StatsQuery): SQL | undefined {
    return query.Region ? eq(sales.region, query.Region) : undefined;
  }

  /** Sales per month: the last `Months` months that have sales (12 by default), oldest first. */
  async salesByMonth(query: StatsQuery, actor: StatsActor): Promise<ChartAnswer> {
    await this.allow('Sale', actor);
    const month = sql<string>`to_char(${sales.soldOn}, 'YYYY-MM')`;
    const rows = await this.db
      .select({
        Month: month,
        Amount: sql<number>`cast(sum(${sales.amount}) as float8)`,
        Quantity: sql<number>`cast(sum(${sales.quantity}) as integer)`,
        Count: sql<number>`cast(count(*) as integer)`,
      })
      .from(sales)
      .where(this.regionFilter(query))
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
    await this.allow('Sale', actor);
    const rows = await this.db
      .select({
        Region: sales.region,
        Amount: sql<number>`cast(sum(${sales.amount}) as float8)`,
        Count: sql<number>`cast(count(*) as integer)`,
      })
      .from(sales)
      .where(this.regionFilter(query))
      .groupBy(sales.region)
      .orderBy(asc(sales.region));
    const labelled = rows.map((row) => ({ ...row, RegionText: textOf(SALE_REGIONS, row.Region) }));
    return answer(labelled, (row) => String(row.RegionText), [{ field: 'Amount', label: 'Amount' }]);
  }

  async salesByChannel(query: StatsQuery, actor: StatsActor): Promise<ChartAnswer> {
    await this.allow('Sale', actor);
    const rows = await this.db
      .select({
        Channel: sales.channel,
        Amount: sql<number>`cast(sum(${sales.amount}) as float8)`,
        Count: sql<number>`cast(count(*) as integer)`,
      })
      .from(sales)
      .where(this.regionFilter(query))
      .groupBy(sales.channel)
      .orderBy(asc(sales.channel));
    const labelled = rows.map((row) => ({ ...row, ChannelText: textOf(SALE_CHANNELS, row.Channel) }));
    return answer(labelled, (row) => String(row.ChannelText), [{ field: 'Count', label: 'Sales' }]);
  }

  /** One row of totals for the number widgets of a dashboard. */
  async totals(query: StatsQuery, actor: StatsActor): Promise<ChartAnswer> {
    await this.allow('Sale', actor);
    const [sold] = await this.db
      .select({
        Sales: sql<number>`cast(count(*) as integer)`,
        Revenue: sql<number>`cast(coalesce(sum(${sales.amount}), 0) as float8)`,
        Quantity: sql<number>`cast(coalesce(sum(${sales.quantity}), 0) as integer)`,
      })
      .from(sales)
      .where(this.regionFilter(query));
    const [eventCount] = await this.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(events);
    const [placeCount] = await this.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(places);
    const row = {
      Sales: sold?.Sales ?? 0,
      Revenue: sold?.Revenue ?? 0,
      Quantity: sold?.Quantity ?? 0,
      Events: eventCount?.n ?? 0,
      Places: placeCount?.n ?? 0,
    };
    return answer([row], () => 'Total', [
      { field: 'Sales', label: 'Sales' },
      { field: 'Revenue', label: 'Revenue' },
    ]);
  }

  async productsByCategory(actor: StatsActor): Promise<ChartAnswer> {
    await this.allow('Product', actor);
    const rows = await this.db
      .select({ Category: categories.name, Count: sql<number>`cast(count(${products.id}) as integer)` })
      .from(categories)
      .leftJoin(products, and(eq(products.categoryId, categories.id)))
      .groupBy(categories.id, categories.name)
      .orderBy(asc(categories.name));
    return answer(rows, (row) => String(row.Category), [{ field: 'Count', label: 'Products' }]);
  }
}
