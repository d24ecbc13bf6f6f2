import {
  APP_DEFAULTS,
  type DefaultValues,
  defaultValuesSchema,
  type FirstSettingData,
  type LanguageItem,
  OSM_ATTRIBUTION,
  OSM_TILE_URL,
  type UIAppConfig,
  uiAppConfigSchema,
} from '@panelwright/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { appSettings, roles } from '../../db/schema';
import type { AuditService } from '../../lib/audit';
import type { CacheRegistry } from '../../lib/cache';
import { BusinessError } from '../../lib/errors';
import type { ConfigurationStore } from '../configuration/store';
import type { ConfigView } from '../configuration/view';
import type { ScreenService } from '../screens/service';
import type { User } from '../sessions/service';

/** Feature-flag defaults of part 1 section 1, before the settings table overrides them. */
export const DEFAULT_UI_APP_CONFIG: UIAppConfig = {
  forgotPassword: true,
  registerAccount: false,
  socialLogin: false,
  pushNotify: false,
  languageChange: false,
  settingsPage: false,
  hasCheckIdle: false,
  checkIdleSecond: APP_DEFAULTS.idleSecond,
  checkIdleInterval: APP_DEFAULTS.idleInterval,
  checkIdleCountdown: APP_DEFAULTS.idleCountdown,
  hasSignalR: false,
  themeSeason: '',
  widthMobile: APP_DEFAULTS.configuredWidthMobile,
  siteName: APP_DEFAULTS.siteName,
  primaryColor: APP_DEFAULTS.primaryColor,
  logoUrl: APP_DEFAULTS.logoUrl,
  socialProvider: 'google',
  vapidPublicKey: '',
  chatWebhookUrl: '',
  slowResponseMs: APP_DEFAULTS.slowResponseMs,
  largeResponseBytes: APP_DEFAULTS.largeResponseBytes,
  mapTileUrl: OSM_TILE_URL,
  mapAttribution: OSM_ATTRIBUTION,
  analytics: '',
  analyticsId: '',
  analyticsScriptUrl: '',
};

export const DEFAULT_MEDIA_ACCEPTED_TYPE = '.jpg,.jpeg,.png,.gif,.webp,.pdf,.csv,.txt,.xlsx,.docx';
export const DEFAULT_CHANGE_PASSWORD_MESSAGE = 'Your password must be changed before you continue.';

/** Outside origins a page may load from because a setting names them. */
export type ConfiguredOrigins = { img: string[]; script: string[]; connect: string[] };

/** The origin of an absolute http(s) address (placeholders such as {z} allowed), else null. */
export function originOf(address: string): string | null {
  if (!/^https?:\/\//i.test(address)) return null;
  try {
    // {s} is a tile server's subdomain (a, b, c): any subdomain there.
    const origin = new URL(address.replace(/\{s\}/g, 'any-subdomain').replace(/\{[a-z]+\}/gi, '0')).origin;
    return origin.replace('any-subdomain', '*');
  } catch {
    return null;
  }
}

/** Settings table keys. */
export const SITE_NAME_MAX_LENGTH = 60;
export const SITE_NAME_REQUIRED = 'Enter a site name: it is shown in the header and the window title.';
export const SITE_NAME_TOO_LONG = `The site name can have at most ${SITE_NAME_MAX_LENGTH} characters.`;

export const SETTING_KEYS = {
  uiAppConfig: 'ui_app_config',
  security: 'security',
  retention: 'retention',
  defaultValues: 'default_values',
  mediaAcceptedType: 'media_accepted_type',
  homeUrl: 'home_url',
  changePasswordMessage: 'message_need_change_pass',
} as const;

/**
 * The extra language files every page loads (`DefaultValues.listExtLng`): `screens` holds the texts
 * of the shipped screen configuration (titles, menu names, column headers) in each language.
 */
export const DEFAULT_EXTRA_LANGUAGE_FILES = ['screens'];

/**
 * The languages and where their files are, at a version of the configuration: the address carries
 * the version, so that browsers fetch texts anew after a publish changed them.
 */
export function languagesAt(configVersion: number): LanguageItem[] {
  return [
    { Value: 'en', Path: `/locales/en/{{ns}}.json?c=${configVersion}` },
    { Value: 'vn', Path: `/locales/vn/{{ns}}.json?c=${configVersion}` },
  ];
}

/** Server-only security settings (never sent to clients). */
export type SecuritySettings = {
  /** Every account must set up a second factor at its next sign-in. */
  fa2Required: boolean;
  /**
   * Webhooks may target private, loopback and link-local addresses (a receiver inside the network);
   * off by default, so that a webhook cannot reach what only the server can (docs/integrations.md).
   */
  webhookAllowPrivate: boolean;
  /**
   * The role (its code) of an account its owner made: at its first OpenID Connect sign-in, by
   * self-registration or by social sign-in. Empty: OpenID Connect signs in existing accounts only
   * (matched by verified e-mail), and registered accounts get no role until an administrator gives
   * one. Never an administrator's.
   */
  oidcDefaultRole: string;
};

export const securitySchema = z
  .object({ fa2Required: z.boolean(), webhookAllowPrivate: z.boolean(), oidcDefaultRole: z.string().max(64) })
  .partial();

/** How long what the product keeps for a while is kept, before the retention job deletes it. */
export type RetentionSettings = {
  /** The audit log: who changed what, sign-ins. */
  auditDays: number;
  /** Errors the web app reported (`Exception/SaveLog`). */
  exceptionDays: number;
  /** Mail in the outbox, sent or not (reset mails carry their link). */
  mailDays: number;
  /** Sessions after they expired or were ended. */
  sessionDays: number;
  /** Spreadsheets made by Export. */
  exportHours: number;
  /** Notifications after they were sent. */
  notificationDays: number;
};

export const DEFAULT_RETENTION: RetentionSettings = {
  auditDays: 365,
  exceptionDays: 90,
  mailDays: 7,
  sessionDays: 30,
  exportHours: 24,
  notificationDays: 180,
};

/** Reports a stored setting's key dropped for not fitting its schema. */
type SettingsLog = { warn(details: { setting: string; key: string }, message: string): void };

/**
 * The keys of a stored settings object that fit the (partial) schema, each checked on its own: a key
 * that does not fit is left out and named to `dropped`; keys the schema does not know are left out
 * silently, as the schema's own parse does. A stored value that is not an object keeps nothing.
 */
function validKeys<S extends z.ZodObject>(
  schema: S,
  stored: unknown,
  dropped: (key: string) => void,
): Partial<z.infer<S>> {
  if (stored === undefined || stored === null) return {};
  if (typeof stored !== 'object' || Array.isArray(stored)) {
    dropped('(the whole value)');
    return {};
  }
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    const one = schema.safeParse({ [key]: value });
    if (one.success) Object.assign(kept, one.data);
    else dropped(key);
  }
  return kept as Partial<z.infer<S>>;
}

const days = z.number().int().min(1).max(3650);
export const retentionSchema = z
  .object({
    auditDays: days,
    exceptionDays: days,
    mailDays: days,
    sessionDays: days,
    exportHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 365),
    notificationDays: days,
  })
  .partial();

type Settings = {
  uiAppConfig: UIAppConfig;
  security: SecuritySettings;
  retention: RetentionSettings;
  defaultValues: DefaultValues;
  mediaAcceptedType: string;
  homeUrl: string;
  changePasswordMessage: string;
};

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value !== '' ? value : fallback;

/** The server-side settings, read from the settings table and kept until a cache refresh. */
export class SettingsService {
  /** The settings of each configuration served (a new configuration makes them anew). */
  private readonly settings = new WeakMap<ConfigView, Promise<Settings>>();
  private readonly serializedFirstSettings = new WeakMap<Settings, WeakMap<object, Map<string, string>>>();

  private readonly social: Pick<
    UIAppConfig,
    'socialAuthorizeUrl' | 'socialClientId' | 'socialUserInfoUrl' | 'oidcConfigured'
  >;
  private recordSave: (tx: Database, message: string, userId: number) => Promise<void> = async () => {};
  private announceSave: () => void = () => {};

  constructor(
    private readonly db: Database,
    private readonly configuration: ConfigurationStore,
    private readonly screens: ScreenService,
    private readonly caches: CacheRegistry,
    social: Config['social'],
    /** The Web Push public key; it belongs with the private key, so it is never taken from the table. */
    private readonly vapidPublicKey: () => Promise<string> = async () => '',
    /** Whether an OpenID Connect provider is configured (the sign-in button needs one). */
    oidcConfigured = false,
    /** Where a stored setting that no longer fits its schema is reported. */
    private readonly log: SettingsLog = { warn: () => {} },
  ) {
    this.social = {
      socialAuthorizeUrl: social.authorizeUrl,
      socialClientId: social.clientId,
      socialUserInfoUrl: social.userInfoUrl,
      oidcConfigured,
    };
    // A change made to the settings table behind the product's back is read again at this name.
    caches.register('Settings', () => configuration.clear());
  }

  async load(): Promise<Settings> {
    const view = await this.configuration.current();
    let settings = this.settings.get(view);
    if (!settings) {
      settings = this.read(view);
      // A failed read is not kept: the next call tries again.
      settings.catch(() => this.settings.delete(view));
      this.settings.set(view, settings);
    }
    return settings;
  }

  /** Records every save as a configuration version, in its transaction, and announces it after. */
  recordSavesWith(
    record: (tx: Database, message: string, userId: number) => Promise<void>,
    announce: () => void,
  ): void {
    this.recordSave = record;
    this.announceSave = announce;
  }

  /**
   * The outside origins the settings make the pages load from, for the content security policy: the
   * map tile server (images), the chat webhook (developer notices) and, when an analytics plugin is
   * on, its script's origin.
   */
  async configuredOrigins(): Promise<ConfiguredOrigins> {
    const { uiAppConfig } = await this.load();
    const tiles = originOf(uiAppConfig.mapTileUrl ?? '');
    const analytics = uiAppConfig.analytics ? originOf(uiAppConfig.analyticsScriptUrl ?? '') : null;
    const webhook = originOf(uiAppConfig.chatWebhookUrl);
    const some = (...origins: (string | null)[]) => origins.filter((o): o is string => o !== null);
    return { img: some(tiles, analytics), script: some(analytics), connect: some(analytics, webhook) };
  }

  private async read(view: ConfigView): Promise<Settings> {
    const vapidPublicKey = await this.vapidPublicKey();
    const stored = view.document.settings;
    const byKey = new Map<string, unknown>([
      [SETTING_KEYS.uiAppConfig, stored.uiAppConfig],
      [SETTING_KEYS.defaultValues, stored.defaultValues],
      [SETTING_KEYS.security, stored.security],
      [SETTING_KEYS.retention, stored.retention],
      [SETTING_KEYS.mediaAcceptedType, stored.mediaAcceptedType],
      [SETTING_KEYS.homeUrl, stored.homeUrl],
      [SETTING_KEYS.changePasswordMessage, stored.changePasswordMessage],
    ]);
    // A stored value that no longer fits the schema is ignored key by key, never fatal: one bad key
    // (an older version's, a hand edit) must not take the others back to their defaults.
    const valid = <S extends z.ZodObject>(setting: string, schema: S) =>
      validKeys(schema, byKey.get(setting), (key) =>
        this.log.warn({ setting, key }, 'a stored setting does not fit its schema: its default is used'),
      );
    const storedConfig = valid(SETTING_KEYS.uiAppConfig, uiAppConfigSchema.partial());
    const storedDefaults = valid(SETTING_KEYS.defaultValues, defaultValuesSchema);
    const storedSecurity = valid(SETTING_KEYS.security, securitySchema);
    const storedRetention = valid(SETTING_KEYS.retention, retentionSchema);
    return {
      uiAppConfig: {
        ...DEFAULT_UI_APP_CONFIG,
        ...storedConfig,
        // The server checks social tokens at its configured provider; the client must use the same one.
        ...this.social,
        vapidPublicKey,
      },
      security: {
        fa2Required: false,
        webhookAllowPrivate: false,
        oidcDefaultRole: '',
        ...storedSecurity,
      },
      retention: { ...DEFAULT_RETENTION, ...storedRetention },
      defaultValues: { listExtLng: DEFAULT_EXTRA_LANGUAGE_FILES, ...storedDefaults },
      mediaAcceptedType: text(byKey.get(SETTING_KEYS.mediaAcceptedType), DEFAULT_MEDIA_ACCEPTED_TYPE),
      homeUrl: text(byKey.get(SETTING_KEYS.homeUrl), APP_DEFAULTS.homeUrl),
      changePasswordMessage: text(
        byKey.get(SETTING_KEYS.changePasswordMessage),
        DEFAULT_CHANGE_PASSWORD_MESSAGE,
      ),
    };
  }

  /**
   * Merges an administrator's changes into the stored settings and drops the cached copy. Only keys
   * of the schemas are accepted (the caller parsed them).
   */
  async save(
    changes: {
      UIAppConfig?: Partial<UIAppConfig>;
      Security?: Partial<SecuritySettings>;
      Retention?: Partial<RetentionSettings>;
    },
    audit: AuditService,
    userId: number,
  ): Promise<{ UIAppConfig: UIAppConfig; Security: SecuritySettings; Retention: RetentionSettings }> {
    let uiAppConfig = changes.UIAppConfig;
    if (uiAppConfig?.siteName !== undefined) {
      const siteName = uiAppConfig.siteName.trim();
      // The name is the header's brand and the window's title: without it the product has no name.
      if (siteName === '') throw new BusinessError(SITE_NAME_REQUIRED);
      if (siteName.length > SITE_NAME_MAX_LENGTH) throw new BusinessError(SITE_NAME_TOO_LONG);
      uiAppConfig = { ...uiAppConfig, siteName };
    }
    if (changes.Security?.oidcDefaultRole) await this.checkOidcDefaultRole(changes.Security.oidcDefaultRole);
    const rows = await this.db.select().from(appSettings);
    const stored = new Map(rows.map((row) => [row.key, row.value as Record<string, unknown>]));
    const updates: [string, Record<string, unknown> | undefined][] = [
      [SETTING_KEYS.uiAppConfig, uiAppConfig],
      [SETTING_KEYS.security, changes.Security],
      [SETTING_KEYS.retention, changes.Retention],
    ];
    await this.db.transaction(async (tx) => {
      for (const [key, change] of updates) {
        if (!change) continue;
        const value = { ...(stored.get(key) ?? {}), ...change };
        await tx
          .insert(appSettings)
          .values({ key, value })
          .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
      }
      await audit.record({ action: 'settings_save', userId, details: changes }, tx as unknown as Database);
      await this.recordSave(tx as unknown as Database, 'Settings saved', userId);
    });
    // Here at once; on the other instances through Redis (or within the cache's lifetime without it).
    this.caches.invalidate('Settings');
    this.announceSave();
    const settings = await this.load();
    return { UIAppConfig: settings.uiAppConfig, Security: settings.security, Retention: settings.retention };
  }

  /**
   * A default role for accounts made by OpenID Connect must exist, and may not be an administrator's:
   * whoever the provider vouches for would otherwise administer the product.
   */
  private async checkOidcDefaultRole(code: string): Promise<void> {
    const [role] = await this.db
      .select({ isAdmin: roles.isAdmin })
      .from(roles)
      .where(eq(roles.code, code))
      .limit(1);
    if (!role) throw new BusinessError(`No role has the code "${code.slice(0, 64)}".`);
    if (role.isAdmin || code === 'admin')
      throw new BusinessError('Accounts made at an OpenID Connect sign-in may not be administrators.');
  }

  /** How long a session may stay idle before the server ends it; null when idle checking is off. */
  async idleLimitMs(): Promise<number | null> {
    const { uiAppConfig } = await this.load();
    if (!uiAppConfig.hasCheckIdle) return null;
    return (uiAppConfig.checkIdleSecond + uiAppConfig.checkIdleCountdown) * 1000;
  }

  /** The first-setting answer for a guest (`user` null) or a signed-in user. */
  /**
   * FirstSetting as JSON, serialised once per kind of caller (guest, or language and password state)
   * for as long as the settings and the public screens it is made of stay cached: every page load
   * asks for it. A change of either loads new objects, and so serialises afresh.
   */
  async firstSettingJson(user: User | null): Promise<string> {
    const [settings, publicScreens, { version }] = await Promise.all([
      this.load(),
      this.screens.publicScreens(),
      this.configuration.current(),
    ]);
    let byScreens = this.serializedFirstSettings.get(settings);
    if (!byScreens) {
      byScreens = new WeakMap();
      this.serializedFirstSettings.set(settings, byScreens);
    }
    let byCaller = byScreens.get(publicScreens);
    if (!byCaller) {
      byCaller = new Map();
      byScreens.set(publicScreens, byCaller);
    }
    const callerKey = `${version}:${user ? `${user.languageCode}:${user.mustChangePassword}` : ''}`;
    let json = byCaller.get(callerKey);
    if (json === undefined) {
      json = JSON.stringify(await this.firstSetting(user));
      // Language codes are a short list; the bound only guards against a surprise.
      if (byCaller.size < 64) byCaller.set(callerKey, json);
    }
    return json;
  }

  async firstSetting(user: User | null): Promise<FirstSettingData> {
    const [settings, publicScreens, privateScreenUrls, { version }] = await Promise.all([
      this.load(),
      this.screens.publicScreens(),
      this.screens.privateScreenUrls(),
      this.configuration.current(),
    ]);
    return {
      DefaultValues: settings.defaultValues,
      DefaultHomeURL: settings.homeUrl,
      MediaAcceptedType: settings.mediaAcceptedType,
      UIAppConfig: settings.uiAppConfig,
      UserLanguageCode: user?.languageCode ?? APP_DEFAULTS.defaultLanguage,
      PublicApiScreenList: publicScreens,
      PrivateScreenUrls: privateScreenUrls,
      IsNeedCheckChangePass: user?.mustChangePassword ?? false,
      Message_IsNeedChangePass: user?.mustChangePassword ? settings.changePasswordMessage : '',
      LanguageList: languagesAt(version),
    };
  }
}
