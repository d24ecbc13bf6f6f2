import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import type { Database } from '../db/client';
import { appSettings, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import type { TestServer } from './harness';

/** The statuses a call may answer, whatever its body: anything else (a 5xx above all) is a defect. */
export const ALLOWED_STATUSES = new Set([200, 400, 401, 403, 404, 413, 415, 429]);

/**
 * Tables a refused call may still write to, by design: the audit log (a failed sign-in is audited),
 * the throttling counts, sessions (their last-seen time) and reported client errors.
 */
const WRITTEN_ON_REFUSAL = new Set([
  'audit_log',
  'auth_failures',
  'auth_refusals',
  'sessions',
  '__drizzle_migrations',
]);

/**
 * Counts every row written, updated or deleted in the database, through a row trigger on each table
 * but those a refused call may write by design: a refused call must leave the count where it was.
 */
export async function installChangeCounter(db: Database): Promise<() => Promise<number>> {
  await db.execute(sql`create table if not exists fuzz_changes (n bigint not null)`);
  await db.execute(sql`insert into fuzz_changes select 0 where not exists (select 1 from fuzz_changes)`);
  await db.execute(sql`
    create or replace function fuzz_count_change() returns trigger language plpgsql as $$
    begin update fuzz_changes set n = n + 1; return null; end $$`);
  const tables = (await db.execute(sql`
    select tablename from pg_tables where schemaname = 'public' and tablename <> 'fuzz_changes'
  `)) as unknown as { rows: { tablename: string }[] };
  for (const { tablename } of tables.rows) {
    if (WRITTEN_ON_REFUSAL.has(tablename)) continue;
    await db.execute(
      sql.raw(
        `create or replace trigger fuzz_change_${tablename} after insert or update or delete on "${tablename}" ` +
          'for each row execute function fuzz_count_change()',
      ),
    );
  }
  return async () => {
    const result = (await db.execute(sql`select n from fuzz_changes`)) as unknown as {
      rows: { n: string }[];
    };
    return Number(result.rows[0]?.n ?? 0);
  };
}

/** Words the server gives meaning to, so that generated bodies reach past the first check. */
function vocabulary(server: TestServer): string[] {
  const words = new Set<string>([
    'ALL',
    'Settings',
    'Screens',
    'totp',
    'email',
    'asc',
    'desc',
    'text',
    'search',
    'select',
    'multiselect',
    'checkbox',
    'daterange',
    'password',
    'admin',
    'en',
    'vn',
    '2024-01-31',
    '9999-12-31',
    '/files/00000000-0000-4000-8000-000000000000/a.png?exp=1&sig=x',
  ]);
  for (const resource of server.app.services.resources.registry.all()) {
    words.add(resource.apiName);
    for (const column of resource.columns) words.add(column.field);
  }
  return [...words];
}

/** Values of every JSON kind, edge cases included, and the server's own words. */
function valueArbitrary(words: string[]): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    fc.constantFrom(...words),
    fc.string({ maxLength: 40, unit: 'grapheme' }),
    fc.string({ maxLength: 12, unit: 'binary' }),
    fc.integer(),
    fc.constantFrom(0, -1, 1, 2_147_483_647, 2_147_483_648, -2_147_483_649, 1e20, 1e308, -0, 0.5),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom('', ' ', '0', '1', 'true', 'null', '[]', '{}', 'a'.repeat(5000)),
  );
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom(...words), fc.string({ maxLength: 8 })), tie('value'), {
        maxKeys: 4,
      }),
    ),
  })).value;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

/**
 * Values a JSON schema accepts (the body schemas, through zod's own JSON Schema export): a body that
 * passes the edge reaches the service, which is where a value can still break something. Free text
 * is partly the server's own words (field names, resource names), so that lookups find something.
 */
function fromJsonSchema(
  schema: JsonSchema,
  words: string[],
  any: fc.Arbitrary<unknown>,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > 6) return any;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length)
    return fc.oneof(...choices.map((choice) => fromJsonSchema(choice, words, any, depth + 1)));
  if (schema.allOf?.length) return fromJsonSchema(schema.allOf[0] as JsonSchema, words, any, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, property]) => [
            key,
            fromJsonSchema(property, words, any, depth + 1),
          ]),
        ),
        { requiredKeys: required.filter((key) => key in properties) },
      );
    }
    case 'array':
      return fc.array(schema.items ? fromJsonSchema(schema.items, words, any, depth + 1) : any, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
      });
    case 'string': {
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern));
        } catch {
          // A pattern fast-check cannot generate from: plain text instead.
        }
      }
      if (schema.format === 'email') return fc.emailAddress();
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 200));
      return fc.oneof(
        fc.constantFrom(...words).filter((word) => word.length >= minLength && word.length <= maxLength),
        fc.string({ minLength, maxLength, unit: 'grapheme' }),
      );
    }
    case 'integer':
    case 'number': {
      const min =
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
      const max =
        schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
      return type === 'integer'
        ? fc.integer({
            min: Math.ceil(Math.max(min, -2_147_483_648)),
            max: Math.floor(Math.min(max, 2_147_483_647)),
          })
        : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return any;
  }
}

/**
 * Bodies for one action: most follow its schema (so that they reach the service), the rest break one
 * field of such a body with a value of any kind, and now and then the body is not an object at all.
 */
export function bodyArbitrary(server: TestServer, body: z.ZodType): fc.Arbitrary<unknown> {
  const words = vocabulary(server);
  const any = valueArbitrary(words);
  let valid: fc.Arbitrary<unknown>;
  try {
    valid = fromJsonSchema(
      z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
      words,
      any,
    );
  } catch {
    valid = fc.dictionary(fc.constantFrom(...words), any, { maxKeys: 4 });
  }
  const broken = fc
    .tuple(valid, fc.constantFrom(...words), any)
    .map(([base, key, value]) =>
      base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...base, [key]: value } : value,
    );
  return fc.oneof(
    { weight: 6, arbitrary: valid },
    { weight: 3, arbitrary: broken },
    { weight: 1, arbitrary: any },
  );
}

export type FuzzFinding = { action: string; body: string; status: number; changed: boolean; answer: string };
export type FuzzFigures = {
  action: string;
  cases: number;
  statuses: Record<number, number>;
  findings: number;
  /** How long the action's cases took, in milliseconds. */
  ms: number;
};

/**
 * Sends `runs` generated bodies to every action, as the administrator, and records every answer
 * outside the allowed statuses and every refused call (an error status, or `StatusCode` 0) that
 * changed the database. Actions that end the caller's session are left out.
 */
export async function fuzzActions(
  server: TestServer,
  options: { runs: number; seed?: number; only?: (name: string) => boolean },
): Promise<{ findings: FuzzFinding[]; figures: FuzzFigures[] }> {
  const changes = await installChangeCounter(server.database.db);
  const adminPassword = 'Fuzz-Admin-Password-1';
  let token = await adminToken(server, adminPassword);
  const findings: FuzzFinding[] = [];
  const figures: FuzzFigures[] = [];
  const skip = new Set(['Account/Logout']);
  for (const action of [...server.app.actions.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    if (skip.has(action.name) || (options.only && !options.only(action.name))) continue;
    const statuses: Record<number, number> = {};
    let actionFindings = 0;
    const started = Date.now();
    const samples = fc.sample(bodyArbitrary(server, action.body), {
      numRuns: options.runs,
      seed: options.seed ?? 42,
    });
    let before = await changes();
    for (const body of samples) {
      const payload = JSON.stringify(body);
      const answer = await server.app.inject({
        method: 'POST',
        url: `/api/v1/${action.name}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload,
      });
      statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
      let refused = answer.statusCode !== 200;
      if (!refused) {
        try {
          refused = (JSON.parse(answer.body) as { StatusCode?: number }).StatusCode !== 1;
        } catch {
          refused = true;
        }
      }
      const after = await changes();
      const changed = refused && after !== before;
      before = after;
      if (!ALLOWED_STATUSES.has(answer.statusCode) || changed) {
        actionFindings++;
        findings.push({
          action: action.name,
          body: payload.slice(0, 500),
          status: answer.statusCode,
          changed,
          answer: answer.body.slice(0, 300),
        });
      }
      // A generated body may have changed what the next calls need (a setting, the session).
      if (answer.statusCode === 401) {
        token = await adminToken(server, adminPassword);
        before = await changes();
      }
    }
    figures.push({
      action: action.name,
      cases: samples.length,
      statuses,
      findings: actionFindings,
      ms: Date.now() - started,
    });
  }
  return { findings, figures };
}

/**
 * A fresh administrator session: the administrator's password set to a known one, the security
 * settings back to their defaults (a generated body may have asked for a second factor).
 */
async function adminToken(server: TestServer, password: string): Promise<string> {
  const db = server.database.db;
  await db.delete(appSettings).where(sql`${appSettings.key} = 'security'`);
  const passwordHash = await hashPassword(password);
  const reset = {
    passwordHash,
    isDisabled: false,
    fa2Enabled: false,
    mustChangePassword: false,
    roles: ['admin'],
  };
  const updated = await db
    .update(users)
    .set(reset)
    .where(sql`lower(${users.username}) = 'fuzz-admin'`)
    .returning({ id: users.id });
  if (updated.length === 0)
    await db.insert(users).values({ username: 'fuzz-admin', displayName: 'Fuzz', ...reset });
  server.app.services.caches.clear('ALL');
  return server.signIn('fuzz-admin', password);
}
