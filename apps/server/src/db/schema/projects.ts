import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { recordColumns } from './resources';
import { users } from './users';

/** Project-management module: projects with their tasks, releases, API test cases, members, environments. */
export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  status: text('status').notNull().default('active'),
  startDate: date('start_date'),
  endDate: date('end_date'),
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
  color: text('color').notNull().default('#057e38'),
  ...recordColumns(),
});

export const releases = pgTable(
  'releases',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    name: text('name').notNull().default(''),
    releaseDate: date('release_date'),
    status: text('status').notNull().default('planned'),
    notesHtml: text('notes_html').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [uniqueIndex('releases_project_version_idx').on(t.projectId, t.version)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('todo'),
    priority: text('priority').notNull().default('normal'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date'),
    estimateHours: numeric('estimate_hours', { precision: 6, scale: 1 }),
    spentHours: numeric('spent_hours', { precision: 6, scale: 1 }).notNull().default('0'),
    releaseId: integer('release_id').references(() => releases.id, { onDelete: 'set null' }),
    /** Everyone assigned (the task user setting); `assignee_id` holds the first of them. */
    assigneeIds: integer('assignee_ids').array().notNull().default([]),
    /** Who follows the task without working on it. */
    watcherIds: integer('watcher_ids').array().notNull().default([]),
    /** What the task's people are told of: `all` changes, `status` changes only, or `none`. */
    notifyChoice: text('notify_choice').notNull().default('all'),
    ...recordColumns(),
  },
  (t) => [
    index('tasks_project_idx').on(t.projectId, t.status),
    index('tasks_assignee_idx').on(t.assigneeId, t.dueDate),
  ],
);

export const projectEnvironments = pgTable('project_environments', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  baseUrl: text('base_url').notNull(),
  notes: text('notes').notNull().default(''),
  /** Headers sent with every test case: `[{Name, Value}]`. */
  headers: jsonb('headers').notNull().default([]),
  /** `{{name}}` values of the test cases: `[{Name, Value}]`. */
  variables: jsonb('variables').notNull().default([]),
  /** Like variables, their values sealed (AES-256-GCM, SecretBox): `[{Name, Sealed}]`; never sent back. */
  secrets: jsonb('secrets').notNull().default([]),
  ...recordColumns(),
});

export const apiTestCases = pgTable('api_test_cases', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  environmentId: integer('environment_id').references(() => projectEnvironments.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  method: text('method').notNull().default('GET'),
  path: text('path').notNull().default('/'),
  requestBody: text('request_body').notNull().default(''),
  expectedStatus: integer('expected_status').notNull().default(200),
  /** JSON assertions on the answer, one a line: `path == value`, `path != value`, `path exists`... */
  assertions: text('assertions').notNull().default(''),
  lastStatus: integer('last_status'),
  lastResult: text('last_result').notNull().default(''),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, precision: 3 }),
  ...recordColumns(),
});

export const projectMembers = pgTable(
  'project_members',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('developer'),
    ...recordColumns(),
  },
  (t) => [uniqueIndex('project_members_project_user_idx').on(t.projectId, t.userId)],
);

/** One run of an environment's whole test suite; its progress and results are read while it runs. */
export const apiTestRuns = pgTable(
  'api_test_runs',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    environmentId: integer('environment_id')
      .notNull()
      .references(() => projectEnvironments.id, { onDelete: 'cascade' }),
    /** `running`, `done`, or `interrupted` (its server stopped before every case ran). */
    status: text('status').notNull().default('running'),
    total: integer('total').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    passed: integer('passed').notNull().default(0),
    /** One entry per case run: `{CaseId, Name, Method, Path, Status, Expected, Passed, Ms, Excerpt, Problem}`. */
    results: jsonb('results').notNull().default([]),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('api_test_runs_environment_idx').on(t.environmentId, t.startedAt)],
);

/** Comments on a task, each optionally with an attached file (the task page). */
export const taskComments = pgTable(
  'task_comments',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('task_comments_task_idx').on(t.taskId, t.createdAt)],
);

/** Meetings of a project, on its schedule beside the tasks' due dates and the releases. */
export const meetings = pgTable(
  'meetings',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, precision: 3 }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }),
    location: text('location').notNull().default(''),
    notes: text('notes').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [index('meetings_project_idx').on(t.projectId, t.startsAt)],
);
