import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { StatsActor, StatsQuery, StatsService } from './service';

/** The query of a chart call, in its RequestData (a tab's or widget's) or at the top level. */
const queryFields = z.object({
  Region: z.string().max(50).optional(),
  Months: z.number().int().min(1).max(60).optional(),
});
const statsBodySchema = queryFields.extend({ RequestData: queryFields.loose().optional() }).loose();

const queryOf = (input: z.output<typeof statsBodySchema>): StatsQuery => ({
  Region: input.RequestData?.Region ?? input.Region,
  Months: input.RequestData?.Months ?? input.Months,
});

/** `Stats/*`: aggregates for charts and dashboards, answered like a List (`Data`, `ExtraData.ChartData`). */
export function statsRoutes(app: FastifyInstance, authenticate: Authenticator, stats: StatsService): void {
  const calls = {
    SalesByMonth: (query: StatsQuery, actor: StatsActor) => stats.salesByMonth(query, actor),
    SalesByRegion: (query: StatsQuery, actor: StatsActor) => stats.salesByRegion(query, actor),
    SalesByChannel: (query: StatsQuery, actor: StatsActor) => stats.salesByChannel(query, actor),
    Totals: (query: StatsQuery, actor: StatsActor) => stats.totals(query, actor),
    ProductsByCategory: (_query: StatsQuery, actor: StatsActor) => stats.productsByCategory(actor),
  };
  for (const [name, handler] of Object.entries(calls)) {
    registerAction(app, authenticate, {
      name: `Stats/${name}`,
      body: statsBodySchema,
      auth: 'user',
      handler: (input, request) => handler(queryOf(input), signedIn(request)),
    });
  }
}
