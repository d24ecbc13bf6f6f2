// The project-management module (/pj, /pj/[pj] with its tabs, the board, /dailytasks and the task
// page) in real Chromium against the built product, on the sample projects.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signInByApi } from './support/api';
import { expectNoAxeViolations, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

const ADMIN_PASSWORD = 'E2e-Project-Password-1';
let server: RunningServer;
let browser: Browser;
let token = '';
let crmId = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_PASSWORD, DEMO_DATA: 'true', DEMO_PRODUCTS: '20' }),
    launchBrowser(),
  ]);
  token = await signInByApi(server, 'admin', ADMIN_PASSWORD);
  const projects = await apiCall(server, 'Project/List', { Page: 1, PageSize: 10 }, token);
  crmId = projects.body.Data.Data.find((p: { Code: string }) => p.Code === 'CRM').Id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  for (const context of browser.contexts()) await context.close();
});

async function signedIn(path: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${server.url}/home`);
  await page.goto(`${server.url}${path}`);
  return page;
}

const tasksOf = async (requestData: object) =>
  (await apiCall(server, 'Task/List', { Page: 1, PageSize: 100, RequestData: requestData }, token)).body.Data
    .Data as {
    Id: number;
    Title: string;
    Status: string;
  }[];

describe('projects', () => {
  it('lists the projects and opens one with its tabs, each scoped to the project', async () => {
    const page = await signedIn('/home');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Project manager' })
      .click();
    await page.waitForURL(`${server.url}/pj`);
    await page.getByRole('heading', { name: 'Project manager', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Customer portal' }).first().waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Customer portal' }).first().click();
    await page.waitForURL(`${server.url}/pj/${crmId}`);
    await page.getByRole('heading', { name: 'Customer portal', level: 1 }).waitFor();
    for (const tab of [
      'Overview',
      'Tasks',
      'Board',
      'Releases',
      'Schedule',
      'API tests',
      'Environments',
      'Members',
    ]) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).waitFor();
    }
    await page.getByRole('tab', { name: /^Tasks/ }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByText('Review the invoice layout').first().waitFor();
    expect(await panel.getByText('Label printer driver').count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  it('moves a task on the board, and the move is still there after a reload', async () => {
    const [task] = (await tasksOf({ ProjectId: crmId })).filter(
      (t) => t.Title === 'Review the invoice layout',
    );
    expect(task?.Status).toBe('todo');
    const page = await signedIn(`/pj/${crmId}`);
    await page.getByRole('tab', { name: /^Board/ }).click();
    const todo = page.getByRole('region', { name: /^To do/ });
    await todo.getByRole('link', { name: 'Review the invoice layout' }).waitFor();
    await expectNoAxeViolations(page);
    await todo.getByLabel('Move Review the invoice layout to').selectOption('doing');
    const doing = page.getByRole('region', { name: /^Doing/ });
    await doing.getByRole('link', { name: 'Review the invoice layout' }).waitFor();
    await page.reload();
    await page.getByRole('tab', { name: /^Board/ }).click();
    await page
      .getByRole('region', { name: /^Doing/ })
      .getByRole('link', { name: 'Review the invoice layout' })
      .waitFor();
    expect((await tasksOf({ ProjectId: crmId })).find((t) => t.Id === task?.Id)?.Status).toBe('doing');
  });

  it('runs an API test case against its environment and shows the result', async () => {
    const environments = await apiCall(
      server,
      'ProjectEnvironment/List',
      { Page: 1, PageSize: 10, RequestData: { ProjectId: crmId } },
      token,
    );
    const environment = environments.body.Data.Data[0];
    await apiCall(
      server,
      'ProjectEnvironment/UpdateFields',
      {
        Id: environment.Id,
        Values: [{ FieldName: 'BaseUrl', NewValue: server.url }],
        IM_ReturnTime: environment.IM_ReturnTime,
      },
      token,
    );
    const page = await signedIn(`/pj/${crmId}`);
    await page.getByRole('tab', { name: /^API tests/ }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByText('Server is alive').first().waitFor();
    const row = panel.locator('tr', { hasText: 'Server is alive' });
    await row.getByRole('button', { name: /Run/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await confirm.getByText('Run Server is alive now?').waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await page.getByText(/^Passed: 200 in \d+ ms\.$/).waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Pass');
  });
});

describe('daily tasks', () => {
  it("lists the user's open tasks due by today, and a task opens on its own page to edit in place", async () => {
    const page = await signedIn('/dailytasks');
    await page.getByRole('heading', { name: 'Daily tasks', level: 1 }).waitFor();
    await page.getByText('Answer the support backlog').first().waitFor();
    await expectNoAxeViolations(page);
    await page.getByText('Label printer driver').first().waitFor();
    expect(await page.getByText('Write the release notes').count()).toBe(0);
    await page.getByRole('link', { name: 'Answer the support backlog' }).first().click();
    await page.waitForURL(/\/dailytasks\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await page.getByRole('heading', { name: 'Task', level: 1, exact: true }).waitFor();
    await page.getByText('Twelve tickets wait for a first reply.').first().waitFor();
    expect((await tasksOf({ Id: id })).map((t) => t.Title)).toEqual(['Answer the support backlog']);
    await expectNoAxeViolations(page);
    // Spent hours edited in place, kept after a reload.
    const spent = page.locator('[data-field="SpentHours"]').first();
    await spent.getByRole('button', { name: /^Edit / }).click();
    await spent.getByRole('textbox').fill('2,5');
    await spent.getByRole('textbox').press('Enter');
    await expect
      .poll(async () => (await tasksOf({ Id: id }))[0])
      .toMatchObject({ Title: 'Answer the support backlog' });
    await expect
      .poll(async () => (await apiCall(server, 'Task/Detail', { Id: id }, token)).body.Data.SpentHours)
      .toBe(2.5);
    await page.reload();
    await page.locator('[data-field="SpentHours"]').first().getByText('2,5').waitFor();
  });
});
