import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  apiTestCases,
  apiTestRuns,
  appSettings,
  auditLog,
  meetings,
  projectEnvironments,
  projectMembers,
  projects,
  releases,
  files as storedFiles,
  taskComments,
  tasks,
  users,
} from '../../db/schema';
import { Answer } from '../../lib/actions';
import type { AuditService } from '../../lib/audit';
import { BusinessError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { SecretBox } from '../../lib/secure-random';
import type { AccessService } from '../access/service';
import type { FilesService } from '../files/service';
import type { Actor, ResourceService, Row } from '../resources/service';
import {
  type CaseResult,
  type CaseToRun,
  type EnvironmentToRun,
  type NamedValue,
  parseAssertions,
  runCase,
  TEST_RUN_TIMEOUT_MS,
} from './api-runner';
import { type DialogDeclaration, NOTIFY_CHOICES, PROJECT_DIALOGS, SECRET_MASK } from './dialogs';
import { PROJECT_SAMPLES_MARKER, SELF_ENVIRONMENT_PLACEHOLDER } from './samples';

export { TEST_RUN_TIMEOUT_MS } from './api-runner';

type EnvironmentRow = typeof projectEnvironments.$inferSelect;
type SealedSecret = { Name: string; Sealed: string };

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const VALUE_NAME = /^[A-Za-z0-9_.-]{1,60}$/;
/** The most history entries and related tasks the task page shows. */
const HISTORY_LIMIT = 50;
/** Lines of a headers, variables or secrets box, each at most this many. */
const MAX_NAMED_VALUES = 50;

/** `Name: value` (headers) or `name=value` (variables, secrets), one a line. */
function readNamedValues(text: unknown, separator: ':' | '=', what: string, name: RegExp): NamedValue[] {
  if (text === undefined || text === null) return [];
  if (typeof text !== 'string') throw badRequest(`${what}: must be text`);
  const values: NamedValue[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const at = line.indexOf(separator);
    const key = at > 0 ? line.slice(0, at).trim() : '';
    if (!name.test(key)) {
      throw badRequest(
        `${what}: line ${index + 1} must be written as ${separator === ':' ? '"Name: value"' : '"name=value"'}`,
      );
    }
    if (values.some((v) => v.Name.toLowerCase() === key.toLowerCase()))
      throw badRequest(`${what}: ${key} is given twice`);
    values.push({ Name: key, Value: line.slice(at + 1).trim() });
  }
  if (values.length > MAX_NAMED_VALUES) throw badRequest(`${what}: at most ${MAX_NAMED_VALUES} lines`);
  return values;
}

const writeNamedValues = (values: readonly NamedValue[], separator: string) =>
  values.map((v) => `${v.Name}${separator}${v.Value}`).join('\n');

/** A list of user ids from a multi-select (`"1,2"` or `[1, 2]`). */
function readIds(value: unknown, what: string): number[] {
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(',').filter((item) => item.trim() !== '')
      : value === undefined || value === null
        ? []
        : [value];
  const ids = items.map((item) => Number(String(item).trim()));
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0))
    throw badRequest(`${what}: must be a list of users`);
  return [...new Set(ids)];
}

/**
 * How long a run of `total` cases can take at most: each case is bounded by its request's timeout.
 * A run still `running` past it was cut off (the server that ran it stopped or crashed) and is
 * `interrupted` from then on.
 */
export function suiteDeadlineMs(total: number): number {
  return total * (TEST_RUN_TIMEOUT_MS + 5000) + 60_000;
}

/** A finished or running suite run, as the client reads it. */
function presentRun(run: typeof apiTestRuns.$inferSelect) {
  return {
    Id: run.id,
    ProjectId: run.projectId,
    EnvironmentId: run.environmentId,
    Status: run.status,
    Total: run.total,
    Completed: run.completed,
    Passed: run.passed,
    Failed: run.completed - run.passed,
    Results: run.results as CaseResult[],
    StartedAt: run.startedAt.toISOString(),
    FinishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Runs API test cases of the project-management module: one request to the case's environment (an
 * address an administrator configured), its status compared with the expected one. Administrators
 * and the project's owners and testers may run them.
 */
export class ProjectService {
  constructor(
    private readonly db: Database,
    private readonly resources: ResourceService,
    private readonly audit: AuditService,
    private readonly events: EventBus,
    private readonly access: AccessService,
    private readonly secrets: SecretBox,
    private readonly files: FilesService,
  ) {}

  /** Background suite runs of this process, awaited on close. */
  private readonly running = new Set<Promise<void>>();

  /**
   * Points the sample environment "This server" at the product's own address, at every start: the
   * demo test case then runs whatever the port. An address an administrator typed there is kept.
   */
  async followOwnAddress(origin: string | null): Promise<void> {
    if (!origin) return;
    const [marker] = await this.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, PROJECT_SAMPLES_MARKER));
    if (!marker) return;
    const value = (marker.value ?? {}) as { selfEnvironment?: { id: number; baseUrl: string } };
    let self = value.selfEnvironment;
    if (!self) {
      // Seeded before the address was followed: the sample still holds the default address.
      const [old] = await this.db
        .select({ id: projectEnvironments.id })
        .from(projectEnvironments)
        .where(
          and(
            eq(projectEnvironments.name, 'This server'),
            eq(projectEnvironments.baseUrl, SELF_ENVIRONMENT_PLACEHOLDER),
          ),
        );
      if (!old) return;
      self = { id: old.id, baseUrl: SELF_ENVIRONMENT_PLACEHOLDER };
    }
    if (self.baseUrl === origin) return;
    const moved = await this.db
      .update(projectEnvironments)
      .set({ baseUrl: origin, updatedAt: new Date() })
      .where(and(eq(projectEnvironments.id, self.id), eq(projectEnvironments.baseUrl, self.baseUrl)))
      .returning({ id: projectEnvironments.id });
    await this.db
      .update(appSettings)
      .set({
        value: { ...value, selfEnvironment: moved.length > 0 ? { id: self.id, baseUrl: origin } : undefined },
        updatedAt: new Date(),
      })
      .where(eq(appSettings.key, PROJECT_SAMPLES_MARKER));
  }

  /**
   * Running a case is its configured action `Run` (a grant's actions); then administrators, and the
   * project's owners and testers, run its test cases.
   */
  private async mayRun(projectId: number, actor: Actor): Promise<void> {
    await this.resources.requireNamedAction('ApiTestCase', 'Run', actor);
    if (await this.access.isAdministrator(actor.user)) return;
    const [member] = await this.db
      .select({ role: projectMembers.role })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, actor.user.id)));
    if (!member || !['owner', 'tester'].includes(member.role)) {
      throw forbidden('Only the project’s owners and testers may run its test cases.');
    }
  }

  /** The environment as the runner needs it, its secrets opened. */
  private toRun(environment: EnvironmentRow): EnvironmentToRun {
    const values = new Map<string, string>();
    for (const variable of environment.variables as NamedValue[]) values.set(variable.Name, variable.Value);
    const secretValues: string[] = [];
    for (const secret of environment.secrets as SealedSecret[]) {
      let value: string;
      try {
        value = this.secrets.open(secret.Sealed);
      } catch {
        // Sealed under another server secret (JWT_SECRET changed): it must be typed again.
        throw new BusinessError(
          `The secret ${secret.Name} of this environment cannot be read any more; type it again in its API setting.`,
        );
      }
      values.set(secret.Name, value);
      secretValues.push(value);
    }
    return {
      baseUrl: environment.baseUrl,
      headers: environment.headers as NamedValue[],
      values,
      secretValues,
    };
  }

  private async environment(id: number): Promise<EnvironmentRow> {
    const [environment] = await this.db
      .select()
      .from(projectEnvironments)
      .where(eq(projectEnvironments.id, id));
    if (!environment) throw new BusinessError('The environment of this test case does not exist any more.');
    return environment;
  }

  /** Keeps a case's last result on the case and in the audit log. */
  private async keepResult(testCase: CaseToRun, result: CaseResult, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(apiTestCases)
        .set({
          lastStatus: result.Status,
          lastResult: result.Passed ? 'pass' : 'fail',
          lastRunAt: new Date(),
          updatedAt: new Date(),
          updatedBy: actor.user.id,
        })
        .where(eq(apiTestCases.id, testCase.id));
      await this.audit.record(
        {
          action: 'test_run',
          resource: 'ApiTestCase',
          recordId: testCase.id,
          userId: actor.user.id,
          ip: actor.ip ?? null,
          details: { url: result.Url, status: result.Status, passed: result.Passed, ms: result.Ms },
        },
        tx as unknown as Database,
      );
    });
    this.events.publish({ type: 'data-changed', data: { APIName: 'ApiTestCase', Id: testCase.id } });
  }

  async runTestCase(id: number, actor: Actor): Promise<Answer<Row>> {
    // Read as its Detail first: a case outside the caller's rows does not exist for them.
    const gone = () => new BusinessError('This test case does not exist any more; reload the list.');
    await this.resources.requireRecord('ApiTestCase', 'Detail', id, actor, { gone });
    const [testCase] = await this.db.select().from(apiTestCases).where(eq(apiTestCases.id, id));
    if (!testCase) throw gone();
    await this.mayRun(testCase.projectId, actor);
    if (!testCase.environmentId)
      throw new BusinessError('Choose the environment this test case runs against.');
    const result = await runCase(testCase, this.toRun(await this.environment(testCase.environmentId)));
    await this.keepResult(testCase, result, actor);
    const row = await this.resources.detail('ApiTestCase', id, actor);
    const msg = result.Passed
      ? `Passed: ${result.Status} in ${result.Ms} ms.`
      : result.Status !== null && result.Status !== testCase.expectedStatus
        ? `Failed: expected ${testCase.expectedStatus}, got ${result.Status}.`
        : `Failed: ${result.Problem}.`;
    return new Answer(row, msg);
  }

  /**
   * Starts the whole suite of an environment (its test cases, by name) on the server and answers at
   * once with the run; the run's row tells its progress and results as each case finishes.
   */
  async startSuite(environmentId: number, actor: Actor) {
    await this.resources.requireRecord('ProjectEnvironment', 'Detail', environmentId, actor, {
      gone: () => new BusinessError('The environment of this test case does not exist any more.'),
    });
    const environment = await this.environment(environmentId);
    await this.mayRun(environment.projectId, actor);
    const cases = await this.db
      .select()
      .from(apiTestCases)
      .where(eq(apiTestCases.environmentId, environmentId))
      .orderBy(asc(apiTestCases.name), asc(apiTestCases.id));
    if (cases.length === 0) throw new BusinessError('This environment has no test cases to run.');
    const [run] = await this.db
      .insert(apiTestRuns)
      .values({
        projectId: environment.projectId,
        environmentId,
        total: cases.length,
        startedBy: actor.user.id,
      })
      .returning();
    if (!run) throw new Error('the run was not stored');
    const target = this.toRun(environment);
    const work = this.runSuite(run.id, cases, target, actor)
      .catch(async () => {
        // Not every case ran: the run is told as interrupted, not as done.
        await this.db
          .update(apiTestRuns)
          .set({ status: 'interrupted', finishedAt: new Date() })
          .where(eq(apiTestRuns.id, run.id))
          .catch(() => undefined);
      })
      .finally(() => this.running.delete(work));
    this.running.add(work);
    return new Answer(presentRun(run), `Running ${cases.length} test cases.`);
  }

  private async runSuite(runId: number, cases: CaseToRun[], target: EnvironmentToRun, actor: Actor) {
    for (const testCase of cases) {
      const result = await runCase(testCase, target);
      await this.keepResult(testCase, result, actor);
      await this.db
        .update(apiTestRuns)
        .set({
          completed: sql`${apiTestRuns.completed} + 1`,
          passed: sql`${apiTestRuns.passed} + ${result.Passed ? 1 : 0}`,
          results: sql`${apiTestRuns.results} || ${JSON.stringify([result])}::jsonb`,
        })
        .where(eq(apiTestRuns.id, runId));
      this.events.publish({ type: 'data-changed', data: { APIName: 'ApiTestRun', Id: runId } });
    }
    await this.db
      .update(apiTestRuns)
      .set({ status: 'done', finishedAt: new Date() })
      .where(eq(apiTestRuns.id, runId));
    this.events.publish({ type: 'data-changed', data: { APIName: 'ApiTestRun', Id: runId } });
  }

  /** A suite run's progress and results; a run cut off by a stopped server is told as interrupted. */
  async suiteRun(runId: number, actor: Actor, now = Date.now()) {
    const [run] = await this.db.select().from(apiTestRuns).where(eq(apiTestRuns.id, runId));
    const gone = () => notFound('This test run does not exist.');
    if (!run) throw gone();
    // A run of a project the caller may not read does not exist for them either.
    await this.resources.requireRecord('Project', 'Detail', run.projectId, actor, { gone });
    await this.mayRun(run.projectId, actor);
    if (run.status === 'running' && now - run.startedAt.getTime() > suiteDeadlineMs(run.total)) {
      const [interrupted] = await this.db
        .update(apiTestRuns)
        .set({ status: 'interrupted', finishedAt: new Date(now) })
        .where(and(eq(apiTestRuns.id, run.id), eq(apiTestRuns.status, 'running')))
        .returning();
      return presentRun(interrupted ?? run);
    }
    return presentRun(run);
  }

  /** Waits for the suite runs under way (closing the server). */
  async settle(): Promise<void> {
    await Promise.all([...this.running]);
  }

  // --- The project dialogs -------------------------------------------------------------------

  private dialog(name: string): DialogDeclaration {
    const dialog = PROJECT_DIALOGS.find((item) => item.name === name);
    if (!dialog) throw badRequest(`Name: ${name.slice(0, 60)} is not a project dialog`);
    return dialog;
  }

  /** The controls of an add or edit dialog, from its resource's declared columns. */
  private controlsOf(dialog: DialogDeclaration, requestData: Record<string, unknown>) {
    const resource = this.resources.registry.get(dialog.apiName);
    if (!resource) throw new Error(`${dialog.apiName} is not declared`);
    const scoped = resource.scopedFields(requestData);
    return (dialog.fields ?? [])
      .filter((field) => !scoped.has(field))
      .map((field) => {
        const column = resource.byField.get(field);
        if (!column) throw new Error(`${dialog.name}: ${field} is not a field of ${dialog.apiName}`);
        return {
          fieldName: column.field,
          label: column.header,
          type: column.kind.control,
          required: Boolean(column.rules?.required),
          ...(column.source ? { optionKey: column.source } : {}),
          ...(column.default !== undefined ? { default: column.default } : {}),
        };
      });
  }

  /** The fields of the dialog the screen's scope fixes (a project's tab: its ProjectId). */
  private scopeValues(dialog: DialogDeclaration, requestData: Record<string, unknown> | undefined) {
    const resource = this.resources.registry.get(dialog.apiName);
    const values: Record<string, unknown> = {};
    for (const [key, scope] of Object.entries(resource?.declaration.scopes ?? {})) {
      const value = requestData?.[key];
      if (!('field' in scope) || !dialog.fields?.includes(scope.field)) continue;
      if (value !== undefined && value !== null && value !== '') values[scope.field] = value;
    }
    return values;
  }

  private async mustBeAdmin(actor: Actor): Promise<void> {
    if (!(await this.access.isAdministrator(actor.user)))
      throw forbidden('Only administrators may change an environment’s address, headers or secrets.');
  }

  /**
   * A dialog's form: its title, its controls, the values it starts from (the record it edits) and
   * the option lists of its selects.
   */
  async dialogForm(
    input: { Name: string; Id?: number | undefined; RequestData?: Record<string, unknown> | undefined },
    actor: Actor,
  ) {
    const dialog = this.dialog(input.Name);
    const requestData = input.RequestData ?? {};
    const base = { Name: dialog.name, Title: dialog.title };
    if (dialog.kind === 'task_users') {
      const task = await this.task(input.Id, actor);
      // People's names are data: the web shows them as written (OptionItem.Verbatim).
      const userList = (
        await this.db
          .select({ Value: users.id, Text: users.displayName })
          .from(users)
          .orderBy(asc(users.displayName))
      ).map((user) => ({ ...user, Verbatim: true }));
      return {
        ...base,
        Controls: [
          {
            fieldName: 'AssigneeIds',
            label: 'Assigned users',
            type: 'multiselect',
            optionKey: 'User',
            separator: ',',
          },
          {
            fieldName: 'WatcherIds',
            label: 'Watchers',
            type: 'multiselect',
            optionKey: 'User',
            separator: ',',
          },
          {
            fieldName: 'NotifyChoice',
            label: 'Notify me of',
            type: 'radio',
            optionKey: 'Notify',
            required: true,
          },
        ],
        Values: {
          AssigneeIds: (task.assigneeIds.length > 0
            ? task.assigneeIds
            : task.assigneeId
              ? [task.assigneeId]
              : []
          ).join(','),
          WatcherIds: task.watcherIds.join(','),
          NotifyChoice: task.notifyChoice,
        },
        Options: { UserList: userList, NotifyList: NOTIFY_CHOICES },
        IM_ReturnTime: task.updatedAt.toISOString(),
      };
    }
    if (dialog.kind === 'api_setting') {
      await this.mustBeAdmin(actor);
      const environment = input.Id ? await this.environment(input.Id) : null;
      return {
        ...base,
        Controls: [
          { fieldName: 'Name', label: 'Name', type: 'text', required: true },
          { fieldName: 'BaseUrl', label: 'Base URL', type: 'text', required: true },
          { fieldName: 'Headers', label: 'Headers (Name: value, one a line)', type: 'textarea' },
          { fieldName: 'Variables', label: 'Variables (name=value, one a line)', type: 'textarea' },
          {
            fieldName: 'Secrets',
            label: 'Secrets (name=value, one a line; kept encrypted)',
            type: 'textarea',
          },
          { fieldName: 'Notes', label: 'Notes', type: 'textarea' },
        ],
        Values: environment
          ? {
              Name: environment.name,
              BaseUrl: environment.baseUrl,
              Headers: writeNamedValues(environment.headers as NamedValue[], ': '),
              Variables: writeNamedValues(environment.variables as NamedValue[], '='),
              // Never the value: a mask that, sent back unchanged, keeps it.
              Secrets: (environment.secrets as SealedSecret[])
                .map((s) => `${s.Name}=${SECRET_MASK}`)
                .join('\n'),
              Notes: environment.notes,
            }
          : { Name: '', BaseUrl: '', Headers: '', Variables: '', Secrets: '', Notes: '' },
        Options: {},
        ...(environment ? { IM_ReturnTime: environment.updatedAt.toISOString() } : {}),
      };
    }
    const options = await this.resources.options(dialog.apiName, actor, requestData);
    const lists = Object.fromEntries(Object.entries(options).filter(([key]) => key.endsWith('List')));
    const controls = this.controlsOf(dialog, requestData);
    if (dialog.kind === 'edit') {
      if (!input.Id) throw badRequest('Id: is required');
      const row = await this.resources.detail(dialog.apiName, input.Id, actor);
      return {
        ...base,
        Controls: controls,
        Values: Object.fromEntries(controls.map((c) => [c.fieldName, row[c.fieldName] ?? null])),
        Options: lists,
        IM_ReturnTime: row.IM_ReturnTime,
      };
    }
    return {
      ...base,
      Controls: controls,
      Values: Object.fromEntries(controls.map((c) => [c.fieldName, c.default ?? null])),
      Options: lists,
    };
  }

  private async task(id: number | undefined, actor: Actor) {
    if (!id) throw badRequest('Id: is required');
    // The task must be one the caller may read.
    await this.resources.detail('Task', id, actor);
    const [task] = await this.db.select().from(tasks).where(eq(tasks.id, id));
    if (!task) throw new BusinessError('This task does not exist any more; reload the list.');
    return task;
  }

  /** Saves a dialog's form: adds or updates the record, or the service form's settings. */
  async saveDialog(
    input: {
      Name: string;
      Id?: number | undefined;
      RequestData?: Record<string, unknown> | undefined;
      DataForm: Record<string, unknown>;
      IM_ReturnTime?: string | undefined;
    },
    actor: Actor,
  ): Promise<Answer<Row>> {
    const dialog = this.dialog(input.Name);
    const form = input.DataForm;
    if (dialog.kind === 'task_users') return this.saveTaskUsers(input.Id, form, input.IM_ReturnTime, actor);
    if (dialog.kind === 'api_setting') return this.saveApiSetting(input, actor);
    const allowed = new Set(this.controlsOf(dialog, input.RequestData ?? {}).map((c) => c.fieldName));
    const stray = Object.keys(form).find((key) => !allowed.has(key));
    if (stray) throw badRequest(`${stray.slice(0, 60)}: is not a field of ${dialog.title}`);
    if (dialog.apiName === 'ApiTestCase' && typeof form.Assertions === 'string') {
      const parsed = parseAssertions(form.Assertions);
      if ('problem' in parsed) throw badRequest(parsed.problem);
    }
    if (dialog.kind === 'add') {
      return this.resources.addNew(
        dialog.apiName,
        {
          DataForm: { ...form, ...this.scopeValues(dialog, input.RequestData) },
          ...(input.RequestData ? { RequestData: input.RequestData } : {}),
        },
        actor,
      );
    }
    if (!input.Id) throw badRequest('Id: is required');
    const row = await this.resources.detail(dialog.apiName, input.Id, actor);
    const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');
    const values = Object.entries(form)
      .filter(([field, value]) => !same(value, row[field]))
      .map(([FieldName, NewValue]) => ({ FieldName, NewValue }));
    if (values.length === 0) return new Answer(row, 'Nothing changed.');
    return this.resources.updateFields(
      dialog.apiName,
      { Id: input.Id, Values: values as never, IM_ReturnTime: input.IM_ReturnTime },
      actor,
    );
  }

  private async saveTaskUsers(
    id: number | undefined,
    form: Record<string, unknown>,
    returnTime: string | undefined,
    actor: Actor,
  ): Promise<Answer<Row>> {
    const task = await this.task(id, actor);
    if (task.isLocked) throw new BusinessError('This task is locked.');
    if (returnTime && new Date(returnTime).getTime() !== task.updatedAt.getTime())
      throw new BusinessError('Someone changed this task meanwhile; reload it and set its users again.');
    const assigneeIds = readIds(form.AssigneeIds, 'Assigned users');
    const watcherIds = readIds(form.WatcherIds, 'Watchers');
    const notify = form.NotifyChoice ?? 'all';
    if (!NOTIFY_CHOICES.some((choice) => choice.Value === notify))
      throw badRequest('Notify me of: must be one of all, status, none');
    const everyone = [...new Set([...assigneeIds, ...watcherIds])];
    if (everyone.length > 0) {
      const found = await this.db.select({ id: users.id }).from(users).where(inArray(users.id, everyone));
      if (found.length !== everyone.length) throw badRequest('Assigned users: a chosen user does not exist');
    }
    await this.db.transaction(async (tx) => {
      await tx
        .update(tasks)
        .set({
          assigneeIds,
          assigneeId: assigneeIds[0] ?? null,
          watcherIds,
          notifyChoice: String(notify),
          updatedAt: new Date(),
          updatedBy: actor.user.id,
        })
        .where(eq(tasks.id, task.id));
      await this.audit.record(
        {
          action: 'record_update',
          resource: 'Task',
          recordId: task.id,
          userId: actor.user.id,
          ip: actor.ip ?? null,
          details: {
            changes: [
              { field: 'AssigneeIds', old: task.assigneeIds, new: assigneeIds },
              { field: 'WatcherIds', old: task.watcherIds, new: watcherIds },
              { field: 'NotifyChoice', old: task.notifyChoice, new: notify },
            ],
          },
        },
        tx as unknown as Database,
      );
    });
    this.events.publish({ type: 'data-changed', data: { APIName: 'Task', Id: task.id } });
    return new Answer(await this.resources.detail('Task', task.id, actor), 'Saved.');
  }

  private async saveApiSetting(
    input: {
      Id?: number | undefined;
      RequestData?: Record<string, unknown> | undefined;
      DataForm: Record<string, unknown>;
      IM_ReturnTime?: string | undefined;
    },
    actor: Actor,
  ): Promise<Answer<Row>> {
    await this.mustBeAdmin(actor);
    const form = input.DataForm;
    const headers = readNamedValues(form.Headers, ':', 'Headers', HEADER_NAME);
    const variables = readNamedValues(form.Variables, '=', 'Variables', VALUE_NAME);
    const given = readNamedValues(form.Secrets, '=', 'Secrets', VALUE_NAME);
    const old = input.Id ? await this.environment(input.Id) : null;
    const oldSecrets = (old?.secrets ?? []) as SealedSecret[];
    const secrets: SealedSecret[] = given.map((secret) => {
      if (secret.Value !== SECRET_MASK) return { Name: secret.Name, Sealed: this.secrets.seal(secret.Value) };
      const kept = oldSecrets.find((s) => s.Name === secret.Name);
      if (!kept) throw badRequest(`Secrets: ${secret.Name} has no value yet; type it`);
      return kept;
    });
    const fields: Record<string, unknown> = {
      Name: form.Name,
      BaseUrl: form.BaseUrl,
      Notes: form.Notes ?? '',
    };
    let id = input.Id;
    // Name, address and notes through the resource: its rules, stale-write check and audit.
    if (old && id) {
      const values = Object.entries(fields)
        .filter(([field, value]) => {
          const current = { Name: old.name, BaseUrl: old.baseUrl, Notes: old.notes }[field];
          return String(value ?? '') !== String(current ?? '');
        })
        .map(([FieldName, NewValue]) => ({ FieldName, NewValue }));
      if (values.length > 0)
        await this.resources.updateFields(
          'ProjectEnvironment',
          { Id: id, Values: values as never, IM_ReturnTime: input.IM_ReturnTime },
          actor,
        );
    } else {
      const added = await this.resources.addNew(
        'ProjectEnvironment',
        {
          DataForm: { ...fields, ProjectId: input.RequestData?.ProjectId },
          ...(input.RequestData ? { RequestData: input.RequestData } : {}),
        },
        actor,
      );
      id = Number(added.data.Id);
    }
    await this.db.transaction(async (tx) => {
      await tx
        .update(projectEnvironments)
        .set({ headers, variables, secrets, updatedAt: new Date(), updatedBy: actor.user.id })
        .where(eq(projectEnvironments.id, id as number));
      await this.audit.record(
        {
          action: 'record_update',
          resource: 'ProjectEnvironment',
          recordId: id ?? null,
          userId: actor.user.id,
          ip: actor.ip ?? null,
          // Names only: a secret's value never reaches the log.
          details: {
            changes: [
              { field: 'Headers', new: headers.map((h) => h.Name) },
              { field: 'Variables', new: variables.map((v) => v.Name) },
              { field: 'Secrets', new: secrets.map((secret) => secret.Name) },
            ],
          },
        },
        tx as unknown as Database,
      );
    });
    this.events.publish({ type: 'data-changed', data: { APIName: 'ProjectEnvironment', Id: id as number } });
    return new Answer(await this.resources.detail('ProjectEnvironment', id as number, actor), 'Saved.');
  }

  // --- The task page and the project's overview ---------------------------------------------

  /** A record's history from the audit log, newest first: who did what, which fields changed. */
  private async historyOf(resource: string, id: number) {
    const rows = await this.db
      .select({
        At: auditLog.at,
        Action: auditLog.action,
        Details: auditLog.details,
        UserName: users.displayName,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(and(eq(auditLog.resource, resource), eq(auditLog.recordId, String(id))))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(HISTORY_LIMIT);
    return rows.map((h) => ({
      At: h.At.toISOString(),
      Action: h.Action,
      UserName: h.UserName ?? '',
      // Field names only: an old or new value may be anything (a secret's name list, a long text).
      Changes: ((h.Details as { changes?: { field: string }[] } | null)?.changes ?? []).map((change) => ({
        Field: change.field,
      })),
    }));
  }

  /** What a project's overview shows around the record: its history and its related rows. */
  async projectActivity(id: number, actor: Actor) {
    // The project must be one the caller may read.
    await this.resources.detail('Project', id, actor);
    const byStatus = await this.db
      .select({ Status: tasks.status, Count: sql<number>`cast(count(*) as integer)` })
      .from(tasks)
      .where(eq(tasks.projectId, id))
      .groupBy(tasks.status);
    const releaseRows = await this.db
      .select({ Id: releases.id, Version: releases.version, Name: releases.name, Status: releases.status })
      .from(releases)
      .where(eq(releases.projectId, id))
      .orderBy(desc(releases.releaseDate))
      .limit(HISTORY_LIMIT);
    const members = await this.db
      .select({ UserName: users.displayName, Role: projectMembers.role })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(eq(projectMembers.projectId, id))
      .orderBy(asc(users.displayName));
    const upcoming = await this.db
      .select({ Id: meetings.id, Title: meetings.title, StartsAt: meetings.startsAt })
      .from(meetings)
      .where(and(eq(meetings.projectId, id), sql`${meetings.startsAt} >= now()`))
      .orderBy(asc(meetings.startsAt))
      .limit(10);
    return {
      History: await this.historyOf('Project', id),
      Related: {
        Tasks: byStatus,
        Releases: releaseRows,
        Members: members,
        Meetings: upcoming.map((m) => ({ ...m, StartsAt: m.StartsAt.toISOString() })),
      },
    };
  }

  /**
   * What the task page shows around the record: its comments (with their attachments), its history
   * from the audit log, and the related rows (project, release, people, the release's other tasks).
   */
  async taskActivity(id: number, actor: Actor) {
    const task = await this.task(id, actor);
    const comments = await this.db
      .select({
        Id: taskComments.id,
        Body: taskComments.body,
        At: taskComments.createdAt,
        UserName: users.displayName,
        FileId: storedFiles.id,
        FileName: storedFiles.name,
      })
      .from(taskComments)
      .leftJoin(users, eq(users.id, taskComments.userId))
      .leftJoin(storedFiles, eq(storedFiles.id, taskComments.fileId))
      .where(eq(taskComments.taskId, id))
      .orderBy(asc(taskComments.createdAt), asc(taskComments.id));
    const history = await this.historyOf('Task', id);
    const [project] = await this.db
      .select({ Id: projects.id, Code: projects.code, Name: projects.name })
      .from(projects)
      .where(eq(projects.id, task.projectId));
    const [release] = task.releaseId
      ? await this.db
          .select({ Id: releases.id, Version: releases.version, Name: releases.name })
          .from(releases)
          .where(eq(releases.id, task.releaseId))
      : [];
    const people = [
      ...new Set([...task.assigneeIds, ...task.watcherIds, ...(task.assigneeId ? [task.assigneeId] : [])]),
    ];
    const names = new Map(
      people.length === 0
        ? []
        : (
            await this.db
              .select({ id: users.id, name: users.displayName })
              .from(users)
              .where(inArray(users.id, people))
          ).map((u) => [u.id, u.name] as const),
    );
    const assigned =
      task.assigneeIds.length > 0 ? task.assigneeIds : task.assigneeId ? [task.assigneeId] : [];
    const sameRelease = task.releaseId
      ? await this.db
          .select({ Id: tasks.id, Title: tasks.title, Status: tasks.status })
          .from(tasks)
          .where(and(eq(tasks.releaseId, task.releaseId), ne(tasks.id, id)))
          .orderBy(asc(tasks.title))
          .limit(HISTORY_LIMIT)
      : [];
    return {
      Comments: comments.map((c) => ({
        Id: c.Id,
        Body: c.Body,
        At: c.At.toISOString(),
        UserName: c.UserName ?? '',
        File:
          c.FileId && c.FileName
            ? { Name: c.FileName, Url: this.files.signedPath({ id: c.FileId, name: c.FileName }, 3600) }
            : null,
      })),
      History: history,
      Related: {
        Project: project ?? null,
        Release: release ?? null,
        Assigned: assigned.map((uid) => names.get(uid) ?? `#${uid}`),
        Watchers: task.watcherIds.map((uid) => names.get(uid) ?? `#${uid}`),
        SameRelease: sameRelease,
      },
    };
  }

  /** Adds a comment to a task, with a file uploaded before (its signed link) when given. */
  async addComment(id: number, input: { Body: string; FileUrl?: string | undefined }, actor: Actor) {
    const task = await this.task(id, actor);
    const body = input.Body.trim();
    const link = input.FileUrl?.trim() ?? '';
    if (body === '' && link === '') throw badRequest('Body: write a comment or attach a file');
    let fileId: string | null = null;
    if (link !== '') {
      fileId = this.files.idOfSignedLink(link);
      if (!fileId) throw badRequest('FileUrl: is not a valid link of an uploaded file; upload it again');
      const [file] = await this.db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(eq(storedFiles.id, fileId));
      if (!file) throw badRequest('FileUrl: is not a valid link of an uploaded file; upload it again');
    }
    await this.db.transaction(async (tx) => {
      const [comment] = await tx
        .insert(taskComments)
        .values({ taskId: task.id, userId: actor.user.id, body, fileId })
        .returning({ id: taskComments.id });
      await this.audit.record(
        {
          action: 'task_comment',
          resource: 'Task',
          recordId: task.id,
          userId: actor.user.id,
          ip: actor.ip ?? null,
          details: { comment: comment?.id, ...(fileId ? { file: fileId } : {}) },
        },
        tx as unknown as Database,
      );
    });
    this.events.publish({ type: 'data-changed', data: { APIName: 'Task', Id: task.id } });
    return new Answer(await this.taskActivity(task.id, actor), 'Comment added.');
  }
}
