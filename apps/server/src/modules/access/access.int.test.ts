// Access control (issue 11) against the real server: every call of the resource protocol is allowed
// exactly when the permission matrix allows it, fields a role may not read are absent, refused calls
// change nothing, and the last administrator cannot lock the product out.
import { eq, inArray, ne, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  products,
  projectMembers,
  projects,
  roleGrants,
  roles,
  sessions,
  tasks,
  users,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';
import { LAST_ADMIN_MESSAGE } from './service';

let server: TestServer;
let admin: string;

/**
 * A collection made in the configuration (issue 23): its permissions must behave as a declared
 * resource's, so the matrix draws it beside Product and Category.
 */
const CUSTOMERS = {
  APIName: 'Customer',
  Title: { en: 'Customers' },
  Fields: [
    { Name: 'Name', Type: 'text', Required: true, Searchable: true },
    { Name: 'Email', Type: 'email', Required: false },
    { Name: 'Balance', Type: 'money', Required: false },
    { Name: 'Vip', Type: 'boolean', Required: false },
    { Name: 'Category', Type: 'relation', Required: false, Target: 'Category', Display: '{Name}' },
  ],
};

beforeAll(async () => {
  server = await startTestServer({ demoProducts: 30 });
  admin = await server.signIn();
  const document = (await server.call('Configuration/Export', {}, admin)).body.Data;
  document.Collections = [CUSTOMERS];
  const applied = await server.call(
    'Configuration/Apply',
    { Document: document, Message: 'a collection for the matrix' },
    admin,
  );
  expect(applied.body.StatusCode, applied.text).toBe(1);
  for (const name of ['Ada', 'Grace', 'Edsger'])
    await server.call('Customer/AddNew', { Name: name, Email: `${name.toLowerCase()}@example.com` }, admin);
}, 120_000);
afterAll(() => server.close());

const FLAGS = ['canList', 'canDetail', 'canAdd', 'canEdit', 'canDelete', 'canExport'] as const;
type Flag = (typeof FLAGS)[number];
const TARGETS = ['Product', 'Category', 'Customer'] as const;
type Target = (typeof TARGETS)[number];
const PRODUCT_FIELDS = ['Name', 'Price', 'Quantity', 'IsActive', 'Description'] as const;
const CUSTOMER_FIELDS = ['Name', 'Email', 'Balance', 'Vip', 'Category'] as const;
/** The fields whose reading and editing the matrix draws, by target (Category: its name only). */
const FIELDS: Record<Target, readonly string[]> = {
  Product: PRODUCT_FIELDS,
  Category: ['Name'],
  Customer: CUSTOMER_FIELDS,
};
const CALLS = ['Options', 'List', 'Detail', 'AddNew', 'UpdateFields', 'Delete', 'Export'] as const;
type Call = (typeof CALLS)[number];
const FLAG_OF: Record<Call, Flag> = {
  Options: 'canList',
  List: 'canList',
  Detail: 'canDetail',
  AddNew: 'canAdd',
  UpdateFields: 'canEdit',
  Delete: 'canDelete',
  Export: 'canExport',
};

type Grant = Record<Flag, boolean> & { hiddenFields: string[]; editFields: string[] };
type Matrix = { isAdmin: boolean; grants: Partial<Record<Target, Grant>> }[];

const grantArb = (fields: readonly string[]): fc.Arbitrary<Grant> =>
  fc.record({
    canList: fc.boolean(),
    canDetail: fc.boolean(),
    canAdd: fc.boolean(),
    canEdit: fc.boolean(),
    canDelete: fc.boolean(),
    canExport: fc.boolean(),
    hiddenFields: fc.subarray([...fields]),
    editFields: fc.subarray([...fields]),
  });
const roleArb = fc.record({
  isAdmin: fc.integer({ min: 0, max: 9 }).map((v) => v === 0),
  grants: fc.record(
    {
      Product: grantArb(PRODUCT_FIELDS),
      Category: grantArb(FIELDS.Category),
      Customer: grantArb(CUSTOMER_FIELDS),
    },
    { requiredKeys: [] },
  ),
});
const callArb = fc
  .record({ target: fc.constantFrom(...TARGETS), call: fc.constantFrom(...CALLS), at: fc.nat() })
  .map(({ target, call, at }) => ({
    target,
    call,
    field: FIELDS[target][at % FIELDS[target].length] as string,
  }));

/** The matrix's meaning, stated independently of the server's policy code. */
const model = {
  allows: (matrix: Matrix, target: Target, flag: Flag) =>
    matrix.some((role) => role.isAdmin || role.grants[target]?.[flag] === true),
  canRead: (matrix: Matrix, target: Target, field: string) =>
    matrix.some((role) => {
      if (role.isAdmin) return true;
      const grant = role.grants[target];
      return (
        !!grant &&
        (grant.canList || grant.canDetail || grant.canExport || grant.canEdit) &&
        !grant.hiddenFields.includes(field)
      );
    }),
  canAdd: (matrix: Matrix, target: Target, field: string) =>
    matrix.some((role) => {
      if (role.isAdmin) return true;
      const grant = role.grants[target];
      return (
        !!grant &&
        grant.canAdd &&
        !grant.hiddenFields.includes(field) &&
        (grant.editFields.length === 0 || grant.editFields.includes(field))
      );
    }),
  canEdit: (matrix: Matrix, target: Target, field: string) =>
    matrix.some((role) => {
      if (role.isAdmin) return true;
      const grant = role.grants[target];
      return (
        !!grant &&
        grant.canEdit &&
        !grant.hiddenFields.includes(field) &&
        (grant.editFields.length === 0 || grant.editFields.includes(field))
      );
    }),
};

let runNo = 0;

/** A value each drawn field takes (a category's id for the relation: set in beforeAll's wake). */
const VALUES: Record<string, unknown> = {
  get Name() {
    return `Renamed ${runNo}`;
  },
  Price: 12.5,
  get Quantity() {
    return runNo;
  },
  IsActive: true,
  Description: 'Drawn',
  get Email() {
    return `drawn${runNo}@example.com`;
  },
  Balance: 7.5,
  Vip: true,
};

/**
 * The value a drawn call writes to a field; a relation points at a category that exists now (a drawn
 * Delete may have removed the first one, and ids differ between databases).
 */
function drawnValue(field: string, ids: Record<Target, number>): unknown {
  return field === 'Category' ? ids.Category : VALUES[field];
}

/** Stores the drawn roles (as data, as an administrator would) and gives them to the test user. */
async function applyMatrix(userId: number, matrix: Matrix): Promise<string[]> {
  const db = server.database.db;
  runNo += 1;
  const codes = matrix.map((_, index) => `prop${runNo}x${index}`);
  await db.update(users).set({ roles: [] }).where(eq(users.id, userId));
  if (codes.length > 0) {
    await db.insert(roles).values(
      matrix.map((role, index) => ({
        code: codes[index] as string,
        name: `P${index}`,
        isAdmin: role.isAdmin,
      })),
    );
    const grants = matrix.flatMap((role, index) =>
      Object.entries(role.grants).map(([target, grant]) => ({
        roleCode: codes[index] as string,
        target,
        ...grant,
      })),
    );
    if (grants.length > 0) await db.insert(roleGrants).values(grants);
  }
  await db.update(users).set({ roles: codes }).where(eq(users.id, userId));
  server.app.services.access.invalidate();
  return codes;
}

async function bodyOf(call: Call, target: Target, field: string, ids: Record<Target, number>) {
  const id = ids[target];
  switch (call) {
    case 'Options':
      return {};
    case 'List':
    case 'Export':
      return { Page: 1, PageSize: 5 };
    case 'Detail':
    case 'Delete':
      return { Id: id };
    case 'AddNew':
      if (target === 'Product')
        return { Sku: `P-${runNo}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`, Name: 'Drawn' };
      if (target === 'Customer') return { Name: 'Drawn', [field]: drawnValue(field, ids) };
      return { Name: 'Drawn', Code: `C${runNo}${Math.random().toString(36).slice(2, 6).toUpperCase()}` };
    case 'UpdateFields':
      return { Id: id, Values: [{ FieldName: field, NewValue: drawnValue(field, ids) }] };
  }
}

/** The collection's rows as its table holds them (the generic calls are what is tested). */
async function customerRows(where = '') {
  const answer = await server.database.db.execute(
    sql.raw(`select * from c_customer ${where} order by id limit 1`),
  );
  return ((answer as unknown as { rows?: Record<string, unknown>[] }).rows ??
    (answer as unknown as Record<string, unknown>[])) as (Record<string, unknown> & { id: number })[];
}
/** The first customer; one is added when the drawn deletes took them all. */
const firstCustomer = async () => {
  const [row] = await customerRows();
  if (row) return row;
  await server.call('Customer/AddNew', { Name: 'Refill' }, admin);
  return (await customerRows())[0] as Record<string, unknown> & { id: number };
};
/** The first category; one is added when the drawn deletes took them all (a customer's relation needs one). */
const firstCategory = async () => {
  const [row] = await server.database.db.select().from(categories).limit(1);
  if (row) return row;
  await server.call('Category/AddNew', { Name: 'Refill', Code: `R${runNo}` }, admin);
  return (await server.database.db.select().from(categories).limit(1))[0];
};
const customerRow = async (id: number) => (await customerRows(`where id = ${Number(id)}`))[0];

describe('the permission matrix, drawn', () => {
  it('allows every resource-protocol call exactly when the matrix allows it, and hides unreadable fields', async () => {
    const user = await server.createUser('prop-user');
    await fc.assert(
      fc.asyncProperty(
        fc.array(roleArb, { minLength: 0, maxLength: 2 }),
        fc.array(callArb, { minLength: 1, maxLength: 4 }),
        async (matrix, calls) => {
          await applyMatrix(user.id, matrix);
          const db = server.database.db;
          for (const { target, call, field } of calls) {
            const [product] = await db.select().from(products).limit(1);
            const category = await firstCategory();
            const customer = await firstCustomer();
            const ids = { Product: product?.id ?? 1, Category: category?.id ?? 1, Customer: customer.id };
            const body = await bodyOf(call, target, field, ids);
            const before = target === 'Product' ? product : target === 'Category' ? category : customer;
            const res = await server.call(`${target}/${call}`, body, user.token);
            let allowed = model.allows(matrix, target, FLAG_OF[call]);
            if (call === 'UpdateFields') allowed &&= model.canEdit(matrix, target, field);
            if (call === 'AddNew' && allowed) {
              for (const key of Object.keys(body)) allowed &&= model.canAdd(matrix, target, key);
            }
            // A relation's value must be a record the caller may list of the other side: without
            // that grant a category is no option of theirs (a client's mistake, not a permission).
            const unlisted =
              allowed &&
              target === 'Customer' &&
              field === 'Category' &&
              (call === 'AddNew' || call === 'UpdateFields') &&
              !model.allows(matrix, 'Category', 'canList');
            expect(res.status, `${target}/${call} ${JSON.stringify(matrix)}: ${res.text}`).toBe(
              unlisted ? 400 : allowed ? 200 : 403,
            );
            if (!allowed) {
              expect(res.body.error_description).toMatch(/permission missing: /);
              if (call === 'UpdateFields' || call === 'Delete') {
                if (target === 'Customer') {
                  expect(await customerRow(customer.id)).toEqual(customer);
                } else {
                  const table = target === 'Product' ? products : categories;
                  const [after] = await db
                    .select()
                    .from(table)
                    .where(eq(table.id, (before as { id: number }).id));
                  expect(after).toEqual(before);
                }
              }
            }
            if (allowed && target !== 'Category' && (call === 'List' || call === 'Detail')) {
              const rows = call === 'List' ? res.body.Data.Data : [res.body.Data];
              for (const name of FIELDS[target]) {
                for (const row of rows) {
                  if (!row || typeof row !== 'object') continue;
                  expect(name in row, `${target}.${name} in ${call}`).toBe(
                    model.canRead(matrix, target, name),
                  );
                }
                if (call === 'List') {
                  const def = res.body.Data.ExtraData.Columns[name];
                  expect(def !== undefined).toBe(model.canRead(matrix, target, name));
                  if (def) expect(def.CanEdit).toBe(model.canEdit(matrix, target, name));
                }
              }
            }
            if (allowed && call === 'Options') {
              const config = JSON.parse(res.body.Data.Configs.ScreenConfig);
              expect(config.Header.showAddNew).toBe(model.allows(matrix, target, 'canAdd'));
              expect(config.Header.showExport).toBe(model.allows(matrix, target, 'canExport'));
              expect(config.Table.canDelete).toBe(model.allows(matrix, target, 'canDelete'));
            }
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('the last administrator', () => {
  it('cannot be disabled, demoted or removed, and disabling a user ends their sessions at once', async () => {
    // The drawn roles above may have made other users administrators: none is, here.
    await server.database.db
      .update(users)
      .set({ roles: ['staff'] })
      .where(ne(users.username, 'admin'));
    const [me] = await server.database.db.select().from(users).where(eq(users.username, 'admin'));
    const adminId = me?.id as number;
    const detail = async (id: number) => (await server.call('User/Detail', { Id: id }, admin)).body.Data;
    const update = async (id: number, FieldName: string, NewValue: unknown) =>
      server.call('User/UpdateFields', { Id: id, Values: [{ FieldName, NewValue }] }, admin);

    for (const [field, value] of [
      ['IsDisabled', true],
      ['Roles', ['staff']],
    ] as const) {
      const res = await update(adminId, field, value);
      expect(res.body.StatusCode).toBe(0);
      expect(res.body.Msg).toBe(LAST_ADMIN_MESSAGE);
    }
    expect((await server.call('User/Delete', { Id: adminId }, admin)).body.StatusCode).toBe(0);
    const [adminRole] = await server.database.db.select().from(roles).where(eq(roles.code, 'admin'));
    const demoted = await server.call(
      'Role/UpdateFields',
      { Id: adminRole?.id, Values: [{ FieldName: 'IsAdmin', NewValue: false }] },
      admin,
    );
    expect(demoted.body.StatusCode).toBe(0);
    expect((await detail(adminId)).Roles).toBe('admin');

    // With a second administrator, the first may be demoted; the second then cannot.
    const other = await server.createUser('second-admin', 'admin');
    expect((await update(adminId, 'Roles', ['admin', 'staff'])).body.StatusCode).toBe(1);
    const signedOut = await server.call(
      'User/UpdateFields',
      { Id: other.id, Values: [{ FieldName: 'IsDisabled', NewValue: true }] },
      admin,
    );
    expect(signedOut.body.StatusCode).toBe(1);
    const open = await server.database.db
      .select()
      .from(sessions)
      .where(inArray(sessions.userId, [other.id]));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);
    expect((await server.call('Account/MyProfile', {}, other.token)).status).toBe(401);
  });

  it('keeps administration to administrators: 403 naming the permission for staff and viewers', async () => {
    const staff = await server.createUser('a-staff', 'staff');
    for (const name of ['User/List', 'Role/List', 'RoleGrant/List']) {
      const res = await server.call(name, { Page: 1, PageSize: 5 }, staff.token);
      expect(res.status).toBe(403);
      expect(res.body.error_description).toMatch(/permission missing: \w+ List/);
    }
  });
});

describe('the own-rows rule', () => {
  it('narrows List, Detail, UpdateFields and AddNew of tasks to the projects the user is a member of', async () => {
    const db = server.database.db;
    const member = await server.createUser('own-rows');
    const allProjects = await db.select().from(projects).orderBy(projects.id);
    expect(allProjects.length).toBeGreaterThan(1);
    const mine = allProjects[0]?.id as number;
    await db.insert(projectMembers).values({ projectId: mine, userId: member.id, role: 'developer' });
    await db.insert(roles).values({ code: 'own-tasks', name: 'Own tasks' });
    await db.insert(roleGrants).values({
      roleCode: 'own-tasks',
      target: 'Task',
      canList: true,
      canDetail: true,
      canEdit: true,
      canAdd: true,
      canDelete: true,
      rowRule: 'own',
    });
    await db
      .update(users)
      .set({ roles: ['own-tasks'] })
      .where(eq(users.id, member.id));
    server.app.services.access.invalidate();

    const listed = await server.call('Task/List', { Page: 1, PageSize: 1000 }, member.token);
    expect(listed.status).toBe(200);
    const allTasks = await db.select().from(tasks);
    const ofMine = allTasks.filter((task) => task.projectId === mine);
    expect(listed.body.Data.Total).toBe(ofMine.length);
    const other = allTasks.find((task) => task.projectId !== mine);
    expect(other).toBeDefined();
    const detail = await server.call('Task/Detail', { Id: other?.id }, member.token);
    expect(detail.body.StatusCode).toBe(0);
    const change = await server.call(
      'Task/UpdateFields',
      { Id: other?.id, Values: [{ FieldName: 'Title', NewValue: 'Not mine' }] },
      member.token,
    );
    // Another project's task answers as a task that does not exist: ids cannot be probed.
    const missing = await server.call(
      'Task/UpdateFields',
      { Id: 2_000_000_000, Values: [{ FieldName: 'Title', NewValue: 'Not mine' }] },
      member.token,
    );
    expect(change.status).toBe(200);
    expect(change.body.StatusCode).toBe(0);
    expect({ status: change.status, body: { ...change.body, TotalMili: 0 } }).toEqual({
      status: missing.status,
      body: { ...missing.body, TotalMili: 0 },
    });
    const removal = await server.call('Task/Delete', { Id: other?.id }, member.token);
    const missingRemoval = await server.call('Task/Delete', { Id: 2_000_000_000 }, member.token);
    expect({ ...removal.body, TotalMili: 0 }).toEqual({ ...missingRemoval.body, TotalMili: 0 });
    const [unchanged] = await db
      .select()
      .from(tasks)
      .where(eq(tasks.id, other?.id as number));
    expect(unchanged?.title).toBe(other?.title);
  });
  it("counts each user's own rows for them alone, and anew when their memberships change", async () => {
    const db = server.database.db;
    const [first, second] = await db.select().from(projects).orderBy(projects.id).limit(2);
    const one = first?.id as number;
    const two = second?.id as number;
    const a = await server.createUser('own-count-a');
    const b = await server.createUser('own-count-b');
    await db.insert(projectMembers).values([
      { projectId: one, userId: a.id, role: 'developer' },
      { projectId: two, userId: b.id, role: 'developer' },
    ]);
    await db.insert(roles).values({ code: 'own-count', name: 'Own count' });
    await db
      .insert(roleGrants)
      .values({ roleCode: 'own-count', target: 'Task', canList: true, rowRule: 'own' });
    await db
      .update(users)
      .set({ roles: ['own-count'] })
      .where(inArray(users.id, [a.id, b.id]));
    server.app.services.access.invalidate();
    const allTasks = await db.select().from(tasks);
    const tasksOf = (...ids: number[]) => allTasks.filter((task) => ids.includes(task.projectId)).length;
    const total = async (token: string) =>
      (await server.call('Task/List', { Page: 1, PageSize: 1 }, token)).body.Data.Total as number;

    // The same list asked by three people: each is counted (and cached) for themselves.
    expect(await total(admin)).toBe(allTasks.length);
    expect(await total(a.token)).toBe(tasksOf(one));
    expect(await total(b.token)).toBe(tasksOf(two));
    expect(await total(a.token)).toBe(tasksOf(one));
    expect(await total(admin)).toBe(allTasks.length);

    // A new membership is a change of another table; the own totals follow it at once.
    const added = await server.call(
      'ProjectMember/AddNew',
      { ProjectId: one, UserId: b.id, Role: 'tester' },
      admin,
    );
    expect(added.body.StatusCode).toBe(1);
    expect(await total(b.token)).toBe(tasksOf(one, two));
    expect(await total(a.token)).toBe(tasksOf(one));
  });
});

describe('the own-rows rule on a collection', () => {
  it('narrows List, Detail, UpdateFields and Delete of a collection to the records one created, as of a declared resource', async () => {
    const a = await server.createUser('own-customers-a');
    const b = await server.createUser('own-customers-b');
    await server.database.db.insert(roles).values({ code: 'own-customers', name: 'Own customers' });
    await server.database.db.insert(roleGrants).values({
      roleCode: 'own-customers',
      target: 'Customer',
      canList: true,
      canDetail: true,
      canAdd: true,
      canEdit: true,
      canDelete: true,
      canExport: true,
      hiddenFields: ['Balance'],
      rowRule: 'own',
    });
    await server.database.db
      .update(users)
      .set({ roles: ['own-customers'] })
      .where(inArray(users.id, [a.id, b.id]));
    server.app.services.access.invalidate();

    const mine = await server.call('Customer/AddNew', { Name: 'Of A', Vip: true }, a.token);
    expect(mine.body.StatusCode, mine.text).toBe(1);
    expect(mine.body.Data).not.toHaveProperty('Balance');
    const theirs = await server.call('Customer/AddNew', { Name: 'Of B' }, b.token);
    const names = async (token: string) =>
      (
        (await server.call('Customer/List', { Page: 1, PageSize: 100 }, token)).body.Data.Data as {
          Name: string;
        }[]
      )
        .map((row) => row.Name)
        .sort();
    expect(await names(a.token)).toEqual(['Of A']);
    expect(await names(b.token)).toEqual(['Of B']);
    expect(await names(admin)).toEqual(expect.arrayContaining(['Of A', 'Of B']));
    // A hidden field is neither set nor read, not even on one's own record.
    expect((await server.call('Customer/AddNew', { Name: 'X', Balance: 1 }, a.token)).status).toBe(403);
    const listed = await server.call('Customer/List', { Page: 1, PageSize: 5 }, a.token);
    expect(listed.body.Data.Data[0]).not.toHaveProperty('Balance');
    expect(listed.body.Data.ExtraData.Columns).not.toHaveProperty('Balance');

    // Another's record answers as one that does not exist, and stays as it was.
    const otherId = theirs.body.Data.Id as number;
    const before = await customerRow(otherId);
    const same = async (name: string, body: Record<string, unknown>) => {
      const other = await server.call(name, { ...body, Id: otherId }, a.token);
      const missing = await server.call(name, { ...body, Id: 2_000_000_000 }, a.token);
      expect({ status: other.status, body: { ...other.body, TotalMili: 0 } }, name).toEqual({
        status: missing.status,
        body: { ...missing.body, TotalMili: 0 },
      });
      expect(other.body.StatusCode, name).not.toBe(1);
    };
    await same('Customer/Detail', {});
    await same('Customer/UpdateFields', { Values: [{ FieldName: 'Name', NewValue: 'Not mine' }] });
    await same('Customer/Delete', {});
    expect(await customerRow(otherId)).toEqual(before);
    const exported = await server.call('Customer/Export', { Page: 1, PageSize: 100 }, a.token);
    expect(exported.status).toBe(200);

    // One's own record is changed and deleted as any record is.
    const changed = await server.call(
      'Customer/UpdateFields',
      { Id: mine.body.Data.Id, Values: [{ FieldName: 'Name', NewValue: 'Of A, renamed' }] },
      a.token,
    );
    expect(changed.body.StatusCode, changed.text).toBe(1);
    expect((await server.call('Customer/Delete', { Id: mine.body.Data.Id }, a.token)).body.StatusCode).toBe(
      1,
    );
    expect(await names(a.token)).toEqual([]);
  });
});

describe('the logs as screens', () => {
  it('show an edit with its old and new value, sign-in attempts with the name tried, to administrators only', async () => {
    const [product] = await server.database.db.select().from(products).limit(1);
    const id = product?.id as number;
    const old = product?.quantity as number;
    const saved = await server.call(
      'Product/UpdateFields',
      { Id: id, Values: [{ FieldName: 'Quantity', NewValue: old + 7 }] },
      admin,
    );
    expect(saved.body.StatusCode).toBe(1);
    const audit = await server.call(
      'AuditLog/List',
      {
        Page: 1,
        PageSize: 5,
        Filters: [
          { FieldName: 'Resource', Type: 'text', Value: 'Product' },
          { FieldName: 'RecordId', Type: 'text', Value: String(id) },
        ],
      },
      admin,
    );
    expect(audit.status).toBe(200);
    // In words: what happened, to what, which field by its header (issue 25).
    expect(audit.body.Data.Data[0]).toMatchObject({
      Action: 'Changed a record',
      Resource: 'Products',
      Outcome: 'Succeeded',
      Changes: `Quantity: ${old} → ${old + 7}`,
    });

    await server.tokenCall('nobody-here', 'wrong-password');
    const attempts = await server.call(
      'SignInAttempt/List',
      { Page: 1, PageSize: 5, Filters: [{ FieldName: 'UsernameTried', Type: 'text', Value: 'nobody-here' }] },
      admin,
    );
    expect(attempts.body.Data.Data[0]).toMatchObject({ UsernameTried: 'nobody-here', Outcome: 'Failed' });
    expect(attempts.body.Data.Data.every((row: { UsernameTried: string }) => row.UsernameTried)).toBe(true);

    const staff = await server.createUser('log-staff');
    for (const name of ['AuditLog/List', 'SignInAttempt/List', 'ExceptionLog/List']) {
      expect((await server.call(name, { Page: 1, PageSize: 5 }, staff.token)).status).toBe(403);
    }
    const write = await server.call('AuditLog/Delete', { Id: 1 }, admin);
    expect(write.status).toBe(403);
  });
});

describe("the audit log's Export", () => {
  it('is in words as its List is: the action, the resource and each field by its header, not codes', async () => {
    const [product] = await server.database.db.select().from(products).limit(1);
    const id = product?.id as number;
    const old = product?.quantity as number;
    const saved = await server.call(
      'Product/UpdateFields',
      { Id: id, Values: [{ FieldName: 'Quantity', NewValue: old + 3 }] },
      admin,
    );
    expect(saved.body.StatusCode).toBe(1);
    const exported = await server.call(
      'AuditLog/Export',
      {
        Filters: [
          { FieldName: 'Resource', Type: 'text', Value: 'Product' },
          { FieldName: 'RecordId', Type: 'text', Value: String(id) },
        ],
        Sorts: [{ Field: 'Id', Dir: 'desc' }],
      },
      admin,
    );
    expect(exported.body.StatusCode).toBe(1);
    const download = await server.fetch(exported.body.Data.FullPath);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const cell = (name: string) => sheet.getRow(2).getCell(header.indexOf(name) + 1).value;
    expect(cell('Action')).toBe('Changed a record');
    expect(cell('Resource')).toBe('Products');
    expect(cell('Outcome')).toBe('Succeeded');
    expect(cell('Changes (old → new)')).toBe(`Quantity: ${old} → ${old + 3}`);
    const text = JSON.stringify(sheet.getSheetValues());
    for (const code of ['record_update', '"Product"', '"success"', '"field"'])
      expect(text).not.toContain(code);
  });
});

describe('the Users screen actions', () => {
  it('add a user with exactly the roles the call names: none pre-ticked, none added when none is named', async () => {
    const options = await server.call('User/Options', {}, admin);
    const config = JSON.parse(options.body.Data.Configs.ScreenConfig);
    // The Add new form's Roles control: no role is ticked before the administrator ticks one.
    const control = config.AddNew.controls.find((c: { fieldName: string }) => c.fieldName === 'Roles');
    expect(control).toMatchObject({ fieldName: 'Roles', required: true });
    expect(control.default).toBeUndefined();
    for (const body of [
      { Username: 'no-roles-1' },
      { Username: 'no-roles-2', Roles: [] },
      { Username: 'no-roles-3', Roles: '' },
    ]) {
      const refused = await server.call('User/AddNew', body, admin);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error_description).toMatch(/^Roles: /);
    }
    const none = await server.database.db.select().from(users).where(eq(users.username, 'no-roles-2'));
    expect(none).toEqual([]);
    const added = await server.call('User/AddNew', { Username: 'only-viewer', Roles: ['viewer'] }, admin);
    expect(added.body.StatusCode).toBe(1);
    const [stored] = await server.database.db.select().from(users).where(eq(users.username, 'only-viewer'));
    expect(stored?.roles).toEqual(['viewer']);
  });

  it('reset a password to a temporary one that must be changed, list and end sessions', async () => {
    const user = await server.createUser('reset-me');
    const sessionsBefore = await server.call('User/Sessions', { Id: user.id }, admin);
    expect(sessionsBefore.body.Data).toHaveLength(1);
    const reset = await server.call(
      'User/ResetPassword',
      { Id: user.id, Password: 'Temp-Pa55word!x' },
      admin,
    );
    expect(reset.body.StatusCode).toBe(1);
    expect((await server.call('Account/MyProfile', {}, user.token)).status).toBe(401);
    const again = await server.tokenCall('reset-me', 'Temp-Pa55word!x');
    expect(again.status).toBe(200);
    const token = again.body.access_token as string;
    expect((await server.call('Account/MyProfile', {}, token)).body.Data.MustChangePassword).toBe(true);
    expect((await server.call('User/EndSessions', { Id: user.id }, admin)).body.StatusCode).toBe(1);
    expect((await server.call('Account/MyProfile', {}, token)).status).toBe(401);
    expect((await server.call('User/ResetPassword', { Id: user.id }, token)).status).toBe(401);
    const staff = await server.createUser('reset-staff');
    expect((await server.call('User/ResetPassword', { Id: user.id }, staff.token)).status).toBe(403);
  });

  it('require a second factor of one user: set up at the next sign-in before going on, and kept', async () => {
    const user = await server.createUser('needs-factor');
    const password = 'needs-factor-Pa55word!';
    // Without the flag, the password alone signs in.
    expect((await server.tokenCall('needs-factor', password)).body.access_token).not.toBe('');
    const flagged = await server.call(
      'User/UpdateFields',
      { Id: user.id, Values: [{ FieldName: 'Fa2Required', NewValue: true }] },
      admin,
    );
    expect(flagged.body.StatusCode).toBe(1);
    const step = await server.tokenCall('needs-factor', password);
    expect(step.body).toMatchObject({ access_token: '', fa2_needenable: true, fa2_needverify: false });
    // The step token opens nothing but the set-up.
    expect((await server.call('Account/MyProfile', {}, step.body.fa2_token)).status).toBe(401);
    const setup = await server.call('Aauth2FA/Setup', { FA2MethodId: 'totp' }, step.body.fa2_token);
    const secret = Secret.fromBase32(setup.body.Data.Secret as string);
    const code = () => new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
    const enabled = await server.call(
      'Aauth2FA/Enable',
      { FA2MethodId: 'totp', Code: code() },
      step.body.fa2_token,
    );
    const token = enabled.body.Data.access_token as string;
    expect(token).not.toBe('');
    // From now on the sign-in asks for the code; the user may not switch the factor off.
    expect((await server.tokenCall('needs-factor', password)).body).toMatchObject({ fa2_needverify: true });
    const off = await server.call('Aauth2FA/Disable', { Code: code() }, token);
    expect(off.body.StatusCode).toBe(0);
    expect(off.body.Msg).toBe('An administrator requires a second factor for this account.');
    // Other users are not concerned.
    const other = await server.createUser('no-factor-needed');
    expect(
      (await server.tokenCall('no-factor-needed', 'no-factor-needed-Pa55word!')).body.access_token,
    ).not.toBe('');
    expect(other.id).not.toBe(user.id);
  });

  it("save a role's permission matrix (screens × actions) in one call, refusing unknown screens whole", async () => {
    const made = await server.call('Role/AddNew', { Code: 'matrix-role', Name: 'Matrix role' }, admin);
    expect(made.body.StatusCode).toBe(1);
    const roleId = Number(made.body.Data.Id);
    const matrix = (await server.call('Role/Matrix', { Id: roleId }, admin)).body.Data as {
      Target: string;
      CanList: boolean;
    }[];
    expect(matrix.find((row) => row.Target === 'Product')).toMatchObject({ CanList: false });
    expect(matrix.some((row) => row.Target === 'admin-users' || row.Target === 'User')).toBe(true);
    const flags = {
      CanList: false,
      CanDetail: false,
      CanAdd: false,
      CanEdit: false,
      CanDelete: false,
      CanExport: false,
    };
    const bad = await server.call(
      'Role/SaveMatrix',
      {
        Id: roleId,
        Grants: [
          { Target: 'Product', ...flags, CanList: true },
          { Target: 'NoSuchScreen', ...flags },
        ],
      },
      admin,
    );
    expect(bad.status).toBe(400);
    const noGrants = await server.database.db
      .select()
      .from(roleGrants)
      .where(eq(roleGrants.roleCode, 'matrix-role'));
    expect(noGrants).toEqual([]);

    const saved = await server.call(
      'Role/SaveMatrix',
      {
        Id: roleId,
        Grants: [{ Target: 'Product', ...flags, CanList: true, CanDetail: true, CanEdit: true }],
      },
      admin,
    );
    expect(saved.body.StatusCode).toBe(1);
    const again = (await server.call('Role/Matrix', { Id: roleId }, admin)).body.Data as Record<
      string,
      unknown
    >[];
    expect(again.find((row) => row.Target === 'Product')).toMatchObject({
      CanList: true,
      CanDetail: true,
      CanEdit: true,
      CanDelete: false,
    });
    const user = await server.createUser('matrix-user');
    await server.database.db
      .update(users)
      .set({ roles: ['matrix-role'] })
      .where(eq(users.id, user.id));
    expect((await server.call('Product/List', { Page: 1, PageSize: 1 }, user.token)).status).toBe(200);
    expect((await server.call('Product/Delete', { Id: 1 }, user.token)).status).toBe(403);
    const staff = await server.createUser('matrix-staff');
    expect((await server.call('Role/SaveMatrix', { Id: roleId, Grants: [] }, staff.token)).status).toBe(403);
  });

  it('leave out the buttons and actions a role may not use', async () => {
    const db = server.database.db;
    const user = await server.createUser('no-restock');
    await db.insert(roles).values({ code: 'list-only', name: 'List only' });
    await db.insert(roleGrants).values({ roleCode: 'list-only', target: 'Product', canList: true });
    await db
      .update(users)
      .set({ roles: ['list-only'] })
      .where(eq(users.id, user.id));
    server.app.services.access.invalidate();
    const list = await server.call('Product/List', { Page: 1, PageSize: 1 }, user.token);
    const columns = list.body.Data.ExtraData.Columns;
    expect(columns.UI_Restock).toBeUndefined();
    // Details (CheckDetails) and Spreadsheet (Export) are not granted; Website is a plain link.
    expect(JSON.parse(columns.UI_Actions.Type.more).actions.map((a: { title: string }) => a.title)).toEqual([
      'Website',
    ]);
    const staffColumns = (await server.call('Product/List', { Page: 1, PageSize: 1 }, admin)).body.Data
      .ExtraData.Columns;
    expect(staffColumns.UI_Restock).toBeDefined();
    expect((await server.call('Product/Restock', { Id: 1 }, user.token)).status).toBe(403);
    const [role] = await db.select().from(roles).where(eq(roles.code, 'list-only'));
    const preview = await server.call('Role/PreviewMenu', { Id: role?.id }, admin);
    expect(preview.body.Msg).toBe('The menu of List only: Home, Data, Data › Products.');
    expect((await server.call('Role/PreviewMenu', { Id: role?.id }, user.token)).status).toBe(403);
  });
});
