import { recordIdSchema } from '@panelwright/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Answer, registerAction } from '../../lib/actions';
import { unauthorized } from '../../lib/errors';
import type { Authenticator } from '../../plugins/auth';
import { productResource } from './declarations/products';
import type { Actor, ResourceService, Row } from './service';

const idSchema = z.object({ Id: recordIdSchema });
const restockSchema = idSchema.extend({ Amount: z.number().int().min(1).max(1000).default(10) });

/** The largest quantity the Product declaration accepts. */
const MAX_QUANTITY = 1_000_000;

/**
 * Demo actions of the Product screen, called by its configured action cells (part 2 section 7):
 * `Restock` adds to the quantity through `UpdateFields` (so the lock, stale-write, audit and event
 * rules hold), and `CheckDetails` is the api check before the details modal (`Data.Config.IsShow`).
 */
export class ProductDemoActions {
  private readonly apiName = productResource.apiName;

  constructor(private readonly resources: ResourceService) {}

  async restock(id: number, amount: number, actor: Actor): Promise<Answer<Row>> {
    // A configured action is a permission of its own (the grant's actions), besides the edit it makes.
    await this.resources.requireNamedAction(this.apiName, 'Restock', actor);
    const row = await this.resources.detail(this.apiName, id, actor);
    const quantity = Math.min(MAX_QUANTITY, Number(row.Quantity ?? 0) + amount);
    const updated = await this.resources.updateFields(
      this.apiName,
      {
        Id: id,
        Values: [{ FieldName: 'Quantity', NewValue: quantity }],
        IM_ReturnTime: String(row.IM_ReturnTime),
      },
      actor,
    );
    return new Answer(updated.data, `Restocked ${String(row.Name)}: ${quantity} in stock.`);
  }

  /** The details modal opens for unlocked products only, with the product as its data. */
  async checkDetails(id: number, actor: Actor): Promise<{ Config: Record<string, unknown>; Id: number }> {
    await this.resources.requireNamedAction(this.apiName, 'CheckDetails', actor);
    const row = await this.resources.detail(this.apiName, id, actor);
    const show = row.IsLocked !== true;
    return {
      Id: id,
      Config: show
        ? { IsShow: true, FormData: row, ConfigForm: null, ResultModel: null }
        : { IsShow: false, Reason: 'This record is locked.' },
    };
  }
}

function actorOf(request: FastifyRequest): Actor {
  if (!request.auth) throw unauthorized('Sign in first: this call needs an access token.');
  return { user: request.auth.user, ip: request.ip };
}

/** `Product/Restock` and `Product/CheckDetails`, registered when the Product resource is declared. */
export function demoActionRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  resources: ResourceService,
): void {
  if (!resources.registry.get(productResource.apiName)) return;
  const actions = new ProductDemoActions(resources);
  registerAction(app, authenticate, {
    name: `${productResource.apiName}/Restock`,
    body: restockSchema,
    auth: 'user',
    handler: (input, request) => actions.restock(Number(input.Id), input.Amount, actorOf(request)),
  });
  registerAction(app, authenticate, {
    name: `${productResource.apiName}/CheckDetails`,
    body: idSchema,
    auth: 'user',
    handler: (input, request) => actions.checkDetails(Number(input.Id), actorOf(request)),
  });
}
