import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let admin = '';
let nina: { id: number; token: string };
let vu: { id: number; token: string };
let taskId = 0;

beforeAll(async () => {
  server = await startTestServer({ demoProducts: 5, workspaceScreens: true });
  admin = await server.signIn();
  nina = await server.createUser('task-nina');
  vu = await server.createUser('task-vu');
  await server.database.db.update(users).set({ languageCode: 'vn' }).where(eq(users.id, vu.id));
  const [task] = await server.database.db.select().from(tasks).limit(1);
  taskId = task?.id ?? 0;
});
afterAll(() => server.close());

const adminId = async () =>
  (
    await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, server.config.adminUsername))
  )[0]?.id ?? 0;
const setPeople = (notifyChoice: string, adminToo = true) =>
  adminId().then((me) =>
    server.database.db
      .update(tasks)
      .set({
        status: 'todo',
        title: 'Ship the beta',
        assigneeIds: adminToo ? [nina.id, me] : [nina.id],
        watcherIds: [vu.id],
        notifyChoice,
      })
      .where(eq(tasks.id, taskId)),
  );
const change = async (FieldName: string, NewValue: unknown) => {
  const res = await server.call(
    'Task/UpdateFields',
    { Id: taskId, Values: [{ FieldName, NewValue }] },
    admin,
  );
  expect(res.body.StatusCode, JSON.stringify(res.body)).toBe(1);
};
const inbox = async (token: string) =>
  (await server.call('Notification/List', { Take: 50 }, token)).body.Data.Items as {
    Title: string;
    Body: string;
    Url: string;
  }[];

describe('a task’s people are told of its changes', () => {
  it('tells assignees and watchers, each in their language, and not who made the change', async () => {
    await setPeople('all');
    await change('Status', 'doing');
    expect(await inbox(nina.token)).toContainEqual(
      expect.objectContaining({
        Title: 'Task changed: Ship the beta',
        Body: 'Status: To do → Doing',
        Url: `/dailytasks/${taskId}`,
      }),
    );
    expect(await inbox(vu.token)).toContainEqual(
      expect.objectContaining({
        Title: 'Công việc đã thay đổi: Ship the beta',
        Body: 'Trạng thái: Cần làm → Đang làm',
      }),
    );
    expect((await inbox(admin)).some((item) => item.Title.includes('Ship the beta'))).toBe(false);

    await change('Priority', 'high');
    expect((await inbox(nina.token))[0]).toMatchObject({ Body: 'Changed: Priority' });
  });

  it('tells only of status changes, or nothing, as the task’s choice says', async () => {
    await setPeople('status', false);
    const before = (await inbox(nina.token)).length;
    await change('Priority', 'low');
    expect(await inbox(nina.token)).toHaveLength(before);
    await change('Status', 'review');
    expect(await inbox(nina.token)).toHaveLength(before + 1);

    await setPeople('none', false);
    await change('Status', 'done');
    expect(await inbox(nina.token)).toHaveLength(before + 1);
  });
});
