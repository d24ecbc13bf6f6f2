// The project dialogs of part 1 section 2 in real Chromium against the built product: a project and
// a task made through their dialogs, the task dragged across the board and its users set, an API
// setting and a test case against the product's own health check, and the whole suite run on the
// server with its progress shown.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const ADMIN_PASSWORD = 'E2e-Project-Dialogs-Password-1';
let server: RunningServer;
let browser: Browser;
let token = '';
let page: Page;
let projectId = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '20' }),
    launchBrowser(),
  ]);
  token = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${server.url}/home`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const taskNamed = async (title: string) =>
  (
    (
      await apiCall(
        server,
        'Task/List',
        { Page: 1, PageSize: 100, RequestData: { ProjectId: projectId } },
        token,
      )
    ).body.Data.Data as { Id: number; Title: string; Status: string; AssigneeId: number | null }[]
  ).find((task) => task.Title === title);

describe('project dialogs', () => {
  it('creates a project through the New project dialog, and opens its page', async () => {
    await page.goto(`${server.url}/pj`);
    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Code').waitFor();
    await expectNoAxeViolations(page);
    // The dialog keeps the focus inside: Tab from its last control comes back within it.
    for (let i = 0; i < 30; i += 1) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await dialog.getByLabel('Code').fill('E2E');
    await dialog.getByLabel('Name').fill('Dialog test project');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/pj\/\d+$/);
    projectId = Number(page.url().split('/').pop());
    await page.getByRole('heading', { name: 'Dialog test project', level: 1 }).waitFor();
    // The overview: the record with its history (from the audit log) and related rows.
    await page
      .getByRole('region', { name: 'History' })
      .getByText(/Created/)
      .waitFor();
    await page.getByRole('region', { name: 'Related' }).waitFor();
    await expectNoAxeViolations(page);
  });

  it('adds a task through the New task dialog and drags it across the board', async () => {
    await page.getByRole('button', { name: 'New task' }).click();
    const dialog = page.getByRole('dialog', { name: 'New task' });
    await dialog.getByLabel('Title').fill('Ship the dialogs');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await taskNamed('Ship the dialogs'))?.Status).toBe('todo');

    await page.getByRole('tab', { name: /^Board/ }).click();
    const todo = page.getByRole('region', { name: /^To do/ });
    const card = todo.locator('li', { hasText: 'Ship the dialogs' });
    await card.waitFor();
    await card.dragTo(page.getByRole('region', { name: /^Doing/ }));
    await page
      .getByRole('region', { name: /^Doing/ })
      .getByRole('link', { name: 'Ship the dialogs' })
      .waitFor();
    await expect.poll(async () => (await taskNamed('Ship the dialogs'))?.Status).toBe('doing');
  });

  it("sets the task's users in the Task user setting dialog", async () => {
    await page.getByRole('button', { name: 'Users of Ship the dialogs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Task user setting' });
    const assigned = dialog.getByRole('group', { name: 'Assigned users' });
    await assigned.getByRole('checkbox').first().check();
    await dialog.getByRole('group', { name: 'Watchers' }).getByRole('checkbox').first().check();
    await dialog.getByLabel('Status changes only').check();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const task = await taskNamed('Ship the dialogs');
    const form = await apiCall(
      server,
      'ProjectDialog/Form',
      { Name: 'task_user_setting', Id: task?.Id },
      token,
    );
    expect(form.body.Data.Values.NotifyChoice).toBe('status');
    expect(form.body.Data.Values.AssigneeIds).not.toBe('');
    expect(task?.AssigneeId).not.toBeNull();
  });

  it('defines an environment and a test case against its own health check, and runs the suite green', async () => {
    await page.getByRole('tab', { name: /^API tests/ }).click();
    await page.getByRole('button', { name: 'New environment' }).click();
    let dialog = page.getByRole('dialog', { name: 'API setting' });
    await dialog.getByLabel(/^Name/).fill('This product');
    await dialog.getByLabel('Base URL').fill(server.url);
    await dialog.getByLabel(/^Headers/).fill('X-Client: e2e');
    await dialog.getByLabel(/^Secrets/).fill('token=e2e-secret-value');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Opened again, the secret is masked.
    await page.getByRole('button', { name: 'API setting' }).click();
    dialog = page.getByRole('dialog', { name: 'API setting' });
    await expect.poll(() => dialog.getByLabel(/^Secrets/).inputValue()).toBe('token=••••••');
    expect(await page.content()).not.toContain('e2e-secret-value');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'New test case' }).click();
    dialog = page.getByRole('dialog', { name: 'API test cases' });
    await dialog.getByLabel(/^Name/).fill('Product is alive');
    await dialog.getByLabel('Environment').selectOption({ label: 'This product' });
    await dialog.getByLabel('Path').fill('/health/live');
    await dialog.getByLabel('Assertions').fill('$.status == "ok"');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByLabel('Environment', { exact: true }).selectOption({ label: 'This product' });
    await page.getByRole('button', { name: 'Run suite' }).click();
    const bar = page.getByRole('progressbar', { name: 'Suite progress' });
    await bar.waitFor();
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('100');
    await page.getByText('1 of 1 run: 1 passed, 0 failed').waitFor();
    const results = page.getByRole('region', { name: 'Suite results' });
    const row = results.locator('tr', { hasText: 'Product is alive' });
    await row.getByText('Pass', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('"status":"ok"');
    await expectNoAxeViolations(page);
  });

  it('edits the task in the Task item dialog from its own page', async () => {
    const task = await taskNamed('Ship the dialogs');
    await page.goto(`${server.url}/dailytasks/${task?.Id}`);
    await page.getByRole('button', { name: 'Task item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Task item' });
    await dialog.getByLabel('Title').fill('Ship the dialogs today');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await taskNamed('Ship the dialogs today'))?.Id).toBe(task?.Id);
    await expectNoAxeViolations(page);
  });

  it('shows the task with its related rows, comments with attachments and history', async () => {
    const task = await taskNamed('Ship the dialogs today');
    await page.goto(`${server.url}/dailytasks/${task?.Id}`);
    const related = page.getByRole('region', { name: 'Related' });
    await related.getByRole('link', { name: /Dialog test project/ }).waitFor();
    const comments = page.getByRole('region', { name: 'Comments' });
    await comments.getByText('No comments yet.').waitFor();
    await comments.getByLabel('Comment').fill('Reviewed, see the notes.');
    await comments.getByLabel('Attach a file').setInputFiles({
      name: 'review-notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('all good\n'),
    });
    await comments.getByText('review-notes.txt').first().waitFor();
    await comments.getByRole('button', { name: 'Post' }).click();
    await comments.getByText('Reviewed, see the notes.').waitFor();
    await comments.getByRole('link', { name: 'review-notes.txt' }).waitFor();
    const history = page.getByRole('region', { name: 'History' });
    await history
      .getByText(/Commented/)
      .first()
      .waitFor();
    await history
      .getByText(/Changed: .*Assigned users/)
      .first()
      .waitFor();
    // One record, no list chrome around it: no pager, no search, no column chooser.
    expect(await page.getByRole('navigation', { name: /pag/i }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  it('shows tasks, releases and meetings on the schedule, and a drag writes the new due date', async () => {
    const projects = await apiCall(server, 'Project/List', { Page: 1, PageSize: 10 }, token);
    const crm = projects.body.Data.Data.find((p: { Code: string }) => p.Code === 'CRM').Id;
    const tasks = await apiCall(
      server,
      'Task/List',
      { Page: 1, PageSize: 100, RequestData: { ProjectId: crm } },
      token,
    );
    const task = tasks.body.Data.Data.find((t: { Title: string }) => t.Title === 'Review the invoice layout');
    const due = new Date(`${task.DueDate}T12:00:00`);
    // Two days later, or earlier when that leaves the weeks the month view shows.
    const target = new Date(due);
    target.setDate(due.getDate() + (due.getDate() > 20 ? -2 : 2));
    const targetDay = `${target.getFullYear()}-${String(target.getMonth() + 1).padStart(2, '0')}-${String(target.getDate()).padStart(2, '0')}`;

    await page.goto(`${server.url}/pj/${crm}`);
    await page.getByRole('tab', { name: /^Schedule/ }).click();
    const event = page.locator('.fc-event', { hasText: 'Task: Review the invoice layout' });
    await event.waitFor();
    await page.locator('.fc-event', { hasText: 'Meeting: Sprint planning' }).first().waitFor();
    await expectNoAxeViolations(page);
    const from = await event.boundingBox();
    const to = await page.locator(`td.fc-day[data-date="${targetDay}"]`).boundingBox();
    if (!from || !to) throw new Error('the event or the day is not on the page');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) {
      await page.mouse.move(
        from.x + from.width / 2 + ((to.x + to.width / 2 - from.x - from.width / 2) * step) / 10,
        from.y + from.height / 2 + ((to.y + to.height / 2 - from.y - from.height / 2) * step) / 10,
      );
    }
    await page.mouse.up();
    await expect
      .poll(async () => (await apiCall(server, 'Task/Detail', { Id: task.Id }, token)).body.Data.DueDate)
      .toBe(targetDay);
  });
});
