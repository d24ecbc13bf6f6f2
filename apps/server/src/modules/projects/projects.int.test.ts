import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTestCases, projectEnvironments, projectMembers, projects } from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let admin = '';
let staff: { id: number; token: string };
let crm = 0;
let wms = 0;

beforeAll(async () => {
  // A few demo products bring the demo samples, the project ones among them.
  server = await startTestServer({ demoProducts: 10, workspaceScreens: true });
  admin = await server.signIn();
  staff = await server.createUser('project-staff');
  const rows = await server.database.db.select({ id: projects.id, code: projects.code }).from(projects);
  crm = rows.find((r) => r.code === 'CRM')?.id ?? 0;
  wms = rows.find((r) => r.code === 'WMS')?.id ?? 0;
});
afterAll(() => server.close());

const list = (name: string, requestData: unknown, token = admin) =>
  server.call(`${name}/List`, { Page: 1, PageSize: 100, RequestData: requestData }, token);

describe('project screens and samples', () => {
  it('seeds /pj, /pj/[pj] with its tabs, /dailytasks, /dailytasks/[taskid] and /2react-style', async () => {
    const screens = (await server.call('ConfigMenu/CategoryScreenList', {}, admin)).body.Data as {
      UIUrl: string;
      UIType: string;
      RequestData: string;
      Id: string;
    }[];
    const byUrl = new Map(screens.map((s) => [s.UIUrl, s]));
    expect(byUrl.get('/pj')?.UIType).toBe('prjmanager');
    expect(JSON.parse(byUrl.get('/pj/[pj]')?.RequestData ?? '{}')).toEqual({ ProjectId: '[pj]' });
    expect(byUrl.get('/dailytasks')?.UIType).toBe('prj_dailytask');
    expect(byUrl.get('/dailytasks/[taskid]')?.UIType).toBe('prj_dailytask_detail');
    expect(byUrl.get('/2react-style')?.UIType).toBe('mypage');
    const tree = await server.call(
      'AppScreenUIControlSetting/Options',
      { ScreenGUID: byUrl.get('/pj/[pj]')?.Id },
      admin,
    );
    expect(tree.body.Data.Contents.map((c: { UIType: string }) => c.UIType)).toEqual([
      'prj_info',
      'prj_task',
      'prj_flow',
      'prj_releases',
      'prj_schedule',
      'prj_api',
      'prj_infoenv',
      'prj_users',
    ]);
  });
});

describe('scopes of RequestData', () => {
  it("lists one project's records for a ProjectId", async () => {
    const all = await list('Task', {});
    const mine = await list('Task', { ProjectId: crm });
    expect(mine.body.Data.Total).toBeGreaterThan(0);
    expect(mine.body.Data.Total).toBeLessThan(all.body.Data.Total);
    expect(new Set(mine.body.Data.Data.map((r: { ProjectId: number }) => r.ProjectId))).toEqual(
      new Set([crm]),
    );
    // The address's text form of the id works too.
    expect((await list('Task', { ProjectId: String(crm) })).body.Data.Total).toBe(mine.body.Data.Total);
    expect(
      (await list('Release', { ProjectId: wms })).body.Data.Data.every(
        (r: { ProjectId: number }) => r.ProjectId === wms,
      ),
    ).toBe(true);
  });

  it("lists the caller's open tasks due by today", async () => {
    const daily = await list('Task', { Mine: true, Open: true, DueBy: 'today' });
    const rows = daily.body.Data.Data as { Status: string; DueDate: string | null }[];
    expect(rows.length).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    for (const row of rows) {
      expect(row.Status).not.toBe('done');
      if (row.DueDate) expect(row.DueDate <= today).toBe(true);
    }
    // Another user has none.
    expect((await list('Task', { Mine: true }, staff.token)).body.Data.Total).toBe(0);
  });

  it('finds one record by its id, given as text from an address', async () => {
    const [first] = (await list('Task', { ProjectId: crm })).body.Data.Data as {
      Id: number;
      Title: string;
    }[];
    const one = await list('Task', { Id: String(first?.Id) });
    expect(one.body.Data.Data.map((r: { Title: string }) => r.Title)).toEqual([first?.Title]);
    // An id scope never chooses the id of a new record.
    const added = await server.call(
      'Task/AddNew',
      { RequestData: { Id: 1 }, DataForm: { Title: 'Own id', ProjectId: crm } },
      admin,
    );
    expect(added.body.StatusCode, added.text).toBe(1);
    expect(added.body.Data.Id).not.toBe(1);
  });

  it('refuses a scope value of the wrong type and ignores keys it does not declare', async () => {
    const bad = await list('Task', { ProjectId: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.error_description).toMatch(/^RequestData\.ProjectId:/);
    expect((await list('Task', { Whatever: 1 })).body.Data.Total).toBe(
      (await list('Task', {})).body.Data.Total,
    );
  });

  it('offers no project filter in a tab already scoped to a project', async () => {
    const filtersOf = async (requestData: unknown) =>
      (
        JSON.parse(
          (await server.call('Task/Options', { RequestData: requestData }, admin)).body.Data.Configs
            .ScreenConfig,
        ).Filter.items as { fieldName: string }[]
      ).map((item) => item.fieldName);
    expect(await filtersOf({})).toContain('ProjectId');
    expect(await filtersOf({ ProjectId: String(crm) })).not.toContain('ProjectId');
    expect(await filtersOf({ ProjectId: '' })).toContain('ProjectId');
  });

  it('offers nothing to add or export on the page of one record', async () => {
    const headerOf = async (apiName: string, requestData: unknown) =>
      JSON.parse(
        (await server.call(`${apiName}/Options`, { RequestData: requestData }, admin)).body.Data.Configs
          .ScreenConfig,
      ).Header;
    expect(await headerOf('Task', {})).toMatchObject({ showAddNew: true, showExport: true });
    expect(await headerOf('Task', { Id: '3' })).toMatchObject({ showAddNew: false, showExport: false });
    expect(await headerOf('Project', { ProjectId: String(crm) })).toMatchObject({ showAddNew: false });
  });

  it('puts a record added in a project tab into that project, whatever the form said', async () => {
    const added = await server.call(
      'Task/AddNew',
      {
        RequestData: { ProjectId: wms },
        DataForm: { Title: 'Scoped task', ProjectId: crm, Status: 'todo', Priority: 'low' },
      },
      admin,
    );
    expect(added.body.StatusCode).toBe(1);
    expect(added.body.Data.ProjectId).toBe(wms);
  });
});

const sampleBaseUrl = async () =>
  (
    await server.database.db
      .select({ baseUrl: projectEnvironments.baseUrl })
      .from(projectEnvironments)
      .where(eq(projectEnvironments.name, 'This server'))
  )[0]?.baseUrl;

describe('the sample environment "This server"', () => {
  it('points at the address this server listens at, whatever the port', async () => {
    await expect.poll(sampleBaseUrl).toBe(server.url);
  });

  it('keeps an address an administrator typed there', async () => {
    await expect.poll(sampleBaseUrl).toBe(server.url);
    await server.database.db
      .update(projectEnvironments)
      .set({ baseUrl: 'https://staging.example.com' })
      .where(eq(projectEnvironments.name, 'This server'));
    await server.app.services.projects.followOwnAddress('http://127.0.0.1:1');
    expect(await sampleBaseUrl()).toBe('https://staging.example.com');
    await server.database.db
      .update(projectEnvironments)
      .set({ baseUrl: server.url })
      .where(eq(projectEnvironments.name, 'This server'));
  });
});

describe('ApiTestCase/Run', () => {
  let caseId = 0;

  beforeAll(async () => {
    // The sample environment points at this server by itself (tested above).
    const [row] = await server.database.db
      .select({ id: apiTestCases.id })
      .from(apiTestCases)
      .where(eq(apiTestCases.path, '/health/live'));
    caseId = row?.id ?? 0;
  });

  it('runs a case against its environment, records the result and says so', async () => {
    const res = await server.call('ApiTestCase/Run', { Id: caseId }, admin);
    expect(res.body.StatusCode).toBe(1);
    expect(res.body.Msg).toMatch(/^Passed: 200 in \d+ ms\.$/);
    expect(res.body.Data).toMatchObject({ LastStatus: 200, LastResult: 'pass' });
    await server.database.db
      .update(apiTestCases)
      .set({ expectedStatus: 201 })
      .where(eq(apiTestCases.id, caseId));
    const failed = await server.call('ApiTestCase/Run', { Id: caseId }, admin);
    expect(failed.body.Msg).toBe('Failed: expected 201, got 200.');
    expect(failed.body.Data.LastResult).toBe('fail');
  });

  it('fails with a message when the address does not answer', async () => {
    await server.database.db
      .update(projectEnvironments)
      .set({ baseUrl: 'http://127.0.0.1:9' })
      .where(eq(projectEnvironments.projectId, crm));
    const res = await server.call('ApiTestCase/Run', { Id: caseId }, admin);
    expect(res.body).toMatchObject({ StatusCode: 1, Msg: 'Failed: the address did not answer.' });
    expect(res.body.Data.LastStatus).toBeNull();
  });

  it("lets only administrators and the project's owners and testers run cases", async () => {
    expect((await server.call('ApiTestCase/Run', { Id: caseId }, staff.token)).status).toBe(403);
    await server.database.db
      .insert(projectMembers)
      .values({ projectId: crm, userId: staff.id, role: 'tester' });
    expect((await server.call('ApiTestCase/Run', { Id: caseId }, staff.token)).status).toBe(200);
    expect((await server.call('ApiTestCase/Run', { Id: 999_999 }, admin)).body.StatusCode).toBe(0);
    expect((await server.call('ApiTestCase/Run', { Id: 'x' }, admin)).status).toBe(400);
  });
});
