import { z } from 'zod';

/** Raised when the environment holds a value the server cannot run with. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** A whole number within bounds, or the default when the variable is unset or empty. */
const intVar = (fallback: number, min: number, max: number) =>
  optionalText.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(number)) {
      ctx.addIssue({ code: 'custom', message: 'must be a whole number' });
      return z.NEVER;
    }
    if (number < min || number > max) {
      ctx.addIssue({ code: 'custom', message: `must be between ${min} and ${max}` });
      return z.NEVER;
    }
    return number;
  });

/** A yes/no switch: true, false, 1, 0, yes or no; the default when unset or empty. */
const boolVar = (fallback: boolean) =>
  optionalText.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const normalized = value.toLowerCase();
    if (['true', '1', 'yes'].includes(normalized)) return true;
    if (['false', '0', 'no'].includes(normalized)) return false;
    ctx.addIssue({ code: 'custom', message: 'must be true or false' });
    return z.NEVER;
  });

const urlWithProtocols = (protocols: string[]) =>
  optionalText.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

const envSchema = z.object({
  PORT: intVar(12391, 0, 65535),
  HOST: optionalText.pipe(z.string().default('127.0.0.1')),
  DATA_DIR: optionalText.pipe(z.string().default('./data')),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:']),
  REDIS_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9:._-]{1,64}$/,
        'may hold 1 to 64 letters, digits, colons, dots, dashes or underscores',
      )
      .default('panelwright:'),
  ),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:']),
  ADMIN_USERNAME: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._@-]{1,64}$/, 'may hold 1 to 64 letters, digits, dots, dashes, underscores or @')
      .default('admin'),
  ),
  ADMIN_EMAIL: optionalText.pipe(z.email('must be an e-mail address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(
    z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters').optional(),
  ),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']),
  LOG_LEVEL: optionalText.pipe(
    z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  TOKEN_TTL_SECONDS: intVar(12 * 60 * 60, 60, 31 * 24 * 60 * 60),
  BODY_LIMIT_BYTES: intVar(1_048_576, 1024, 100 * 1_048_576),
  TRUST_PROXY: boolVar(false),
  SOCIAL_USERINFO_URL: urlWithProtocols(['http:', 'https:']),
  SOCIAL_AUTHORIZE_URL: urlWithProtocols(['http:', 'https:']),
  SOCIAL_CLIENT_ID: optionalText,
  UPLOAD_LIMIT_BYTES: intVar(10 * 1_048_576, 1024, 1024 * 1_048_576),
  DEMO_DATA: boolVar(true),
  DEMO_PRODUCTS: intVar(100_000, 1, 1_000_000),
});

/** The server's configuration, read once from the environment. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis channel, so that several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  publicUrl: string | undefined;
  adminUsername: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  bodyLimitBytes: number;
  /** Trust X-Forwarded-* from a proxy in front (client address, https). */
  trustProxy: boolean;
  social: { userInfoUrl: string; authorizeUrl: string; clientId: string };
  /** Largest uploaded file accepted; larger ones get 413. */
  uploadLimitBytes: number;
  /** Seed the demo resources (100,000 products) on the first start. */
  demoData: boolean;
  /** How many demo products the first start seeds. */
  demoProducts: number;
};

/** Google's endpoints, the default social provider. */
export const GOOGLE_USERINFO_URL = 'https://www.googleapis.com/oauth2/v3/userinfo';
export const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';

/** The environment variables the server reads, for documentation and tests. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

/**
 * Reads and validates the configuration; throws a ConfigError naming every bad variable.
 * Values are never echoed back: some of them are secrets.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${String(issue.path[0])}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl: e.PUBLIC_URL,
    adminUsername: e.ADMIN_USERNAME,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    social: {
      userInfoUrl: e.SOCIAL_USERINFO_URL ?? GOOGLE_USERINFO_URL,
      authorizeUrl: e.SOCIAL_AUTHORIZE_URL ?? GOOGLE_AUTHORIZE_URL,
      clientId: e.SOCIAL_CLIENT_ID ?? '',
    },
    uploadLimitBytes: e.UPLOAD_LIMIT_BYTES,
    demoData: e.DEMO_DATA,
    demoProducts: e.DEMO_PRODUCTS,
  };
}
