import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookAddNew,
  type WebhookDeliveryItem,
  type WebhookEvent,
  type WebhookItem,
} from '@panelwright/contract';
import { and, arrayOverlaps, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { roles, webhookDeliveries, webhooks } from '../../db/schema';
import { Answer } from '../../lib/actions';
import type { AuditService } from '../../lib/audit';
import { BusinessError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secure-random';
import type { AccessService } from '../access/service';
import type { User } from '../sessions/service';
import { signatureHeader } from './signature';
import { checkTarget, guardedLookup, parseTargetUrl, TargetRefused } from './target-address';

type Row = Record<string, unknown>;

/**
 * A change of a record, as every writer hands it to `recordChanges` inside its transaction: the generic
 * protocol's AddNew, UpdateFields and Delete (through the resources' write hook), and any other writer
 * of records (imports, bulk changes) with its own event.
 */
export type WebhookChange = {
  /** The APIName of the resource. */
  resource: string;
  event: WebhookEvent;
  recordId: number | string | null;
  /** The record before the change (null when created). */
  before: Row | null;
  /** The record after the change (null when deleted). */
  after: Row | null;
  /** Who made it (the audit log has the rest). */
  userId?: number | null;
};

/** The event of each change of the generic protocol. */
export const WEBHOOK_EVENT_OF: Record<'AddNew' | 'UpdateFields' | 'Delete', WebhookEvent> = {
  AddNew: 'created',
  UpdateFields: 'updated',
  Delete: 'deleted',
};

export type WebhookOptions = {
  pollMs: number;
  retryBaseMs: number;
  timeoutMs: number;
};

/** Deliveries one worker claims at a time. */
const BATCH = 10;
/** The longest wait between two retries. */
const MAX_RETRY_WAIT_MS = 6 * 60 * 60 * 1000;
/** How much of a receiver's answer is kept in the log. */
const KEPT_ANSWER_CHARS = 300;

/** The outcome of one attempt. */
type Attempt = { code: number | null; error: string | null; ms: number };

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The fields of a record a role may read (the webhook's payload carries no other). */
function readable(row: Row | null, canRead: (field: string) => boolean): Row | null {
  if (!row) return null;
  return Object.fromEntries(
    Object.entries(row).filter(([field]) => !field.startsWith('_') && canRead(field)),
  );
}

/**
 * Webhooks: subscriptions of other systems to the changes of a resource. A change writes one outbox row
 * per matching webhook in its own transaction; each instance's worker claims due rows with
 * `FOR UPDATE SKIP LOCKED` and signs and sends them, retrying with exponential backoff for 24 hours.
 */
export class WebhookService {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly access: AccessService,
    private readonly secrets: SecretBox,
    private readonly audit: AuditService,
    private readonly log: FastifyBaseLogger,
    private readonly options: WebhookOptions,
    /** The canonical APIName of a resource webhooks may follow, or undefined. */
    private readonly targetOf: (apiName: string) => string | undefined,
    /** The APINames of every resource webhooks may follow, for the form's list. */
    private readonly allTargets: () => string[],
    /** Whether targets may be private, loopback or link-local (the `security` settings). */
    private readonly allowPrivate: () => Promise<boolean>,
  ) {}

  // ---- the hook every writer of records calls -------------------------------------------------

  /**
   * Writes the deliveries of changes of one resource into the outbox, in the writer's transaction
   * `tx`: committed with the changes or not at all. The one function every writer of records calls;
   * an import's batch or a bulk action hands all its changes at once (one look-up of the
   * subscriptions and one insert, rather than one of each per record).
   */
  /** Whether an active webhook listens to the resource's changes (else no change needs its rows). */
  async isSubscribed(tx: Database, resource: string): Promise<boolean> {
    const [found] = await tx
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(and(eq(webhooks.target, resource), eq(webhooks.isActive, true)))
      .limit(1);
    return found !== undefined;
  }

  async recordChanges(tx: Database, changes: WebhookChange[]): Promise<void> {
    const resource = changes[0]?.resource;
    if (resource === undefined) return;
    const events = [...new Set(changes.map((change) => change.event))];
    const subscribed = await tx
      .select({ id: webhooks.id, role: webhooks.role, events: webhooks.events })
      .from(webhooks)
      .where(
        and(
          eq(webhooks.target, resource),
          eq(webhooks.isActive, true),
          arrayOverlaps(webhooks.events, events),
        ),
      );
    if (subscribed.length === 0) return;
    const occurredAt = new Date().toISOString();
    const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
    for (const hook of subscribed) {
      const policy = await this.access.policy({ id: 0, roles: [hook.role] });
      // A role that may not see the resource's rows hears nothing of them.
      if (!policy.allows(resource, 'list') && !policy.allows(resource, 'detail')) continue;
      const canRead = (field: string) => policy.canRead(resource, field);
      for (const change of changes) {
        if (change.resource !== resource) throw new Error('recordChanges: changes of one resource only');
        if (!hook.events.includes(change.event)) continue;
        const before = readable(change.before, canRead);
        const after = readable(change.after, canRead);
        const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
        const changed = [...fields]
          .filter(
            (field) => JSON.stringify(before?.[field] ?? null) !== JSON.stringify(after?.[field] ?? null),
          )
          .map((field) => ({ field, old: before?.[field] ?? null, new: after?.[field] ?? null }));
        const id = randomUUID();
        rows.push({
          id,
          webhookId: hook.id,
          event: change.event,
          resource,
          recordId: change.recordId === null ? null : String(change.recordId),
          payload: {
            id,
            event: change.event,
            resource,
            recordId: change.recordId,
            occurredAt,
            record: after ?? before,
            changes: changed,
          },
        });
      }
    }
    for (let start = 0; start < rows.length; start += 500)
      await tx.insert(webhookDeliveries).values(rows.slice(start, start + 500));
  }

  // ---- the worker ------------------------------------------------------------------------------

  /** Starts this instance's worker (every instance runs one; claims never overlap). */
  start(): void {
    if (this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for due deliveries now (after a commit that wrote some). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
  }

  private async drain(): Promise<void> {
    try {
      do {
        this.again = false;
        while (!this.stopped && (await this.deliverDue()) > 0) {}
      } while (this.again && !this.stopped);
    } catch (error) {
      this.log.warn({ err: error }, 'webhook worker: the outbox could not be read');
    }
  }

  /** Stops the worker and waits for the attempts under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /**
   * Claims up to BATCH due deliveries and sends them; answers how many it claimed. The claim pushes
   * `next_attempt_at` past the time an attempt can take, in one statement with SKIP LOCKED: another
   * instance never claims the same row, and a row of a worker that died comes due again by itself.
   */
  async deliverDue(): Promise<number> {
    // An attempt ends within timeoutMs (the timer in `send`): past twice that, its claim has lapsed.
    const leaseMs = this.options.timeoutMs * 2 + 5_000;
    const claimed = (await this.db.execute(sql`
      update ${webhookDeliveries}
         set next_attempt_at = now() + ${leaseMs} * interval '1 millisecond',
             attempts = attempts + 1,
             last_attempt_at = now()
       where id in (
         select id from ${webhookDeliveries}
          where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at
          limit ${BATCH}
          for update skip locked)
      returning id, webhook_id, payload, attempts, give_up_at`)) as unknown as {
      rows: {
        id: string;
        webhook_id: number;
        payload: unknown;
        attempts: number;
        give_up_at: Date | string;
      }[];
    };
    const due = claimed.rows;
    if (due.length === 0) return 0;
    const hooks = await this.db
      .select()
      .from(webhooks)
      .where(inArray(webhooks.id, [...new Set(due.map((d) => d.webhook_id))]));
    const byId = new Map(hooks.map((hook) => [hook.id, hook]));
    const allowPrivate = await this.allowPrivate();
    await Promise.all(
      due.map(async (delivery) => {
        const hook = byId.get(delivery.webhook_id);
        const attempt: Attempt = hook?.isActive
          ? await this.send(hook, delivery.id, delivery.payload, allowPrivate)
          : { code: null, error: 'The webhook is switched off.', ms: 0 };
        await this.settle(delivery, attempt);
      }),
    );
    return due.length;
  }

  private async settle(
    delivery: { id: string; attempts: number; give_up_at: Date | string },
    attempt: Attempt,
  ): Promise<void> {
    const result = {
      responseCode: attempt.code,
      durationMs: Math.round(attempt.ms),
      lastError: attempt.error?.slice(0, KEPT_ANSWER_CHARS) ?? null,
    };
    if (attempt.code !== null && attempt.code >= 200 && attempt.code < 300) {
      await this.db
        .update(webhookDeliveries)
        .set({ ...result, status: 'delivered', deliveredAt: new Date(), lastError: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      return;
    }
    const wait = Math.min(
      MAX_RETRY_WAIT_MS,
      this.options.retryBaseMs * 2 ** Math.max(0, delivery.attempts - 1),
    );
    const next = new Date(Date.now() + wait);
    const giveUp = next.getTime() > new Date(delivery.give_up_at).getTime();
    await this.db
      .update(webhookDeliveries)
      .set({ ...result, ...(giveUp ? { status: 'failed' } : { nextAttemptAt: next }) })
      .where(eq(webhookDeliveries.id, delivery.id));
  }

  /** One signed POST; never follows a redirect, never connects to an address the settings refuse. */
  private async send(
    hook: typeof webhooks.$inferSelect,
    deliveryId: string,
    payload: unknown,
    allowPrivate: boolean,
  ): Promise<Attempt> {
    const started = performance.now();
    const body = JSON.stringify(payload);
    const event = (payload as { event?: string }).event ?? '';
    try {
      const url = parseTargetUrl(hook.url);
      await checkTarget(url, allowPrivate);
      const secret = this.secrets.open(hook.secretSealed);
      const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const code = await new Promise<number>((resolve, reject) => {
        const outgoing = request(
          url,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'user-agent': 'Panelwright-Webhooks/1',
              [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
              [WEBHOOK_DELIVERY_HEADER]: deliveryId,
              'Panelwright-Event': event,
            },
            lookup: guardedLookup(allowPrivate) as never,
          },
          (response: IncomingMessage) => {
            // The answer's body is not needed; it is read and dropped so the connection is freed.
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
            response.on('error', reject);
          },
        );
        // The whole attempt, not only each silence, ends in time: a receiver trickling bytes is cut off.
        const timer = setTimeout(
          () => outgoing.destroy(new Error(`no answer within ${this.options.timeoutMs} ms`)),
          this.options.timeoutMs,
        );
        outgoing.on('close', () => clearTimeout(timer));
        outgoing.on('error', reject);
        outgoing.end(body);
      });
      return {
        code,
        error: code >= 200 && code < 300 ? null : `The receiver answered ${code}.`,
        ms: performance.now() - started,
      };
    } catch (error) {
      return { code: null, error: (error as Error).message, ms: performance.now() - started };
    }
  }

  // ---- administration --------------------------------------------------------------------------

  private async validTarget(input: {
    Target: string;
    Url: string;
  }): Promise<{ target: string; url: string }> {
    const target = this.targetOf(input.Target);
    if (!target) throw new BusinessError(`Target: ${input.Target.slice(0, 64)} is not a resource.`);
    try {
      const url = parseTargetUrl(input.Url);
      await checkTarget(url, await this.allowPrivate());
      return { target, url: url.toString() };
    } catch (error) {
      if (error instanceof TargetRefused) throw new BusinessError(error.message);
      throw error;
    }
  }

  private async validRole(code: string): Promise<string> {
    const [role] = await this.db.select({ code: roles.code }).from(roles).where(eq(roles.code, code));
    if (!role) throw new BusinessError(`Role: ${code.slice(0, 64)} is not a role.`);
    return role.code;
  }

  private item(row: typeof webhooks.$inferSelect): WebhookItem {
    return {
      Id: row.id,
      Name: row.name,
      Target: row.target,
      Events: row.events as WebhookEvent[],
      Url: row.url,
      Role: row.role,
      IsActive: row.isActive,
      CreatedAt: row.createdAt.toISOString(),
    };
  }

  async create(input: WebhookAddNew, admin: User, ip: string | undefined): Promise<Answer<WebhookItem>> {
    const { target, url } = await this.validTarget(input);
    const role = await this.validRole(input.Role ?? admin.roles[0] ?? '');
    const policy = await this.access.policy({ id: 0, roles: [role] });
    if (!policy.allows(target, 'list') && !policy.allows(target, 'detail')) {
      throw new BusinessError(`Role: ${role} may not read ${target}; its webhook would carry nothing.`);
    }
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(webhooks)
        .values({
          name: input.Name ?? '',
          target,
          events: [...new Set(input.Events)],
          url,
          secretSealed: this.secrets.seal(input.Secret),
          role,
          createdBy: admin.id,
        })
        .returning();
      if (!created) throw new Error('webhook insert returned nothing');
      await this.audit.record(
        {
          action: 'webhook_create',
          userId: admin.id,
          ip: ip ?? null,
          resource: 'Webhook',
          recordId: created.id,
          details: { target, events: created.events, url },
        },
        tx as unknown as Database,
      );
      return created;
    });
    return new Answer(this.item(row), 'Added.');
  }

  async update(
    input: Partial<WebhookAddNew> & { Id: number; IsActive?: boolean | undefined },
    admin: User,
    ip: string | undefined,
  ): Promise<Answer<WebhookItem>> {
    const [current] = await this.db.select().from(webhooks).where(eq(webhooks.id, input.Id));
    if (!current) throw new BusinessError('This webhook does not exist any more; reload the list.');
    const set: Partial<typeof webhooks.$inferInsert> = { updatedAt: new Date() };
    if (input.Target !== undefined || input.Url !== undefined) {
      const checked = await this.validTarget({
        Target: input.Target ?? current.target,
        Url: input.Url ?? current.url,
      });
      set.target = checked.target;
      set.url = checked.url;
    }
    if (input.Events !== undefined) set.events = [...new Set(input.Events)];
    if (input.Secret !== undefined) set.secretSealed = this.secrets.seal(input.Secret);
    if (input.Role !== undefined) set.role = await this.validRole(input.Role);
    if (input.Name !== undefined) set.name = input.Name;
    if (input.IsActive !== undefined) set.isActive = input.IsActive;
    const row = await this.db.transaction(async (tx) => {
      const [updated] = await tx.update(webhooks).set(set).where(eq(webhooks.id, input.Id)).returning();
      await this.audit.record(
        {
          action: 'webhook_update',
          userId: admin.id,
          ip: ip ?? null,
          resource: 'Webhook',
          recordId: input.Id,
          details: {
            fields: Object.keys(set).filter((key) => key !== 'secretSealed' && key !== 'updatedAt'),
          },
        },
        tx as unknown as Database,
      );
      return updated;
    });
    if (!row) throw new BusinessError('This webhook does not exist any more; reload the list.');
    return new Answer(this.item(row), 'Saved.');
  }

  async remove(id: number, admin: User, ip: string | undefined): Promise<Answer<boolean>> {
    const deleted = await this.db.transaction(async (tx) => {
      const [row] = await tx.delete(webhooks).where(eq(webhooks.id, id)).returning();
      if (row) {
        await this.audit.record(
          {
            action: 'webhook_delete',
            userId: admin.id,
            ip: ip ?? null,
            resource: 'Webhook',
            recordId: id,
            details: { target: row.target, url: row.url },
          },
          tx as unknown as Database,
        );
      }
      return row;
    });
    if (!deleted) throw new BusinessError('This webhook does not exist any more; reload the list.');
    return new Answer(true, 'Deleted.');
  }

  /** The resources a webhook may follow, by APIName. */
  targets(): string[] {
    return [...this.allTargets()].sort((a, b) => a.localeCompare(b));
  }

  async list(): Promise<WebhookItem[]> {
    const rows = await this.db.select().from(webhooks).orderBy(desc(webhooks.createdAt)).limit(1000);
    return rows.map((row) => this.item(row));
  }

  /** The delivery log, newest first. */
  async deliveries(query: {
    WebhookId?: number | undefined;
    Page: number;
    PageSize: number;
  }): Promise<{ Data: WebhookDeliveryItem[]; Total: number }> {
    const where =
      query.WebhookId === undefined ? undefined : eq(webhookDeliveries.webhookId, query.WebhookId);
    const [total] = await this.db.select({ value: count() }).from(webhookDeliveries).where(where);
    const rows = await this.db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(query.PageSize)
      .offset((query.Page - 1) * query.PageSize);
    return {
      Total: Number(total?.value ?? 0),
      Data: rows.map((row) => ({
        Id: row.id,
        WebhookId: row.webhookId,
        Event: row.event,
        Resource: row.resource,
        RecordId: row.recordId,
        Status: row.status,
        Attempts: row.attempts,
        ResponseCode: row.responseCode,
        DurationMs: row.durationMs,
        LastError: row.lastError,
        CreatedAt: row.createdAt.toISOString(),
        LastAttemptAt: iso(row.lastAttemptAt),
        NextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
        DeliveredAt: iso(row.deliveredAt),
      })),
    };
  }

  /** Sends a delivery again (the same id, so a receiver that has it can still drop it). */
  async redeliver(id: string, admin: User, ip: string | undefined): Promise<Answer<boolean>> {
    const [row] = await this.db
      .update(webhookDeliveries)
      .set({
        status: 'pending',
        nextAttemptAt: new Date(),
        giveUpAt: sql`now() + interval '24 hours'`,
      })
      .where(eq(webhookDeliveries.id, id))
      .returning({ id: webhookDeliveries.id, webhookId: webhookDeliveries.webhookId });
    if (!row) throw new BusinessError('This delivery does not exist any more; reload the list.');
    await this.audit.record({
      action: 'webhook_redeliver',
      userId: admin.id,
      ip: ip ?? null,
      resource: 'Webhook',
      recordId: row.webhookId,
      details: { delivery: id },
    });
    this.wake();
    return new Answer(true, 'The delivery is sent again.');
  }
}
