import { z } from 'zod';
import { defaultValuesSchema, uiAppConfigSchema } from '../settings';

/** Server-only security settings (never sent to clients). */
export const securitySettingsSchema = z
  .object({
    fa2Required: z.boolean().describe('Every account must set up a second factor at its next sign-in.'),
    webhookAllowPrivate: z
      .boolean()
      .describe('Webhooks may target private, loopback and link-local addresses.'),
    oidcDefaultRole: z
      .string()
      .max(64)
      .describe(
        'The role of an account made at its first OpenID Connect sign-in; empty: only existing accounts sign in.',
      ),
  })
  .partial();

const days = z.number().int().min(1).max(3650);
/** How long what the product keeps for a while is kept, before the retention job deletes it. */
export const retentionSettingsSchema = z
  .object({
    auditDays: days.describe('Days the audit log (who changed what, sign-ins) is kept.'),
    exceptionDays: days.describe('Days the errors reported by browsers are kept.'),
    mailDays: days.describe('Days mail stays in the outbox, sent or not.'),
    sessionDays: days.describe('Days a session is kept after it expired or was ended.'),
    exportHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 365)
      .describe('Hours an exported spreadsheet stays downloadable.'),
    notificationDays: days.describe('Days a notification is kept after it was sent.'),
  })
  .partial();

/**
 * The client settings an administrator stores (`UIAppConfig` without what the server fills in from
 * its own configuration: the Web Push key and the social provider's addresses).
 */
export const storedUiAppConfigSchema = uiAppConfigSchema
  .omit({
    vapidPublicKey: true,
    socialAuthorizeUrl: true,
    socialClientId: true,
    socialUserInfoUrl: true,
    oidcConfigured: true,
  })
  .extend({
    primaryColor: z
      .string()
      .regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, 'must be a colour such as #057e38')
      .describe('The colour of the primary actions and the active menu entry, e.g. #057e38.'),
  })
  .partial()
  .strict();

/** The settings of the configuration: what the settings table holds under its known keys. */
export const configSettingsSchema = z
  .object({
    uiAppConfig: storedUiAppConfigSchema.optional().describe('Feature flags and client settings.'),
    security: securitySettingsSchema.strict().optional(),
    retention: retentionSettingsSchema.strict().optional(),
    defaultValues: defaultValuesSchema.optional().describe('DefaultValues of the first settings.'),
    mediaAcceptedType: z
      .string()
      .regex(/^(\.[a-z0-9]{1,10})(,\.[a-z0-9]{1,10})*$/i, 'must be extensions such as .jpg,.png,.pdf')
      .optional()
      .describe('The file types uploads accept, e.g. .jpg,.png,.pdf.'),
    homeUrl: z
      .string()
      // A path of this site only: `//host` would send users elsewhere after signing in.
      .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path such as /home')
      .optional()
      .describe('Where users land after signing in.'),
    changePasswordMessage: z
      .string()
      .max(500)
      .optional()
      .describe('The message shown when a user must change their password.'),
  })
  .strict();
export type ConfigSettings = z.infer<typeof configSettingsSchema>;
