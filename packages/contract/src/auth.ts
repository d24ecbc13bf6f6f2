import { z } from 'zod';
import { fieldValueSchema } from './common';
import { CREDENTIAL_FIELD_MAX_LENGTH, TWO_FACTOR_CODE_PATTERN } from './constants';

/** `POST /oauth2/token` form body (password grant). */
export const tokenRequestSchema = z.object({
  grant_type: z.string().max(64),
  username: z.string().min(1).max(CREDENTIAL_FIELD_MAX_LENGTH),
  password: z.string().min(1).max(CREDENTIAL_FIELD_MAX_LENGTH),
  app_name: z.string().max(256).optional(),
});
/** `POST /oauth2/token` form body (password grant). */
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** The token response; everything but the token and its type is kept locally as the info object. */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number().int(),
  user_id: z.number().int(),
  user_uniqueid: z.string(),
  user_name: z.string(),
  name: z.string(),
  avatar_url: z.string(),
  appLogo_url: z.string(),
  language_code: z.string(),
  /** JSON text holding at least `home_url`. */
  configs: z.string(),
  fa2_needenable: z.boolean(),
  fa2_needverify: z.boolean(),
  fa2_token: z.string(),
  fa2_method: z.string(),
});
/** The token response of `/oauth2/token`, `Account/Register`, `Aauth2FA/Enable|Verify`. */
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** The info object kept locally under `Auth-Info`: the token response without the token. */
export type AuthInfo = Omit<TokenResponse, 'access_token' | 'token_type'>;

/** Claims of every JWT the server issues. */
export const jwtClaimsSchema = z.object({
  sub: z.string(),
  sid: z.string(),
  exp: z.number(),
  iat: z.number(),
  /** `access` for a normal session, `fa2` for the short-lived two-factor step token. */
  scope: z.enum(['access', 'fa2']),
});
/** Claims of every JWT the server issues. */
export type JwtClaims = z.infer<typeof jwtClaimsSchema>;

/** `Account/SocialLogin` body. */
export const socialLoginRequestSchema = z.object({
  SocialId: z.string().min(1).max(256),
  SocialToken: z.string().min(1).max(8192),
  SocialUsername: z.string().max(256).optional(),
});
/** `Account/OidcStart` answer: where to send the browser, and what it must bring back. */
export const oidcStartResultSchema = z.object({
  /** The provider's authorization address (code flow with PKCE, state and nonce). */
  Url: z.string(),
  /** The `state` sent to the provider; the browser checks the answer carries it. */
  State: z.string(),
  /** Sealed by the server (the PKCE verifier, the nonce, the state): handed back to `Account/OidcLogin`. */
  Pending: z.string(),
});
/** `Account/OidcStart` answer. */
export type OidcStartResult = z.infer<typeof oidcStartResultSchema>;
/** `Account/OidcLogin` body: what the provider sent back to /redirect, and the sealed start. */
export const oidcLoginRequestSchema = z.object({
  Code: z.string().min(1).max(4096),
  State: z.string().min(1).max(512),
  /** The provider's `iss` of the answer (RFC 9207), when it sends one: checked against the issuer. */
  Iss: z.string().max(2048).optional(),
  Pending: z.string().min(1).max(4096),
});
/** `Account/ForgotPassword` body. */
export const forgotPasswordRequestSchema = z.object({ Email: z.string().min(1).max(320) });
/** `Account/ValidateToken` body. */
export const validateTokenRequestSchema = z.object({ PasswordKey: z.string().min(1).max(512) });
/** `Account/ValidateToken` answer data. */
export const validateTokenResultSchema = z.object({ IsValid: z.boolean(), Msg: z.string() });
/** `Account/ResetPassword` body. */
export const resetPasswordRequestSchema = z.object({
  PasswordKey: z.string().min(1).max(512),
  Password: z.string().max(CREDENTIAL_FIELD_MAX_LENGTH),
  ConfirmPassword: z.string().max(CREDENTIAL_FIELD_MAX_LENGTH),
});
/** `Account/Register` body. */
export const registerRequestSchema = z.object({
  UserName: z.string().min(1).max(64),
  DisplayName: z.string().max(128).optional(),
  Email: z.string().max(320).optional(),
  PhoneNumber: z.string().max(32).optional(),
  Password: z.string().max(CREDENTIAL_FIELD_MAX_LENGTH),
  ConfirmPassword: z.string().max(CREDENTIAL_FIELD_MAX_LENGTH),
});
/** `Account/ChangePassword` body. */
export const changePasswordRequestSchema = z.object({
  OldPassword: z.string().max(CREDENTIAL_FIELD_MAX_LENGTH),
  NewPassword: z.string().max(CREDENTIAL_FIELD_MAX_LENGTH),
  ConfirmPassword: z.string().max(CREDENTIAL_FIELD_MAX_LENGTH),
});
/** `Account/UpdateFields` and `{APIName}/UpdateFields` share the `Values` list. */
export const accountUpdateFieldsRequestSchema = z.object({
  Values: z.array(fieldValueSchema).min(1).max(100),
});

/** What `Account/MyProfile` and `Account/UpdateFields` answer: the signed-in user's own record. */
export const profileSchema = z.object({
  UserId: z.number().int(),
  UniqueId: z.string(),
  UserName: z.string(),
  DisplayName: z.string(),
  Email: z.string(),
  PhoneNumber: z.string(),
  LanguageCode: z.string(),
  AvatarUrl: z.string(),
  Role: z.string(),
  /** Every role of the user (issue 11); `Role` is the legacy single one. */
  Roles: z.array(z.string()).optional(),
  Auth2FAEnabled: z.boolean(),
  FA2Method: z.string(),
  MustChangePassword: z.boolean(),
  /**
   * The product's own pages behind an access rule (`/pos`, `/studio`, `/integrations`) this user may
   * open, for the entries that lead to them (`Account/MyProfile` only).
   */
  OpenPages: z.array(z.string()).optional(),
  /** The user's colour mode: `light`, `dark`, or `system` (follow the device). */
  ColorMode: z.enum(['system', 'light', 'dark']).optional(),
});
export type Profile = z.infer<typeof profileSchema>;

/** A second-factor method offered to the user. */
export const fa2MethodSchema = z.object({
  Id: z.number().int(),
  FA2MethodId: z.string(),
  FA2MethodName: z.string(),
  Configs: z.object({ OtpRecipientRequired: z.boolean(), OTPDescription: z.string() }),
});
/** A second-factor method offered to the user. */
export type FA2Method = z.infer<typeof fa2MethodSchema>;
/** `Aauth2FA/UserSetting` answer data. */
export const fa2UserSettingSchema = z.object({
  Auth2FAEnabled: z.boolean(),
  UniqueId: z.string(),
  FA2Methods: z.array(fa2MethodSchema),
});
/** `Aauth2FA/UserSetting` answer data. */
export type FA2UserSetting = z.infer<typeof fa2UserSettingSchema>;
/** `Aauth2FA/Setup` body. */
export const fa2SetupRequestSchema = z.object({
  FA2MethodId: z.string().min(1).max(64),
  Recipient: z.string().max(320).optional(),
});
/** `Aauth2FA/Enable` and `Aauth2FA/Verify` body. */
export const fa2CodeRequestSchema = z.object({
  FA2MethodId: z.string().min(1).max(64),
  Code: z.string().regex(TWO_FACTOR_CODE_PATTERN, 'must be 6 digits'),
});
/** `Aauth2FA/Disable` body. */
export const fa2DisableRequestSchema = z.object({
  Code: z.string().regex(TWO_FACTOR_CODE_PATTERN, 'must be 6 digits'),
});
