// One access rule for every call (issue 20, point 2): every registered action, walked as a user whose
// grants reach only their own rows and as a user with no grant at all, against the administrator's
// records. Nothing of those records may come back (their text carries a marker) and none may change.
// The actions come from the server's registry, so a new action is walked without a word here.
import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { roleGrants, roles, users } from './db/schema';
import { FILE_MANAGER_SCREEN } from './modules/file-manager/service';
import { DECLARED_RESOURCES } from './modules/resources/declarations';
import { startTestServer, TEST_ADMIN, type TestServer } from './testing/harness';

const MARK = 'ZQXSECRET';
/** Ids the walk asks for: the seed's first records of every table are the administrator's. */
const TARGET_IDS = [1, 2, 3];
/** Ending one's own session leaves nothing to walk with. */
const SKIPPED = new Set(['Account/Logout']);
/** Tables a call writes for its caller's own sake, whoever it is (sessions, throttles, the audit). */
const BOOKKEEPING = new Set([
  'audit_log',
  'auth_failures',
  'auth_refusals',
  'sessions',
  'walk_changes',
  'exception_logs',
  'file_links',
]);
/** Columns that name the user a row belongs to: the walker may change rows of their own. */
const OWNER_COLUMNS = ['user_id', 'created_by', 'cashier_id', 'started_by', 'author_id'];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
};

/** Values the server gives meaning to, by the name of a body's key. */
function valueByName(key: string, id: number): unknown {
  if (/(^|[a-z])Id$/.test(key) || key === 'Id') return id;
  if (key === 'Ids') return [id];
  if (key === 'Number') return `B${String(id).padStart(6, '0')}`;
  if (key === 'Email') return 'walker@example.com';
  if (key === 'Values') return [{ FieldName: 'Name', NewValue: 'walked' }];
  return undefined;
}

/**
 * A body its schema accepts, each id-like key naming `id`, other keys the plainest value of their
 * type; a union answers one body per branch.
 */
function bodiesOf(schema: JsonSchema, id: number, key = '', depth = 0): unknown[] {
  const named = valueByName(key, id);
  if (named !== undefined) return [named];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return choices.flatMap((choice) => bodiesOf(choice, id, key, depth + 1)).slice(0, 3);
  if (schema.const !== undefined) return [schema.const];
  if (schema.enum?.length) return [schema.enum[0]];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (depth > 5) return [null];
  switch (type) {
    case 'object': {
      const body: Record<string, unknown> = {};
      let variants: Record<string, unknown>[] = [body];
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const optional = !(schema.required ?? []).includes(name);
        if (optional && valueByName(name, id) === undefined) continue;
        const values = bodiesOf(property, id, name, depth + 1);
        variants = variants.flatMap((variant) => values.map((value) => ({ ...variant, [name]: value })));
      }
      return variants.slice(0, 3);
    }
    case 'array': {
      const items = schema.items ? bodiesOf(schema.items, id, '', depth + 1) : [];
      return [Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => items[0] ?? id)];
    }
    case 'string':
      if (schema.format === 'email') return ['walker@example.com'];
      return ['w'.repeat(Math.max(schema.minLength ?? 1, 1))];
    case 'integer':
    case 'number':
      return [Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1))];
    case 'boolean':
      return [true];
    default:
      return [id];
  }
}

function bodiesFor(body: z.ZodType, id: number): unknown[] {
  let schema: JsonSchema;
  try {
    schema = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return [{ Id: id }];
  }
  const bodies = bodiesOf(schema, id);
  // An open body (AddNew's) still names the record.
  return bodies.map((b) => (b && typeof b === 'object' && !Array.isArray(b) ? { Id: id, ...b } : b));
}

let server: TestServer;
let before: number;

async function rowsOf(query: ReturnType<typeof sql>) {
  return ((await server.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

beforeAll(async () => {
  server = await startTestServer({ demoProducts: 20, env: { LOG_LEVEL: 'silent' } });
  const db = server.database.db;
  const admin = await server.signIn();
  // Records only the administrator has: a folder, a comment on a task, a notification to them.
  await server.call('FileManager/CreateFolder', { Name: `${MARK} folder` }, admin);
  await server.call('Task/AddComment', { Id: 1, Body: `${MARK} comment` }, admin);
  // Every text of the administrator's records carries the marker (tables, not the report views).
  const tables = new Set(
    (await rowsOf(sql`select tablename from pg_tables where schemaname = 'public'`)).map((r) =>
      String(r.tablename),
    ),
  );
  for (const declaration of DECLARED_RESOURCES) {
    const table = getTableName(declaration.table);
    if (!tables.has(table)) continue;
    const text = declaration.columns.find(
      (column) => ['text', 'textarea'].includes(column.type) && column.column && !column.more,
    );
    if (!text?.column) continue;
    const name = (text.column as { name: string }).name;
    await db.execute(
      sql.raw(`update "${table}" set "${name}" = "${name}" || ' ${MARK}' || id where "${name}" is not null`),
    );
  }
  // Every change to any row from here on is kept, with the row as it was and as it became.
  await db.execute(sql`create table walk_changes (n serial, tab text, op text, old jsonb, new jsonb)`);
  await db.execute(sql`
    create or replace function walk_record() returns trigger language plpgsql as $$
    begin
      insert into walk_changes (tab, op, old, new) values (
        TG_TABLE_NAME, TG_OP,
        case when TG_OP <> 'INSERT' then to_jsonb(OLD) end,
        case when TG_OP <> 'DELETE' then to_jsonb(NEW) end);
      return null;
    end $$`);
  for (const { tablename } of await rowsOf(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'walk_changes'`,
  )) {
    await db.execute(
      sql.raw(
        `create trigger walk_${tablename} after insert or update or delete on "${tablename}" for each row execute function walk_record()`,
      ),
    );
  }
  // The walkers: every grant with the row rule `own` (and every named action), and no grant at all.
  await db.insert(roles).values([
    { code: 'walk-own', name: 'Own rows everywhere' },
    { code: 'walk-none', name: 'Nothing' },
  ]);
  const targets = [...server.app.services.resources.registry.all()];
  await db.insert(roleGrants).values([
    ...targets.map((resource) => ({
      roleCode: 'walk-own',
      target: resource.apiName,
      canList: true,
      canDetail: true,
      canAdd: true,
      canEdit: true,
      canDelete: true,
      canExport: true,
      actions: [...(resource.declaration.namedActions ?? []), 'Run', 'Receive'],
      rowRule: 'own',
    })),
    {
      roleCode: 'walk-own',
      target: FILE_MANAGER_SCREEN,
      canList: true,
      canDetail: true,
      canAdd: true,
      canEdit: true,
      canDelete: true,
      canExport: true,
      rowRule: 'own',
    },
  ]);
  server.app.services.access.invalidate();
  before = Number((await rowsOf(sql`select coalesce(max(n), 0) as n from walk_changes`))[0]?.n ?? 0);
}, 240_000);
afterAll(() => server?.close());

type Finding = { walker: string; action: string; body: string; what: string };

async function walk(role: string): Promise<Finding[]> {
  return (await walkAs(role)).findings;
}

async function walkAs(role: string): Promise<{ findings: Finding[]; walker: { id: number; token: string } }> {
  const db = server.database.db;
  const walker = await server.createUser(`walker-${role}`);
  await db
    .update(users)
    .set({ roles: [role] })
    .where(sql`${users.id} = ${walker.id}`);
  server.app.services.access.invalidate();
  const findings: Finding[] = [];
  let seen = Number((await rowsOf(sql`select coalesce(max(n), 0) as n from walk_changes`))[0]?.n ?? 0);
  const actions = [...server.app.actions.values()].sort((a, b) => a.name.localeCompare(b.name));
  for (const action of actions) {
    if (SKIPPED.has(action.name)) continue;
    for (const id of TARGET_IDS) {
      for (const body of bodiesFor(action.body, id)) {
        const payload = JSON.stringify(body);
        const answer = await server.app.inject({
          method: 'POST',
          url: `/api/v1/${action.name}`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${walker.token}` },
          payload,
        });
        const found = (what: string) =>
          findings.push({ walker: role, action: action.name, body: payload.slice(0, 200), what });
        if (answer.body.includes(MARK)) {
          const at = answer.body.indexOf(MARK);
          found(`answered ${answer.body.slice(Math.max(0, at - 120), at + 20)}`);
        }
        const changes = await rowsOf(
          sql`select n, tab, op, old, new from walk_changes where n > ${seen} order by n`,
        );
        for (const change of changes) {
          seen = Math.max(seen, Number(change.n));
          const tab = String(change.tab);
          if (BOOKKEEPING.has(tab)) continue;
          const old = change.old as Record<string, unknown> | null;
          const now = change.new as Record<string, unknown> | null;
          if (JSON.stringify(now ?? {}).includes(MARK)) found(`wrote ${MARK} into ${tab} (${change.op})`);
          if (!old) continue;
          const own =
            (tab === 'users' && old.id === walker.id) ||
            OWNER_COLUMNS.some((column) => old[column] === walker.id);
          if (!own) found(`${change.op} of ${tab} ${old.id}`);
        }
        // The walker's session must live on (a call that ended it would walk nothing more).
        if (answer.statusCode === 401) found('ended the session');
      }
    }
  }
  return { findings, walker };
}

describe('every action under one access rule', () => {
  it('hands out or changes nothing of the administrator to an own-rows user or a user with no grant', async () => {
    expect(before).toBeGreaterThanOrEqual(0);
    expect(server.app.actions.size).toBeGreaterThan(200);
    // The marker is where the walk looks: the administrator sees it.
    const admin = await server.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const bill = await server.call('Pos/Bill', { Id: 1 }, admin);
    expect(bill.text).toContain(MARK);
    const own = await walkAs('walk-own');
    const findings = [...own.findings, ...(await walk('walk-none'))];
    // One line per action and what it did, rather than every body.
    const summary = [...new Set(findings.map((f) => `${f.walker} ${f.action}: ${f.what.slice(0, 160)}`))];
    expect(summary).toEqual([]);
    // The rule narrows, it does not shut: a bill the own-rows walker rang up is theirs to read.
    await server.database.db.execute(sql`update pos_bills set cashier_id = ${own.walker.id} where id = 5`);
    const mine = await server.call('Pos/Bill', { Id: 5 }, own.walker.token);
    expect(mine.body.Data?.Id, mine.text).toBe(5);
    const listed = await server.call('PosBill/List', { Page: 1, PageSize: 50 }, own.walker.token);
    expect(listed.body.Data.Data.map((row: { Id: number }) => row.Id)).toEqual([5]);
  }, 600_000);
});
