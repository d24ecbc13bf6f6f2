import { z } from 'zod';
import { WEBHOOK_EVENTS } from './constants';

/** What a key starts with, so that a server (and a secret scanner) can tell it from a session token. */
export const API_KEY_PREFIX = 'pwk_';

/** An address (`203.0.113.7`, `2001:db8::1`) or a CIDR range (`10.0.0.0/8`). */
const addressOrRange = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[0-9A-Fa-f:.]+(\/\d{1,3})?$/, 'must be an IP address or a CIDR range');

/** `ApiKey/AddNew`: the key itself is answered once, in `Data.Key`. */
export const apiKeyAddNewSchema = z.object({
  Name: z.string().trim().min(1).max(100),
  /** A role code; never more than the creator's own. */
  Role: z.string().trim().min(1).max(64),
  /** ISO date and time; null or absent: the key does not expire. */
  ExpiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  AllowedAddresses: z.array(addressOrRange).max(50).optional(),
});
export type ApiKeyAddNew = z.infer<typeof apiKeyAddNewSchema>;

export const apiKeyIdSchema = z.object({ Id: z.uuid() });

/** One key as lists show it: never the key, never its hash. */
export type ApiKeyItem = {
  Id: string;
  Name: string;
  Prefix: string;
  Role: string;
  Owner: string;
  AllowedAddresses: string[];
  ExpiresAt: string | null;
  CreatedAt: string;
  LastUsedAt: string | null;
  LastUsedIp: string | null;
  RevokedAt: string | null;
  /** `active`, `expired`, `revoked`. */
  Status: 'active' | 'expired' | 'revoked';
};

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The header every delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Panelwright-Signature';
/** The delivery's id, the same on every attempt: a receiver drops a repeat by it. */
export const WEBHOOK_DELIVERY_HEADER = 'Panelwright-Delivery';

/** `Webhook/AddNew`. */
export const webhookAddNewSchema = z.object({
  Name: z.string().trim().max(100).optional(),
  /** The APIName of the resource. */
  Target: z.string().trim().min(1).max(64),
  Events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
  Url: z.string().trim().min(1).max(2000),
  Secret: z.string().min(16, 'must be at least 16 characters').max(200),
  /** The role whose readable fields the payload carries; the creator's first role by default. */
  Role: z.string().trim().min(1).max(64).optional(),
});
export type WebhookAddNew = z.infer<typeof webhookAddNewSchema>;

export const webhookIdSchema = z.object({ Id: z.number().int().positive() });

export const webhookUpdateSchema = webhookAddNewSchema.partial().extend({
  Id: z.number().int().positive(),
  IsActive: z.boolean().optional(),
});

export const webhookDeliveriesSchema = z.object({
  WebhookId: z.number().int().positive().optional(),
  Page: z.number().int().min(1).max(100_000).default(1),
  PageSize: z.number().int().min(1).max(200).default(50),
});

export const webhookDeliveryIdSchema = z.object({ Id: z.uuid() });

export type WebhookItem = {
  Id: number;
  Name: string;
  Target: string;
  Events: WebhookEvent[];
  Url: string;
  Role: string;
  IsActive: boolean;
  CreatedAt: string;
};

export type WebhookDeliveryItem = {
  Id: string;
  WebhookId: number;
  Event: string;
  Resource: string;
  RecordId: string | null;
  /** `pending`, `delivered`, `failed`. */
  Status: string;
  Attempts: number;
  ResponseCode: number | null;
  DurationMs: number | null;
  LastError: string | null;
  CreatedAt: string;
  LastAttemptAt: string | null;
  NextAttemptAt: string | null;
  DeliveredAt: string | null;
};
