import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSettings } from '../db/schema';
import { PROJECT_SAMPLES_MARKER, SELF_ENVIRONMENT_PLACEHOLDER } from '../modules/projects/samples';
import { insertScreen, type SeedScreen } from './workspace';

/** The settings key marking that the project screens were seeded, so that they never come back. */
export const PROJECT_SCREENS_MARKER = 'project_screens_seeded';

/** A style guide of the product's building blocks, for /2react-style (Bootstrap classes only). */
const STYLE_GUIDE_HTML = [
  '<h2>Colours</h2>',
  '<p><span class="badge text-bg-primary">Primary #057e38</span> <span class="badge text-bg-secondary">Secondary</span> ',
  '<span class="badge text-bg-success">Success</span> <span class="badge text-bg-warning">Warning</span> ',
  '<span class="badge text-bg-danger">Danger</span> <span class="badge text-bg-info">Info</span></p>',
  '<h2>Buttons</h2>',
  '<p><button type="button" class="btn btn-primary">Primary</button> <button type="button" class="btn btn-outline-primary">Outline</button> ',
  '<button type="button" class="btn btn-secondary btn-sm">Small</button></p>',
  '<h2>Alerts</h2>',
  '<div class="alert alert-success">Saved.</div><div class="alert alert-warning">Please fill out all required fields.</div>',
  '<h2>Formats</h2>',
  '<table class="table table-sm w-auto"><thead><tr><th scope="col">Kind</th><th scope="col">Format</th><th scope="col">Example</th></tr></thead><tbody>',
  '<tr><td>Number</td><td>0,0.[0]</td><td>1.234,5</td></tr><tr><td>Money</td><td>0,0.[00]</td><td>1.234,56</td></tr>',
  '<tr><td>Date</td><td>DD-MMMYY</td><td>21-Nov26</td></tr><tr><td>Date and time</td><td>DD-MMMYY HH:mm</td><td>21-Nov26 14:05</td></tr>',
  '</tbody></table>',
].join('');

/**
 * The project-management screens of part 1 section 2: /pj and /pj/[pj] (prjmanager, the project's
 * tabs as its contents), /dailytasks and /dailytasks/[taskid], and /2react-style. Plain
 * configuration, as an administrator would write it with ConfigMenu/SaveScreen.
 */
export const PROJECT_SCREENS: SeedScreen[] = [
  {
    screenCode: 'pj',
    uiUrl: '/pj',
    title: 'Project manager',
    uiType: 'prjmanager',
    apiName: 'Project',
    orderNo: 60,
  },
  {
    screenCode: 'pj-detail',
    uiUrl: '/pj/[pj]',
    title: 'Project',
    uiType: 'prjmanager',
    apiName: 'Project',
    // [pj] is filled from the address: every tab lists the records of this project.
    requestData: { ProjectId: '[pj]' },
    orderNo: 61,
    contents: [
      { screenCode: 'pj-info', title: 'Overview', uiType: 'prj_info', apiName: 'Project', orderNo: 1 },
      {
        screenCode: 'pj-tasks',
        title: 'Tasks',
        uiType: 'prj_task',
        apiName: 'Task',
        config: { showCount: true },
        orderNo: 2,
      },
      { screenCode: 'pj-flow', title: 'Board', uiType: 'prj_flow', apiName: 'Task', orderNo: 3 },
      {
        screenCode: 'pj-releases',
        title: 'Releases',
        uiType: 'prj_releases',
        apiName: 'Release',
        orderNo: 4,
      },
      {
        screenCode: 'pj-schedule',
        title: 'Schedule',
        uiType: 'prj_schedule',
        apiName: 'Task',
        // Its sources (tasks, releases, meetings) are fixed in the web app's engine/projects/schedule.ts.
        orderNo: 5,
      },
      { screenCode: 'pj-api', title: 'API tests', uiType: 'prj_api', apiName: 'ApiTestCase', orderNo: 6 },
      {
        screenCode: 'pj-env',
        title: 'Environments',
        uiType: 'prj_infoenv',
        apiName: 'ProjectEnvironment',
        orderNo: 7,
      },
      { screenCode: 'pj-users', title: 'Members', uiType: 'prj_users', apiName: 'ProjectMember', orderNo: 8 },
    ],
  },
  {
    screenCode: 'dailytasks',
    uiUrl: '/dailytasks',
    title: 'Daily tasks',
    uiType: 'prj_dailytask',
    apiName: 'Task',
    // My open tasks, due today or earlier.
    requestData: { Mine: true, Open: true, DueBy: 'today' },
    orderNo: 62,
  },
  {
    screenCode: 'dailytask-detail',
    uiUrl: '/dailytasks/[taskid]',
    title: 'Task',
    uiType: 'prj_dailytask_detail',
    apiName: 'Task',
    orderNo: 63,
  },
  {
    screenCode: 'react-style',
    uiUrl: '/2react-style',
    title: 'Style guide',
    uiType: 'mypage',
    config: { html: STYLE_GUIDE_HTML },
    orderNo: 64,
  },
];

/** Seeds the project screens once (a marker row in the same transaction). */
export async function seedProjectScreens(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(appSettings)
      .values({ key: PROJECT_SCREENS_MARKER, value: { version: 1 } })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (marked.length === 0) return false;
    for (const screen of PROJECT_SCREENS) await insertScreen(tx as unknown as Database, screen, null);
    return true;
  });
}

/**
 * Sample projects with tasks (some due today for the administrator, with their users set), releases,
 * meetings, environments pointing at this server's own health check with test cases (JSON assertions,
 * a variable) and members. Once, with the demo data.
 */
export async function seedProjectSamples(db: Database, adminId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(appSettings)
      .values({ key: PROJECT_SAMPLES_MARKER, value: { version: 1 } })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (marked.length === 0) return false;
    await tx.execute(sql`
      insert into projects (code, name, description, status, start_date, end_date, owner_id, color)
      values
        ('CRM', 'Customer portal', 'Self-service portal for customers: orders, invoices, support.', 'active', current_date - 60, current_date + 90, ${adminId}, '#057e38'),
        ('WMS', 'Warehouse system', 'Stock, picking and shipping for the two warehouses.', 'active', current_date - 20, current_date + 150, ${adminId}, '#0a58ca'),
        ('WEB', 'Website refresh', 'New public website with the product catalogue.', 'planning', current_date + 10, current_date + 120, ${adminId}, '#6f42c1')
      on conflict (code) do nothing`);
    await tx.execute(sql`
      insert into releases (project_id, version, name, release_date, status, notes_html)
      select p.id, v.version, v.name, current_date + v.days, v.status, v.notes
      from projects p
      join (values
        ('CRM', '1.0.0', 'First release', -30, 'released', '<p>Orders and invoices.</p>'),
        ('CRM', '1.1.0', 'Support tickets', 14, 'planned', '<p>Ticket list and replies.</p>'),
        ('WMS', '0.9.0', 'Pilot', 21, 'planned', '<p>Picking in the Hai Phong warehouse.</p>')
      ) as v(code, version, name, days, status, notes) on v.code = p.code
      on conflict do nothing`);
    await tx.execute(sql`
      insert into tasks (project_id, title, description, status, priority, assignee_id, due_date, estimate_hours, spent_hours)
      select p.id, t.title, t.description, t.status, t.priority, ${adminId}, current_date + t.days, t.estimate, t.spent
      from projects p
      join (values
        ('CRM', 'Review the invoice layout', 'Check totals and the VAT lines.', 'todo', 'high', 0, 2.0, 0.0),
        ('CRM', 'Answer the support backlog', 'Twelve tickets wait for a first reply.', 'doing', 'urgent', -1, 4.0, 1.5),
        ('CRM', 'Write the release notes', '', 'review', 'normal', 3, 1.0, 0.5),
        ('CRM', 'Password reset mail', 'Done with the new template.', 'done', 'normal', -5, 1.0, 1.0),
        ('WMS', 'Label printer driver', 'Test the Zebra printers in Hai Phong.', 'todo', 'normal', 0, 3.0, 0.0),
        ('WMS', 'Stock count screen', '', 'doing', 'high', 7, 8.0, 2.0),
        ('WEB', 'Choose the photos', 'Forty product photos for the catalogue.', 'todo', 'low', 20, 2.0, 0.0)
      ) as t(code, title, description, status, priority, days, estimate, spent) on t.code = p.code`);
    const self = (await tx.execute(sql`
      insert into project_environments (project_id, name, base_url, notes)
      select p.id, 'This server', ${SELF_ENVIRONMENT_PLACEHOLDER}, 'The product itself, for a first test case.'
      from projects p where p.code = 'CRM'
      returning id`)) as unknown as { rows: { id: number }[] };
    const selfId = self.rows[0]?.id;
    if (selfId !== undefined) {
      // The server puts its own address here once it listens (ProjectService.followOwnAddress).
      await tx
        .update(appSettings)
        .set({
          value: { version: 1, selfEnvironment: { id: selfId, baseUrl: SELF_ENVIRONMENT_PLACEHOLDER } },
        })
        .where(eq(appSettings.key, PROJECT_SAMPLES_MARKER));
    }
    await tx.execute(sql`
      insert into api_test_cases (project_id, environment_id, name, method, path, expected_status, assertions)
      select p.id, e.id, c.name, 'GET', c.path, c.status, c.assertions
      from projects p
      join project_environments e on e.project_id = p.id
      join (values
        ('Server is alive', '/health/live', 200, '$.status == "ok"'),
        ('Database is ready', '/health/ready', 200, '')
      ) as c(name, path, status, assertions) on true
      where p.code = 'CRM'`);
    // The warehouse project tests the same server: a second environment with its own suite.
    await tx.execute(sql`
      insert into project_environments (project_id, name, base_url, notes, headers, variables)
      select p.id, 'Local', ${SELF_ENVIRONMENT_PLACEHOLDER}, 'The product on its default address.',
        '[{"Name":"Accept","Value":"application/json"}]'::jsonb, '[{"Name":"probe","Value":"live"}]'::jsonb
      from projects p where p.code = 'WMS'`);
    await tx.execute(sql`
      insert into api_test_cases (project_id, environment_id, name, method, path, expected_status, assertions)
      select p.id, e.id, 'Health with a variable', 'GET', '/health/{{probe}}', 200, '$.status exists'
      from projects p join project_environments e on e.project_id = p.id
      where p.code = 'WMS'`);
    await tx.execute(sql`
      insert into meetings (project_id, title, starts_at, ends_at, location)
      select p.id, m.title, (current_date + m.days + m.at::time)::timestamptz,
        (current_date + m.days + m.at::time + interval '1 hour')::timestamptz, m.place
      from projects p
      join (values
        ('CRM', 'Sprint planning', 1, '09:30', 'Room 2'),
        ('CRM', 'Release review', 13, '14:00', 'Room 1'),
        ('WMS', 'Pilot check-in', 5, '10:00', 'Hai Phong warehouse')
      ) as m(code, title, days, at, place) on m.code = p.code`);
    // Everyone on a sample task is told of status changes; the administrator watches the urgent one.
    await tx.execute(sql`
      update tasks set assignee_ids = array[assignee_id], notify_choice = 'status'
      where assignee_id is not null`);
    await tx.execute(sql`update tasks set watcher_ids = array[${adminId}::int] where priority = 'urgent'`);
    await tx.execute(sql`
      insert into project_members (project_id, user_id, role)
      select p.id, ${adminId}, 'owner' from projects p
      on conflict do nothing`);
    return true;
  });
}
