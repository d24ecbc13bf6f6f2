import {
  listParamsSchema,
  MAX_BULK_ROWS,
  recordRequestSchema,
  updateFieldsRequestSchema,
} from '@panelwright/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestLanguage } from '../../i18n';
import { unauthorized } from '../../lib/errors';
import type { Actor } from './service';

// The bodies and the caller of the generic protocol's calls, shared by the routes of the declared
// resources and those of the collections (modules/collections).

export const listBodySchema = listParamsSchema.extend({
  Page: z.number().int().min(1).max(1_000_000).default(1),
  UI_TimezoneOffset: z.number().int().min(-840).max(840).optional(),
});
/** Export: the List's body, or a selection of rows by `Ids` (within the List's condition, in its order). */
export const exportBodySchema = listBodySchema.extend({
  Ids: z.array(z.number().int().positive()).min(1).max(MAX_BULK_ROWS).optional(),
});
export const updateBodySchema = updateFieldsRequestSchema.extend({
  Id: recordRequestSchema.shape.Id,
  IM_ReturnTime: z.string().max(64).optional(),
});
export const addNewBodySchema = z.record(z.string(), z.unknown());
/** Lookup: one page of a field's options searched on the server, or the texts of given `Values`. */
export const lookupBodySchema = z.object({
  Field: z.string().min(1).max(64),
  Search: z.string().max(200).default(''),
  Page: z.number().int().min(1).max(100_000).default(1),
  PageSize: z.number().int().min(1).max(50).default(20),
  Values: z.array(z.number().int().min(1)).max(100).optional(),
});

/** A screen id as clients send it (`ScreenGUID`); anything else names no screen. */
const SCREEN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function actorOf(request: FastifyRequest): Actor {
  if (!request.auth) throw unauthorized('Sign in first: this call needs an access token.');
  const screen = (request.body as { ScreenGUID?: unknown } | undefined)?.ScreenGUID;
  return {
    user: request.auth.user,
    ip: request.ip,
    language: requestLanguage(request),
    screenId: typeof screen === 'string' && SCREEN_ID.test(screen) ? screen : undefined,
  };
}
