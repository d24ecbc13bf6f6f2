import { z } from 'zod';
import { MAP_TILE_URL } from './constants';
import { screenEntrySchema } from './screens';

/**
 * An address a setting makes the browser load or follow: an http(s) address or a path of this site.
 * Never `javascript:`, `data:` or another scheme, nor a `//host` path that leaves the site.
 */
export const SAFE_URL = /^(https?:\/\/[^\s/?#]+[^\s]*|\/(?![/\\])[^\s]*)$/i;
/** An http(s) address (the server or the browser calls it). */
export const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

/** True when `zone` is a time zone this runtime knows (IANA names such as Europe/Berlin, or UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const linkSetting = z
  .string()
  .max(2048)
  .refine((url) => url === '' || SAFE_URL.test(url), {
    message: 'must be empty, an http(s) address or a path',
  });
const httpSetting = z
  .string()
  .max(2048)
  .refine((url) => url === '' || HTTP_URL.test(url), { message: 'must be empty or an http(s) address' });

/** Feature flags and client settings; all of them come from server configuration. */
export const uiAppConfigSchema = z.object({
  forgotPassword: z.boolean(),
  registerAccount: z.boolean(),
  socialLogin: z.boolean(),
  pushNotify: z.boolean(),
  languageChange: z.boolean(),
  settingsPage: z.boolean(),
  hasCheckIdle: z.boolean(),
  checkIdleSecond: z.number().int().positive(),
  checkIdleInterval: z.number().int().positive(),
  checkIdleCountdown: z.number().int().positive(),
  hasSignalR: z.boolean(),
  themeSeason: z.string(),
  widthMobile: z.number().int().positive(),
  siteName: z.string(),
  primaryColor: z.string(),
  logoUrl: linkSetting,
  socialProvider: z.string(),
  vapidPublicKey: z.string(),
  chatWebhookUrl: httpSetting,
  slowResponseMs: z.number().int().positive(),
  largeResponseBytes: z.number().int().positive(),
  /** Where the social sign-in button sends the browser (OAuth 2.0 authorization endpoint). */
  socialAuthorizeUrl: httpSetting.optional(),
  socialClientId: z.string().optional(),
  /** Where the client reads the social user's e-mail; the server checks the token there itself. */
  socialUserInfoUrl: httpSetting.optional(),
  /** OpenID Connect sign-in is offered (when the server has a provider: see `oidcConfigured`). */
  oidcLogin: z.boolean().optional(),
  /** The provider's name on the sign-in button ("Sign in with Acme ID"). */
  oidcProviderName: z.string().max(60).optional(),
  /** Filled in by the server: an OpenID provider is configured (`OIDC_ISSUER`, `OIDC_CLIENT_ID`). */
  oidcConfigured: z.boolean().optional(),
  /**
   * The tile address of maps, with {z}, {x} and {y} (and optionally {s}): http(s) or a same-site path;
   * empty for a blank map. OpenStreetMap's by default; a closed network points it at its own server.
   */
  mapTileUrl: z
    .string()
    .max(500)
    .refine((url) => url === '' || MAP_TILE_URL.test(url), {
      message: 'must be empty or an http(s) address or a path with {z}, {x} and {y}',
    })
    .optional(),
  /** The credit line the tile server asks for. */
  mapAttribution: z.string().max(300).optional(),
  /** The seller printed on receipts and invoices: the shop's legal name. */
  sellerName: z.string().max(200).optional(),
  /** The seller's address on receipts and invoices (lines separated by line breaks). */
  sellerAddress: z.string().max(500).optional(),
  /** The seller's tax number on receipts and invoices. */
  sellerTaxNumber: z.string().max(50).optional(),
  /**
   * The shop's time zone (IANA, e.g. Asia/Ho_Chi_Minh): the times of receipts and invoices are
   * printed in it. Empty: the server's zone.
   */
  shopTimeZone: z
    .string()
    .max(64)
    .refine((zone) => zone === '' || isTimeZone(zone), {
      message: 'must be a time zone such as Asia/Ho_Chi_Minh',
    })
    .optional(),
  /** The analytics plugin ('' for none, the default): nothing third-party is loaded when off. */
  analytics: z.string().max(40).optional(),
  /** The analytics plugin's measurement id. */
  analyticsId: z.string().max(100).optional(),
  /** The address of the analytics plugin's script (http(s); https outside a closed network). */
  analyticsScriptUrl: z
    .string()
    .max(500)
    .refine((url) => url === '' || HTTP_URL.test(url), {
      message: 'must be an http(s) address',
    })
    .optional(),
});
/** Feature flags and client settings. */
export type UIAppConfig = z.infer<typeof uiAppConfigSchema>;

/** A language the product speaks; `Path` is where its files are fetched. */
export const languageItemSchema = z.object({ Value: z.string(), Path: z.string() });
/** A language the product speaks. */
export type LanguageItem = z.infer<typeof languageItemSchema>;

/** `DefaultValues` of the first-setting answer. */
export const defaultValuesSchema = z
  .object({
    /** ISO timestamp; while in the future, the local cache is not cleared. */
    needClearLocalCacheBefore: z.string().nullable().optional(),
    /** true for everyone, or the user ids whose local cache must be cleared. */
    needClearLocalCache: z.union([z.boolean(), z.array(z.number().int())]).optional(),
    listExtLng: z.array(z.string()).optional(),
  })
  .catchall(z.unknown());
/** `DefaultValues` of the first-setting answer. */
export type DefaultValues = z.infer<typeof defaultValuesSchema>;

/** `GlobalAppSetting/FisrtSetting` body. */
export const firstSettingRequestSchema = z.object({
  UIAppConfig: z.unknown().optional(),
});

/** `GlobalAppSetting/FisrtSetting` answer data (part 1 section 3). */
export const firstSettingDataSchema = z.object({
  DefaultValues: defaultValuesSchema,
  DefaultHomeURL: z.string(),
  MediaAcceptedType: z.string(),
  UIAppConfig: uiAppConfigSchema,
  UserLanguageCode: z.string(),
  PublicApiScreenList: z.array(screenEntrySchema),
  /**
   * The addresses (UIUrl) of the private screens, nothing else of them: a guest who opens one is sent
   * to sign in and brought back, where any other address is page-not-found (part 1 section 6).
   */
  PrivateScreenUrls: z.array(z.string()).optional(),
  IsNeedCheckChangePass: z.boolean(),
  Message_IsNeedChangePass: z.string(),
  LanguageList: z.array(languageItemSchema),
});
/** `GlobalAppSetting/FisrtSetting` answer data. */
export type FirstSettingData = z.infer<typeof firstSettingDataSchema>;
