import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
