import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configDrafts } from '../../db/schema';
import { seed } from '../../seed';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let admin = '';
let staff = '';

beforeAll(async () => {
  server = await startTestServer({ workspaceScreens: true, demoProducts: 0 });
  admin = await server.signIn();
  staff = (await server.createUser('config-staff')).token;
});
afterAll(() => server.close());

type Change = { kind: string; path: string[]; op: string; before?: unknown; after?: unknown };

const data = async (name: string, body: unknown = {}, token = admin) => {
  const answer = await server.call(name, body, token);
  expect(answer.status, `${name}: ${answer.text}`).toBe(200);
  expect(answer.body.StatusCode, `${name}: ${answer.text}`).toBe(1);
  return answer.body.Data;
};

describe('the configuration as versioned data', () => {
  it('records what the build ships as the first version, and the shipped configuration passes its schema', async () => {
    const history = await data('Configuration/History');
    expect(history.Data.at(-1)).toMatchObject({ Id: 1, Kind: 'shipped' });
    const exported = await data('Configuration/Export');
    expect(Object.keys(exported.screens)).toContain('products');
    expect(await data('Configuration/Check', { Document: exported })).toEqual({ Errors: [] });
  });

  it('refuses a column option that fails the schema, naming its path, and changes nothing', async () => {
    const document = await data('Configuration/Export');
    document.screens.products.columns.Price = { more: { button: { color: 'greenish' } } };
    const refused = await server.call('Configuration/Apply', { Document: document, Message: 'bad' }, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toBe(
      'screens.products.columns.Price.more.button.color: must be a colour such as #057e38',
    );
    const history = await data('Configuration/History');
    expect(history.Total).toBe(1);
  });

  it('plans, applies and serves a column option of one screen, then restores the version before', async () => {
    const document = await data('Configuration/Export');
    document.screens.products.columns.Price = { header: 'Unit price', width: 140 };
    const plan = await data('Configuration/Plan', { Document: document });
    expect(plan.Changes).toEqual([
      {
        kind: 'column',
        item: 'products',
        path: ['screens', 'products', 'columns', 'Price'],
        op: 'add',
        after: { header: 'Unit price', width: 140 },
      },
    ]);
    // A plan changes nothing.
    expect((await data('Configuration/History')).Total).toBe(1);
    const version = await data('Configuration/Apply', { Document: document, Message: 'Price header' });
    expect(version).toMatchObject({ Kind: 'apply', Message: 'Price header', ChangeCount: 1 });
    const list = await data('Product/List', { Page: 1, PageSize: 1 });
    expect(list.ExtraData.Columns.Price).toMatchObject({ Header: 'Unit price', Width: 140 });

    const restored = await data('Configuration/Restore', { Id: 1 });
    expect(restored).toMatchObject({ Kind: 'restore', RestoredFrom: 1 });
    const compared = await data('Configuration/Compare', { From: version.Id, To: restored.Id });
    expect(compared.Changes.map((c: Change) => [c.op, c.path.join('.')])).toEqual([
      ['remove', 'screens.products.columns.Price'],
    ]);
    const after = await data('Product/List', { Page: 1, PageSize: 1 });
    expect(after.ExtraData.Columns.Price.Header).toBe('Price');
  });

  it('keeps drafts to studio users until they are published, and refuses a second editor of one item', async () => {
    const draft = await data('Configuration/Draft');
    const screen = structuredClone(draft.Document.screens.products);
    screen.title = 'Goods';
    const saved = await data('Configuration/SaveDraft', {
      Item: ['screens', 'products'],
      Value: screen,
      Version: draft.Version,
    });
    expect(saved).toMatchObject({ Revision: 1, Removed: false });
    // Users see nothing of it yet.
    const before = await data('ConfigMenu/CategoryScreenList', {}, staff);
    expect(before.find((s: { ScreenCode: string }) => s.ScreenCode === 'products')?.Title).toBe('Products');
    // A second edit made on the same state as the first is refused, naming who saved first.
    const late = await server.call(
      'Configuration/SaveDraft',
      { Item: ['screens', 'products'], Value: { ...screen, title: 'Wares' }, Version: draft.Version },
      admin,
    );
    expect(late.body.StatusCode).toBe(0);
    expect(late.body.Msg).toMatch(/^Administrator changed this item at .*; reload it/);

    const published = await data('Configuration/Publish', { Message: 'Rename products' });
    expect(published).toMatchObject({ Kind: 'publish', ChangeCount: 1 });
    const after = await data('ConfigMenu/CategoryScreenList', {}, staff);
    expect(after.find((s: { ScreenCode: string }) => s.ScreenCode === 'products')?.Title).toBe('Goods');
    expect((await data('Configuration/Draft')).Items).toEqual([]);
  });

  it("describes a resource's declared columns and what a screen may change of each", async () => {
    const { Columns } = await data('Configuration/Columns', { ApiName: 'Product' });
    const price = Columns.find((column: { Field: string }) => column.Field === 'Price');
    expect(price).toMatchObject({ Type: 'money', CanEdit: true });
    expect(price.Types).toEqual(expect.arrayContaining(['number', 'money']));
    expect(price.Types).not.toContain('text');
    const unknown = await server.call('Configuration/Columns', { ApiName: 'NoSuchThing' }, admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_description).toBe('NoSuchThing is not a resource');
  });

  it('previews the draft through the eyes of a role, reading only', async () => {
    const asPreview = async (name: string, body: unknown, token: string, role = 'viewer') => {
      const response = await server.fetch(`/api/v1/${name}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'x-panelwright-preview': role,
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const titleOf = (screens: { ScreenCode: string; Title: string }[], code: string) =>
      screens.find((screen) => screen.ScreenCode === code)?.Title;
    const draft = await data('Configuration/Draft');
    const screen = structuredClone(draft.Document.screens.products);
    screen.title = 'Previewed goods';
    await data('Configuration/SaveDraft', {
      Item: ['screens', 'products'],
      Value: screen,
      Version: draft.Version,
    });

    const previewed = await asPreview('ConfigMenu/CategoryScreenList', {}, admin);
    expect(previewed.status).toBe(200);
    expect(titleOf(previewed.body.Data, 'products')).toBe('Previewed goods');
    // Through the viewer's grants: fewer screens than the administrator's own list.
    const own = await data('ConfigMenu/CategoryScreenList');
    expect(titleOf(own, 'products')).toBe(draft.Document.screens.products.title);
    expect(previewed.body.Data.length).toBeLessThan(own.length);
    expect((await asPreview('Product/List', { Page: 1, PageSize: 5 }, admin)).status).toBe(200);

    // Reading only: a write is refused before it runs, whatever the role may do.
    const count = (await data('Product/List', { Page: 1, PageSize: 1 })).TotalCount;
    const write = await asPreview(
      'Product/AddNew',
      { Name: 'Nope', Sku: 'NOPE-1', Price: 1 },
      admin,
      'administrator',
    );
    expect(write.status).toBe(403);
    expect(write.body.error_description).toBe('The preview only reads: nothing can be changed in it.');
    expect((await data('Product/List', { Page: 1, PageSize: 1 })).TotalCount).toBe(count);
    // Only studio users preview, only as a role that exists.
    expect((await asPreview('ConfigMenu/CategoryScreenList', {}, staff)).status).toBe(403);
    expect((await asPreview('ConfigMenu/CategoryScreenList', {}, admin, 'nobody')).status).toBe(403);

    await data('Configuration/DiscardDraft');
  });

  it('refuses every configuration call to a user without the studio grant', async () => {
    const calls = [...server.app.actions.values()].filter((a) => a.name.startsWith('Configuration/'));
    expect(calls.length).toBeGreaterThan(10);
    for (const call of calls) {
      if (call.name === 'Configuration/LiveVersion') continue;
      const answer = await server.call(call.name, {}, staff);
      expect(answer.status, call.name).toBe(403);
    }
    expect((await server.call('Configuration/LiveVersion', {}, staff)).body.Data.Version).toBeGreaterThan(1);
  });

  it('publishes a screen duplicated in the draft, then its deletion', async () => {
    const titles = async () =>
      ((await data('ConfigMenu/CategoryScreenList')) as { ScreenCode: string; Title: string }[]).map(
        (screen) => screen.ScreenCode,
      );
    const draft = await data('Configuration/Draft');
    const copy = {
      ...structuredClone(draft.Document.screens.categories),
      title: 'Categories (copy)',
      uiUrl: '/data/categories-copy',
    };
    await data('Configuration/SaveDraft', {
      Item: ['screens', 'categories-copy'],
      Value: copy,
      Version: draft.Version,
    });
    await data('Configuration/Publish', { Message: 'A copy of the categories' });
    expect(await titles()).toContain('categories-copy');
    const next = await data('Configuration/Draft');
    await data('Configuration/SaveDraft', {
      Item: ['screens', 'categories-copy'],
      Value: null,
      Version: next.Version,
    });
    const removed = await data('Configuration/Publish', { Message: 'No copy after all' });
    expect(removed).toMatchObject({ ChangeCount: 1 });
    expect(await titles()).not.toContain('categories-copy');
    expect(await titles()).toContain('categories');
  });

  it('serves a published text in the language files, whose address carries the version', async () => {
    const draft = await data('Configuration/Draft');
    await data('Configuration/SaveDraft', {
      Item: ['translations', 'vn', 'common', 'Login'],
      Value: 'Vào hệ thống',
      Version: draft.Version,
    });
    const version = await data('Configuration/Publish', { Message: 'A Vietnamese text' });
    const file = (await (await server.fetch('/locales/vn/common.json')).json()) as Record<string, string>;
    expect(file.Login).toBe('Vào hệ thống');
    const first = await data('GlobalAppSetting/FisrtSetting', { UIAppConfig: {} }, staff);
    expect(first.LanguageList).toContainEqual({
      Value: 'vn',
      Path: `/locales/vn/{{ns}}.json?c=${version.Id}`,
    });
  });

  it('lets a studio user who does not administer change screens, never roles', async () => {
    const designer = await server.createUser('config-designer', 'viewer');
    const grant = await server.call(
      'RoleGrant/AddNew',
      { RoleCode: 'viewer', Target: 'studio', CanList: true },
      admin,
    );
    expect(grant.body.StatusCode).toBe(1);
    const draft = await data('Configuration/Draft', {}, designer.token);
    const role = { ...draft.Document.roles.viewer, isAdmin: true };
    const refused = await server.call(
      'Configuration/SaveDraft',
      { Item: ['roles', 'viewer'], Value: role, Version: draft.Version },
      designer.token,
    );
    expect(refused.status).toBe(403);
    // Nor through a whole document.
    const document = structuredClone(draft.Document);
    document.roles.viewer.isAdmin = true;
    expect(
      (await server.call('Configuration/Apply', { Document: document, Message: 'Me' }, designer.token))
        .status,
    ).toBe(403);
    const screen = { ...draft.Document.screens.categories, title: 'Groups' };
    const saved = await server.call(
      'Configuration/SaveDraft',
      { Item: ['screens', 'categories'], Value: screen, Version: draft.Version },
      designer.token,
    );
    expect(saved.body.StatusCode).toBe(1);
    await data('Configuration/DiscardDraft', {}, designer.token);
  });

  it('keeps what administrators changed when an upgrade brings new screens, and says what it brought', async () => {
    const older = await startTestServer();
    try {
      const token = await older.signIn();
      const draft = (await older.call('Configuration/Draft', {}, token)).body.Data;
      const roles = { ...draft.Document.screens['admin-roles'], title: 'Job roles' };
      await older.call(
        'Configuration/SaveDraft',
        { Item: ['screens', 'admin-roles'], Value: roles, Version: draft.Version },
        token,
      );
      expect((await older.call('Configuration/Publish', { Message: 'Mine' }, token)).body.StatusCode).toBe(1);
      // What a new release seeds on an existing install (the workspace's screens), then records at
      // its first start.
      await seed(older.database.db, older.config, { workspaceScreens: true });
      const upgrade = await older.app.services.configuration.recordStart('999');
      expect(upgrade).toMatchObject({ Kind: 'upgrade', Message: 'What the upgrade to build 999 brought' });
      const detail = (await older.call('Configuration/Version', { Id: upgrade?.Id }, token)).body.Data;
      const changes = detail.Changes.map((c: Change) => `${c.op} ${c.path.join('.')}`);
      expect(changes).toContain('add screens.demo_table');
      expect(changes.filter((c: string) => c.includes('admin-roles'))).toEqual([]);
      const now = (await older.call('Configuration/Export', {}, token)).body.Data;
      expect(now.screens['admin-roles'].title).toBe('Job roles');
      // A start that finds nothing new records nothing.
      expect(await older.app.services.configuration.recordStart('999')).toBeNull();
    } finally {
      await older.close();
    }
  });
});

describe('a draft whose items break the rules', () => {
  const products = ['screens', 'products'];

  it('cannot be published: the publish names the item’s issue, changes nothing and keeps the draft to fix', async () => {
    const before = (await data('Configuration/History')).Total;
    const draft = await data('Configuration/Draft');
    // The screen's own schema takes a column by any field name, so the draft takes it; the rules
    // between items know the products resource has no such field.
    const ghost = structuredClone(draft.Document.screens.products);
    ghost.columns.NoSuchField = { header: 'Ghost' };
    await data('Configuration/SaveDraft', { Item: products, Value: ghost, Version: draft.Version });
    const refused = await server.call('Configuration/Publish', { Message: 'A ghost column' }, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toBe(
      'screens.products.columns.NoSuchField: is not a column of Product',
    );
    expect((await data('Configuration/History')).Total).toBe(before);
    const kept = await data('Configuration/Draft');
    expect(kept.Items.map((entry: { Item: string[] }) => entry.Item)).toEqual([products]);
    // The check the studio asks before publishing says the same of the document the draft makes.
    const checked = await data('Configuration/Check', { Document: kept.Document });
    expect(checked.Errors).toContainEqual({
      Path: 'screens.products.columns.NoSuchField',
      Message: 'is not a column of Product',
    });

    // A value that breaks the item's schema is not even saved into the draft...
    const malformed = structuredClone(draft.Document.screens.products);
    malformed.columns.Price = { more: { button: { color: 'not-a-colour' } } };
    const unsaved = await server.call(
      'Configuration/SaveDraft',
      { Item: products, Value: malformed, Version: kept.Version, Revision: kept.Items[0].Revision },
      admin,
    );
    expect(unsaved.status).toBe(400);
    expect(unsaved.body.error_description).toBe(
      'screens.products.columns.Price.more.button.color: must be a colour such as #057e38',
    );
    // ...and one that is in the draft all the same (saved under an older build's rules, or written
    // by hand) is not published either.
    await server.database.db
      .update(configDrafts)
      .set({ value: malformed })
      .where(eq(configDrafts.item, JSON.stringify(products)));
    const again = await server.call('Configuration/Publish', { Message: 'A malformed colour' }, admin);
    expect(again.status).toBe(400);
    expect(again.body.error_description).toBe(
      'screens.products.columns.Price.more.button.color: must be a colour such as #057e38',
    );
    expect((await data('Configuration/History')).Total).toBe(before);
    const list = await data('Product/List', { Page: 1, PageSize: 1 });
    expect(list.ExtraData.Columns.Price.Header).toBe('Price');
    await data('Configuration/DiscardDraft');
  });
});
