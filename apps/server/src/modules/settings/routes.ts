import { firstSettingRequestSchema, uiAppConfigSchema } from '@panelwright/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerAction, SerializedData } from '../../lib/actions';
import type { AuditService } from '../../lib/audit';
import { type Authenticator, signedIn } from '../../plugins/auth';
import { retentionSchema, type SettingsService, securitySchema } from './service';

const saveSettingsSchema = z.object({
  UIAppConfig: uiAppConfigSchema.partial().strict().optional(),
  Security: securitySchema.strict().optional(),
  Retention: retentionSchema.strict().optional(),
});

export function settingsRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  settings: SettingsService,
  audit: AuditService,
): void {
  // The specification spells it FisrtSetting; FirstSetting is the alias the contract adds.
  for (const name of ['GlobalAppSetting/FisrtSetting', 'GlobalAppSetting/FirstSetting']) {
    registerAction(app, authenticate, {
      name,
      body: firstSettingRequestSchema.loose(),
      auth: 'public',
      handler: async (_input, request) =>
        new SerializedData(await settings.firstSettingJson(request.auth?.user ?? null)),
    });
  }

  // The settings the first settings never carry (security, retention), for the settings page's
  // administrator; not part of the specification.
  registerAction(app, authenticate, {
    name: 'GlobalAppSetting/AdminSettings',
    body: z.object({}).loose(),
    auth: 'admin',
    handler: async () => {
      const { security, retention } = await settings.load();
      return { Security: security, Retention: retention };
    },
  });

  // Administrators switch feature flags here (the settings page); not part of the specification.
  registerAction(app, authenticate, {
    name: 'GlobalAppSetting/SaveSettings',
    body: saveSettingsSchema.loose(),
    auth: 'admin',
    handler: (input, request) => {
      const { user } = signedIn(request);
      return settings.save(
        { UIAppConfig: input.UIAppConfig, Security: input.Security, Retention: input.Retention },
        audit,
        user.id,
      );
    },
  });
}
