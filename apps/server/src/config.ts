import { isIP } from 'node:net';
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

/** The names proxy-addr (Fastify's trust-proxy rule) knows for whole families of addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * The proxies whose `X-Forwarded-*` headers are believed: `false` (none), or a comma list of addresses
 * and CIDR ranges. `true` ("any sender") is refused: it would let every client pick its own address.
 */
const trustedProxiesVar = optionalText.transform((value, ctx) => {
  if (value === undefined || ['false', '0', 'no'].includes(value.toLowerCase())) return [];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message:
        "must be false, or a comma-separated list of the proxies' addresses or CIDR ranges " +
        '(e.g. 127.0.0.1,10.0.0.0/8, or loopback); "true" (trust anyone) is not accepted' +
        (bad.length > 0 ? `; not an address or range: ${bad.slice(0, 3).join(', ').slice(0, 120)}` : ''),
    });
    return z.NEVER;
  }
  return entries;
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
  TRUST_PROXY: trustedProxiesVar,
  REQUEST_TIMEOUT_MS: intVar(60_000, 1_000, 3_600_000),
  HEADERS_TIMEOUT_MS: intVar(10_000, 1_000, 300_000),
  MAX_CONNECTIONS_PER_ADDRESS: intVar(128, 1, 100_000),
  DB_TIMEOUT_MS: intVar(4_000, 500, 600_000),
  FILE_LINK_TTL_SECONDS: intVar(24 * 60 * 60, 60, 366 * 24 * 60 * 60),
  SOCIAL_USERINFO_URL: urlWithProtocols(['http:', 'https:']),
  SOCIAL_AUTHORIZE_URL: urlWithProtocols(['http:', 'https:']),
  SOCIAL_CLIENT_ID: optionalText,
  OIDC_ISSUER: urlWithProtocols(['http:', 'https:']),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  UPLOAD_LIMIT_BYTES: intVar(10 * 1_048_576, 1024, 1024 * 1_048_576),
  FILE_STORE: optionalText.pipe(
    z.enum(['disk', 'database'], { message: 'must be disk or database' }).default('disk'),
  ),
  API_KEY_RATE_PER_MINUTE: intVar(600, 1, 1_000_000),
  WEBHOOK_POLL_MS: intVar(2_000, 50, 600_000),
  WEBHOOK_RETRY_BASE_MS: intVar(30_000, 100, 3_600_000),
  WEBHOOK_TIMEOUT_MS: intVar(10_000, 100, 120_000),
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
  /**
   * The proxies in front whose X-Forwarded-* headers are believed (client address, https): addresses
   * and CIDR ranges; empty trusts none.
   */
  trustedProxies: string[];
  /** A request (headers and body) must arrive within this time; slower ones get 408. */
  requestTimeoutMs: number;
  /** The request headers must arrive within this time. */
  headersTimeoutMs: number;
  /** Open connections one client address may hold (trusted proxies are not counted). */
  maxConnectionsPerAddress: number;
  /** PostgreSQL: the longest a query, or a wait for a connection, may take before the call gets 503. */
  dbTimeoutMs: number;
  /** How long a signed link to a stored file stays valid; rows carry fresh links each time they are read. */
  fileLinkTtlSeconds: number;
  social: { userInfoUrl: string; authorizeUrl: string; clientId: string };
  /**
   * The OpenID Connect provider (docs/integrations.md): its issuer address, and the client registered
   * there. No secret: a public client (PKCE alone). Unset issuer or client id: no OpenID sign-in.
   */
  oidc: { issuer: string | undefined; clientId: string | undefined; clientSecret: string | undefined };
  /** Largest uploaded file accepted; larger ones get 413. */
  uploadLimitBytes: number;
  /** Where uploaded files and exports are kept: the data folder (one instance) or the database (several). */
  fileStore: 'disk' | 'database';
  /** Calls one API key may make a minute on one instance. */
  apiKeyRatePerMinute: number;
  /** How often each instance's webhook worker looks for due deliveries. */
  webhookPollMs: number;
  /** The first retry's wait after a failed delivery; each further one doubles it (24 hours in all). */
  webhookRetryBaseMs: number;
  /** How long a receiver may take to answer a delivery. */
  webhookTimeoutMs: number;
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
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration:\n  HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS',
    );
  }
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
    trustedProxies: e.TRUST_PROXY,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    dbTimeoutMs: e.DB_TIMEOUT_MS,
    fileLinkTtlSeconds: e.FILE_LINK_TTL_SECONDS,
    social: {
      userInfoUrl: e.SOCIAL_USERINFO_URL ?? GOOGLE_USERINFO_URL,
      authorizeUrl: e.SOCIAL_AUTHORIZE_URL ?? GOOGLE_AUTHORIZE_URL,
      clientId: e.SOCIAL_CLIENT_ID ?? '',
    },
    oidc: { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET },
    uploadLimitBytes: e.UPLOAD_LIMIT_BYTES,
    fileStore: e.FILE_STORE,
    apiKeyRatePerMinute: e.API_KEY_RATE_PER_MINUTE,
    webhookPollMs: e.WEBHOOK_POLL_MS,
    webhookRetryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    demoData: e.DEMO_DATA,
    demoProducts: e.DEMO_PRODUCTS,
  };
}
