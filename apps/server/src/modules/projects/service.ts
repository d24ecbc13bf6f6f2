import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiTestCases, appSettings, projectEnvironments, projectMembers } from '../../db/schema';
import { PROJECT_SAMPLES_MARKER, SELF_ENVIRONMENT_PLACEHOLDER } from '../../db/seed/projects';
import { Answer } from '../../lib/actions';
import type { AuditService } from '../../lib/audit';
import { BusinessError, forbidden } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { AccessService } from '../access/service';
import type { Actor, ResourceService, Row } from '../resources/service';

/** A test case answers within this long, or fails. */
export const TEST_RUN_TIMEOUT_MS = 10_000;
/** At most this much of an answer is read. */
const MAX_ANSWER_BYTES = 64 * 1024;

async function drain(response: Response): Promise<void> {
  const reader = response.body?.getReader();
  if (!reader) return;
  let read = 0;
  while (read < MAX_ANSWER_BYTES) {
    const chunk = await reader.read();
    if (chunk.done) return;
    read += chunk.value.byteLength;
  }
  await reader.cancel();
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
  ) {}

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

  async runTestCase(id: number, actor: Actor): Promise<Answer<Row>> {
    const [testCase] = await this.db.select().from(apiTestCases).where(eq(apiTestCases.id, id));
    if (!testCase) throw new BusinessError('This test case does not exist any more; reload the list.');
    // Running a case is its configured action `Run` (a grant's actions), then the project's membership.
    await this.resources.requireNamedAction('ApiTestCase', 'Run', actor);
    if (!(await this.access.isAdministrator(actor.user))) {
      const [member] = await this.db
        .select({ role: projectMembers.role })
        .from(projectMembers)
        .where(
          and(eq(projectMembers.projectId, testCase.projectId), eq(projectMembers.userId, actor.user.id)),
        );
      if (!member || !['owner', 'tester'].includes(member.role)) {
        throw forbidden('Only the project’s owners and testers may run its test cases.');
      }
    }
    if (!testCase.environmentId)
      throw new BusinessError('Choose the environment this test case runs against.');
    const [environment] = await this.db
      .select()
      .from(projectEnvironments)
      .where(eq(projectEnvironments.id, testCase.environmentId));
    if (!environment) throw new BusinessError('The environment of this test case does not exist any more.');
    const url = new URL(testCase.path, environment.baseUrl.replace(/\/+$/, '/'));
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new BusinessError('Only http and https addresses can be tested.');

    const started = Date.now();
    let status: number | null = null;
    let problem = '';
    try {
      const hasBody = testCase.method !== 'GET' && testCase.requestBody.trim() !== '';
      const response = await fetch(url, {
        method: testCase.method,
        headers: hasBody ? { 'content-type': 'application/json' } : {},
        ...(hasBody ? { body: testCase.requestBody } : {}),
        // The answer of the address itself is tested; it must not send the server elsewhere.
        redirect: 'manual',
        signal: AbortSignal.timeout(TEST_RUN_TIMEOUT_MS),
      });
      status = response.status;
      await drain(response);
    } catch (error) {
      problem =
        (error as Error).name === 'TimeoutError' ? 'no answer within 10 s' : 'the address did not answer';
    }
    const ms = Date.now() - started;
    const passed = status === testCase.expectedStatus;
    await this.db.transaction(async (tx) => {
      await tx
        .update(apiTestCases)
        .set({
          lastStatus: status,
          lastResult: passed ? 'pass' : 'fail',
          lastRunAt: new Date(),
          updatedAt: new Date(),
          updatedBy: actor.user.id,
        })
        .where(eq(apiTestCases.id, id));
      await this.audit.record(
        {
          action: 'test_run',
          resource: 'ApiTestCase',
          recordId: id,
          userId: actor.user.id,
          ip: actor.ip ?? null,
          details: { url: url.toString(), status, passed, ms },
        },
        tx as unknown as Database,
      );
    });
    this.events.publish({ type: 'data-changed', data: { APIName: 'ApiTestCase', Id: id } });
    const row = await this.resources.detail('ApiTestCase', id, actor);
    const msg = passed
      ? `Passed: ${status} in ${ms} ms.`
      : status === null
        ? `Failed: ${problem}.`
        : `Failed: expected ${testCase.expectedStatus}, got ${status}.`;
    return new Answer(row, msg);
  }
}
