import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTestRuns, auditLog, projectEnvironments, projects, tasks } from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';
import { SECRET_MASK } from './dialogs';
import { suiteDeadlineMs } from './service';

let server: TestServer;
let admin = '';
let staff: { id: number; token: string };
let crm = 0;

beforeAll(async () => {
  server = await startTestServer({ demoProducts: 10, workspaceScreens: true });
  admin = await server.signIn();
  staff = await server.createUser('dialog-staff');
  const rows = await server.database.db.select({ id: projects.id, code: projects.code }).from(projects);
  crm = rows.find((r) => r.code === 'CRM')?.id ?? 0;
});
afterAll(() => server.close());

const form = (body: object, token = admin) => server.call('ProjectDialog/Form', body, token);
const save = (body: object, token = admin) => server.call('ProjectDialog/Save', body, token);

describe('the project dialogs', () => {
  it('draw their forms from the resources: title, controls, option lists; the scope hides its field', async () => {
    const task = await form({ Name: 'new_task', RequestData: { ProjectId: crm } });
    expect(task.body.Data.Title).toBe('New task');
    const fields = task.body.Data.Controls.map((c: { fieldName: string }) => c.fieldName);
    expect(fields).toEqual([
      'Title',
      'Status',
      'Priority',
      'AssigneeId',
      'DueDate',
      'EstimateHours',
      'ReleaseId',
      'Description',
    ]);
    expect(task.body.Data.Controls[0]).toMatchObject({ label: 'Title', type: 'text', required: true });
    expect(task.body.Data.Options.StatusList.map((o: { Value: string }) => o.Value)).toContain('doing');
    expect(task.body.Data.Values.Status).toBe('todo');
    const project = await form({ Name: 'new_project' });
    expect(project.body.Data.Title).toBe('New project');
    for (const [name, title] of [
      ['new_release', 'New release'],
      ['api_test_cases', 'API test cases'],
    ]) {
      expect((await form({ Name: name, RequestData: { ProjectId: crm } })).body.Data.Title).toBe(title);
    }
    expect((await form({ Name: 'no_such' })).status).toBe(400);
  });

  it('add a project, then a task to it through the new task dialog', async () => {
    const project = await save({
      Name: 'new_project',
      DataForm: { Code: 'DLG', Name: 'Dialog project', Status: 'active', Color: '#057e38' },
    });
    expect(project.body).toMatchObject({ StatusCode: 1, Data: { Code: 'DLG', Name: 'Dialog project' } });
    const projectId = project.body.Data.Id;
    const task = await save({
      Name: 'new_task',
      RequestData: { ProjectId: projectId },
      DataForm: { Title: 'From the dialog', Status: 'todo', Priority: 'high' },
    });
    expect(task.body.Data).toMatchObject({
      ProjectId: projectId,
      Title: 'From the dialog',
      Priority: 'high',
    });
    // A field the dialog does not show is refused, and nothing is added.
    const stray = await save({
      Name: 'new_task',
      RequestData: { ProjectId: projectId },
      DataForm: { Title: 'Stray', IsLocked: true },
    });
    expect(stray.status).toBe(400);
    expect((await server.database.db.select().from(tasks).where(eq(tasks.title, 'Stray'))).length).toBe(0);
    const release = await save({
      Name: 'new_release',
      RequestData: { ProjectId: projectId },
      DataForm: { Version: '2.0.0', Name: 'Big one', Status: 'planned' },
    });
    expect(release.body.Data).toMatchObject({ Version: '2.0.0', ProjectId: projectId });
  });

  it('edit a task in the task item dialog, with the stale-write check', async () => {
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.title, 'From the dialog'));
    const opened = await form({ Name: 'task_item', Id: task?.id });
    expect(opened.body.Data.Title).toBe('Task item');
    expect(opened.body.Data.Values.Title).toBe('From the dialog');
    const saved = await save({
      Name: 'task_item',
      Id: task?.id,
      DataForm: { ...opened.body.Data.Values, Status: 'doing', SpentHours: '1.5' },
      IM_ReturnTime: opened.body.Data.IM_ReturnTime,
    });
    expect(saved.body.Data).toMatchObject({ Status: 'doing', SpentHours: 1.5 });
    const stale = await save({
      Name: 'task_item',
      Id: task?.id,
      DataForm: { Status: 'review' },
      IM_ReturnTime: opened.body.Data.IM_ReturnTime,
    });
    expect(stale.body.StatusCode).not.toBe(1);
  });

  it('set who is assigned to a task, who watches it and what they are told of', async () => {
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.title, 'From the dialog'));
    const id = task?.id ?? 0;
    const opened = await form({ Name: 'task_user_setting', Id: id });
    expect(opened.body.Data.Title).toBe('Task user setting');
    expect(opened.body.Data.Options.NotifyList.map((o: { Value: string }) => o.Value)).toEqual([
      'all',
      'status',
      'none',
    ]);
    // People's names are data: shown as written (Verbatim), never as words the web translates.
    expect(opened.body.Data.Options.UserList.length).toBeGreaterThan(0);
    for (const user of opened.body.Data.Options.UserList) expect(user.Verbatim).toBe(true);
    const adminId = (await server.call('Account/GetInfo', {}, admin)).body.Data?.user_id;
    const saved = await save({
      Name: 'task_user_setting',
      Id: id,
      DataForm: {
        AssigneeIds: `${staff.id},${adminId ?? 1}`,
        WatcherIds: String(adminId ?? 1),
        NotifyChoice: 'status',
      },
      IM_ReturnTime: opened.body.Data.IM_ReturnTime,
    });
    expect(saved.body.StatusCode).toBe(1);
    const [after] = await server.database.db.select().from(tasks).where(eq(tasks.id, id));
    expect(after).toMatchObject({
      assigneeIds: [staff.id, adminId ?? 1],
      assigneeId: staff.id,
      notifyChoice: 'status',
    });
    const again = await form({ Name: 'task_user_setting', Id: id });
    expect(again.body.Data.Values).toMatchObject({
      AssigneeIds: `${staff.id},${adminId ?? 1}`,
      NotifyChoice: 'status',
    });
    // Bad input: a 4xx, nothing changed.
    for (const DataForm of [
      { AssigneeIds: '999999', NotifyChoice: 'all' },
      { AssigneeIds: 'x', NotifyChoice: 'all' },
      { AssigneeIds: '', NotifyChoice: 'loud' },
    ]) {
      expect((await save({ Name: 'task_user_setting', Id: id, DataForm })).status).toBe(400);
    }
    const [unchanged] = await server.database.db.select().from(tasks).where(eq(tasks.id, id));
    expect(unchanged?.notifyChoice).toBe('status');
  });
});

describe('the API setting dialog', () => {
  let environmentId = 0;

  it('keeps headers and variables, seals secrets at rest and never sends them back', async () => {
    const saved = await save({
      Name: 'api_setting',
      RequestData: { ProjectId: crm },
      DataForm: {
        Name: 'Staging',
        BaseUrl: server.url,
        Headers: 'X-Client: panelwright\nAuthorization: Bearer {{token}}',
        Variables: 'tenant=acme',
        Secrets: 'token=s3cret-Value-42',
      },
    });
    expect(saved.body.StatusCode).toBe(1);
    environmentId = saved.body.Data.Id;
    const [row] = await server.database.db
      .select()
      .from(projectEnvironments)
      .where(eq(projectEnvironments.id, environmentId));
    expect(row?.headers).toEqual([
      { Name: 'X-Client', Value: 'panelwright' },
      { Name: 'Authorization', Value: 'Bearer {{token}}' },
    ]);
    expect(JSON.stringify(row?.secrets)).not.toContain('s3cret-Value-42');
    const opened = await form({ Name: 'api_setting', Id: environmentId });
    expect(JSON.stringify(opened.body)).not.toContain('s3cret-Value-42');
    expect(opened.body.Data.Values.Secrets).toBe(`token=${SECRET_MASK}`);
    const audit = await server.database.db.select().from(auditLog);
    expect(JSON.stringify(audit)).not.toContain('s3cret-Value-42');
    // Sent back masked, the secret keeps its value.
    await save({
      Name: 'api_setting',
      Id: environmentId,
      DataForm: { ...opened.body.Data.Values, Variables: 'tenant=beta' },
    });
    const [kept] = await server.database.db
      .select()
      .from(projectEnvironments)
      .where(eq(projectEnvironments.id, environmentId));
    expect(kept?.secrets).toEqual(row?.secrets);
    expect(kept?.variables).toEqual([{ Name: 'tenant', Value: 'beta' }]);
  });

  it('refuses bad lines and staff, changing nothing', async () => {
    const bad = [
      { Name: 'Staging', BaseUrl: server.url, Headers: 'no colon here' },
      { Name: 'Staging', BaseUrl: server.url, Variables: 'bad name=1' },
      { Name: 'Staging', BaseUrl: server.url, Secrets: `other=${SECRET_MASK}` },
      { Name: 'Staging', BaseUrl: 'ftp://x' },
    ];
    for (const DataForm of bad) {
      const res = await save({ Name: 'api_setting', Id: environmentId, DataForm });
      expect(res.status, JSON.stringify(DataForm)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await form({ Name: 'api_setting', Id: environmentId }, staff.token)).status).toBe(403);
    const [row] = await server.database.db
      .select()
      .from(projectEnvironments)
      .where(eq(projectEnvironments.id, environmentId));
    expect(row?.baseUrl).toBe(server.url);
  });
});

describe('a whole suite', () => {
  it('runs every case of an environment on the server, its progress and results read while it runs', async () => {
    const [environment] = await server.database.db
      .select()
      .from(projectEnvironments)
      .where(eq(projectEnvironments.name, 'Staging'));
    const environmentId = environment?.id ?? 0;
    const cases = [
      { Name: 'Alive', Path: '/health/live', ExpectedStatus: 200, Assertions: '' },
      { Name: 'Ready', Path: '/health/ready', ExpectedStatus: 200, Assertions: '$ exists' },
      { Name: 'Missing page', Path: '/api/v1/Nothing/Here', ExpectedStatus: 200, Assertions: '' },
    ];
    for (const c of cases) {
      const res = await save({
        Name: 'api_test_cases',
        RequestData: { ProjectId: crm },
        DataForm: { ...c, EnvironmentId: environmentId, Method: 'GET' },
      });
      expect(res.body.StatusCode, JSON.stringify(res.body)).toBe(1);
    }
    const badAssertion = await save({
      Name: 'api_test_cases',
      RequestData: { ProjectId: crm },
      DataForm: { Name: 'Bad', Path: '/health/live', EnvironmentId: environmentId, Assertions: 'is fine' },
    });
    expect(badAssertion.status).toBe(400);

    const started = await server.call('ProjectEnvironment/RunSuite', { Id: environmentId }, admin);
    expect(started.body.Data).toMatchObject({ Status: 'running', Total: 3 });
    const runId = started.body.Data.Id;
    const read = async () => (await server.call('ApiTestRun/Detail', { Id: runId }, admin)).body.Data;
    await expect.poll(async () => (await read()).Status, { timeout: 20_000 }).toBe('done');
    const run = await read();
    expect(run).toMatchObject({ Total: 3, Completed: 3, Passed: 2, Failed: 1 });
    const byName = Object.fromEntries(run.Results.map((r: { Name: string }) => [r.Name, r]));
    expect(byName.Alive).toMatchObject({ Passed: true, Status: 200 });
    expect(byName.Alive.Excerpt).toContain('ok');
    expect(byName['Missing page']).toMatchObject({
      Passed: false,
      Problem: expect.stringMatching(/^expected 200, got 4\d\d$/),
    });
    expect(typeof byName.Ready.Ms).toBe('number');
    // Staff outside the project may neither start nor read runs.
    expect(
      (await server.call('ProjectEnvironment/RunSuite', { Id: environmentId }, staff.token)).status,
    ).toBe(403);
    expect((await server.call('ApiTestRun/Detail', { Id: runId }, staff.token)).status).toBe(403);
  });

  it('tells a run cut off by a stopped server as interrupted, once no case could still be running', async () => {
    const [environment] = await server.database.db
      .select()
      .from(projectEnvironments)
      .where(eq(projectEnvironments.name, 'Staging'));
    // Rows as a server leaves them when it dies in the middle of a run: still `running`.
    const [cutOff, underWay] = await server.database.db
      .insert(apiTestRuns)
      .values([
        {
          projectId: crm,
          environmentId: environment?.id ?? 0,
          total: 2,
          completed: 1,
          passed: 1,
          startedAt: new Date(Date.now() - suiteDeadlineMs(2) - 1000),
        },
        { projectId: crm, environmentId: environment?.id ?? 0, total: 2 },
      ])
      .returning();
    const read = async (id: number | undefined) =>
      (await server.call('ApiTestRun/Detail', { Id: id }, admin)).body.Data;
    const interrupted = await read(cutOff?.id);
    expect(interrupted).toMatchObject({ Status: 'interrupted', Completed: 1, Total: 2 });
    expect(interrupted.FinishedAt).not.toBeNull();
    expect(await read(cutOff?.id)).toMatchObject({
      Status: 'interrupted',
      FinishedAt: interrupted.FinishedAt,
    });
    expect(await read(underWay?.id)).toMatchObject({ Status: 'running', FinishedAt: null });
  });

  it('refuses an environment without cases', async () => {
    const empty = await save({
      Name: 'api_setting',
      RequestData: { ProjectId: crm },
      DataForm: { Name: 'Empty', BaseUrl: server.url },
    });
    const res = await server.call('ProjectEnvironment/RunSuite', { Id: empty.body.Data.Id }, admin);
    expect(res.body).toMatchObject({ StatusCode: 0, Msg: expect.stringContaining('no test cases') });
  });
});

describe('the task page', () => {
  it('shows the comments with their attachments, the history from the audit log and the related rows', async () => {
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.title, 'From the dialog'));
    const id = task?.id ?? 0;
    const form = new FormData();
    form.append('file[]', new Blob(['notes for the task\n']), 'notes.txt');
    const uploaded = await server.fetch('/api/v1/ProjectPhoto/FileUploadFile', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const link = ((await uploaded.json()) as { Data: { Photos: { FileUrl: string }[] } }).Data.Photos[0]
      ?.FileUrl;
    expect(link).toMatch(/^\/files\//);
    const added = await server.call('Task/AddComment', { Id: id, Body: 'Looks good.', FileUrl: link }, admin);
    expect(added.body.Msg).toBe('Comment added.');
    const activity = (await server.call('Task/Activity', { Id: id }, admin)).body.Data;
    expect(activity.Comments.at(-1)).toMatchObject({ Body: 'Looks good.', File: { Name: 'notes.txt' } });
    const file = await server.fetch(activity.Comments.at(-1).File.Url);
    expect(await file.text()).toBe('notes for the task\n');
    // The history: its creation, the task item edit (Status, SpentHours), the user setting, the comment.
    const actions = activity.History.map((h: { Action: string }) => h.Action);
    expect(actions).toContain('record_create');
    expect(actions).toContain('task_comment');
    expect(
      activity.History.flatMap((h: { Changes: { Field: string }[] }) => h.Changes.map((c) => c.Field)),
    ).toEqual(expect.arrayContaining(['Status', 'AssigneeIds']));
    expect(activity.Related.Project).toMatchObject({ Code: 'DLG' });
    expect(activity.Related.Assigned).toHaveLength(2);
    // Bad input: a 4xx, nothing added.
    const before = activity.Comments.length;
    expect((await server.call('Task/AddComment', { Id: id, Body: '  ' }, admin)).status).toBe(400);
    expect(
      (await server.call('Task/AddComment', { Id: id, Body: 'x', FileUrl: '/files/forged' }, admin)).status,
    ).toBe(400);
    expect((await server.call('Task/Activity', { Id: id }, admin)).body.Data.Comments).toHaveLength(before);
  });
});

describe('a secret sealed under another server secret', () => {
  it('is refused in words, not with a 5xx', async () => {
    const [environment] = await server.database.db
      .select()
      .from(projectEnvironments)
      .where(eq(projectEnvironments.name, 'Staging'));
    await server.database.db
      .update(projectEnvironments)
      .set({ secrets: [{ Name: 'token', Sealed: 'v1.AAAA.BBBB.CCCC' }] })
      .where(eq(projectEnvironments.id, environment?.id ?? 0));
    const res = await server.call('ProjectEnvironment/RunSuite', { Id: environment?.id }, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ StatusCode: 0, Msg: expect.stringContaining('type it again') });
  });
});

describe("a project's overview", () => {
  it('has its history from the audit log and its related rows', async () => {
    const [dlg] = await server.database.db.select().from(projects).where(eq(projects.code, 'DLG'));
    const activity = (await server.call('Project/Activity', { Id: dlg?.id }, admin)).body.Data;
    expect(activity.History.map((h: { Action: string }) => h.Action)).toContain('record_create');
    expect(activity.Related.Tasks).toEqual([{ Status: 'doing', Count: 1 }]);
    expect(activity.Related.Releases.map((r: { Version: string }) => r.Version)).toEqual(['2.0.0']);
    const crmActivity = (await server.call('Project/Activity', { Id: crm }, admin)).body.Data;
    expect(crmActivity.Related.Meetings.map((m: { Title: string }) => m.Title)).toContain('Sprint planning');
    expect(crmActivity.Related.Members.length).toBeGreaterThan(0);
    expect((await server.call('Project/Activity', { Id: 999_999 }, admin)).body.StatusCode).not.toBe(1);
  });
});
