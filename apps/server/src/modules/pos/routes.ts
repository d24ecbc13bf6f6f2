import {
  posAdjustRequestSchema,
  posIdRequestSchema,
  posProductSearchSchema,
  posReturnRequestSchema,
  posSellRequestSchema,
} from '@panelwright/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestLanguage } from '../../i18n';
import { registerAction } from '../../lib/actions';
import { type Authenticator, signedIn } from '../../plugins/auth';
import type { PosService } from './service';

const actorOf = (request: FastifyRequest) => ({ user: signedIn(request).user, ip: request.ip });

const billRequestSchema = z.union([posIdRequestSchema, z.object({ Number: z.string().min(1).max(40) })]);

export function posRoutes(app: FastifyInstance, authenticate: Authenticator, pos: PosService): void {
  registerAction(app, authenticate, {
    name: 'Pos/Locations',
    body: z.object({}).loose(),
    auth: 'user',
    handler: (_input, request) => pos.locations(actorOf(request)),
  });
  registerAction(app, authenticate, {
    name: 'Pos/Products',
    body: posProductSearchSchema,
    auth: 'user',
    handler: (input, request) => pos.products(input, actorOf(request)),
  });
  registerAction(app, authenticate, {
    name: 'Pos/Sell',
    body: posSellRequestSchema,
    auth: 'user',
    handler: (input, request) => pos.sell(input, actorOf(request)),
  });
  registerAction(app, authenticate, {
    name: 'Pos/Return',
    body: posReturnRequestSchema,
    auth: 'user',
    handler: (input, request) => pos.returnItems(input, actorOf(request)),
  });
  registerAction(app, authenticate, {
    name: 'Pos/Bill',
    body: billRequestSchema,
    auth: 'user',
    handler: (input, request) =>
      'Id' in input
        ? pos.bill(Number(input.Id), actorOf(request))
        : pos.billByNumber(input.Number, actorOf(request)),
  });
  registerAction(app, authenticate, {
    name: 'Pos/InvoicePdf',
    body: posIdRequestSchema,
    auth: 'user',
    handler: (input, request) => pos.invoice(Number(input.Id), actorOf(request), requestLanguage(request)),
  });
  registerAction(app, authenticate, {
    name: 'Pos/MailInvoice',
    body: posIdRequestSchema.extend({ Email: z.email().max(254) }),
    auth: 'user',
    handler: (input, request) =>
      pos.mailInvoice(Number(input.Id), input.Email, actorOf(request), requestLanguage(request)),
  });
  registerAction(app, authenticate, {
    name: 'Pos/AdjustStock',
    body: posAdjustRequestSchema,
    auth: 'user',
    handler: (input, request) => pos.adjust(input, actorOf(request)),
  });
  // The Receive button of the purchase orders' table.
  registerAction(app, authenticate, {
    name: 'PosPurchaseOrder/Receive',
    body: posIdRequestSchema.loose(),
    auth: 'user',
    handler: (input, request) => pos.receivePurchaseOrder(Number(input.Id), actorOf(request)),
  });
}
