import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, isNotNull, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import {
  auditLog,
  authFailures,
  authRefusals,
  exceptionLogs,
  files,
  knownSignInAddresses,
  mailOutbox,
  notifications,
  oneTimeCodes,
  passwordResetTokens,
  sessions,
  webhookDeliveries,
} from '../../db/schema';
import { THROTTLE_RULES, THROTTLE_WINDOW_MS } from '../../lib/throttle';
import type { FilesService } from '../files/service';
import type { SettingsService } from '../settings/service';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** How often each instance runs the job; deleting is idempotent, so instances need not agree. */
export const RETENTION_INTERVAL_MS = HOUR_MS;
/** Rows deleted per statement, so that a first run over a large table never holds long locks. */
const BATCH = 5_000;
/** Reset keys and e-mail codes live minutes; a day after they expired they serve nothing. */
const SPENT_SECRET_DAYS = 1;
/** An address the owner has not signed in from for this long is a new place again (docs/reliability.md). */
const KNOWN_ADDRESS_DAYS = 180;
/** Webhook deliveries stay in the delivery log this long once delivered or given up (docs/integrations.md). */
const WEBHOOK_DELIVERY_DAYS = 30;
/** A half-written upload or export left by a crash. */
const TEMP_FILE_HOURS = 24;

export type PurgeReport = Record<string, number>;

/**
 * Keeps every table that grows by itself bounded: the retention periods of the settings (row
 * `retention`) decide how long the audit log, reported errors, mail, sessions, exports and
 * notifications are kept; spent reset keys and codes, and throttling counts, go once they can no
 * longer matter. Runs at start and every hour on each instance.
 */
export class RetentionService {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<PurgeReport> | null = null;

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly files: FilesService,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    const run = () => {
      this.purge().catch((error: unknown) => this.log.warn({ err: error }, 'retention job failed'));
    };
    run();
    this.timer = setInterval(run, RETENTION_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  /** Deletes what is past its time; answers how many rows of each kind went. One run at a time. */
  purge(): Promise<PurgeReport> {
    this.running ??= this.purgeOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async purgeOnce(): Promise<PurgeReport> {
    const { retention } = await this.settings.load();
    const now = this.now();
    const before = (ms: number) => new Date(now - ms);
    const report: PurgeReport = {
      auditLog: await this.deleteBatched(
        auditLog,
        auditLog.id,
        lt(auditLog.at, before(retention.auditDays * DAY_MS)),
      ),
      exceptionLogs: await this.deleteBatched(
        exceptionLogs,
        exceptionLogs.id,
        lt(exceptionLogs.at, before(retention.exceptionDays * DAY_MS)),
      ),
      mail: await this.deleteBatched(
        mailOutbox,
        mailOutbox.id,
        and(
          lt(mailOutbox.createdAt, before(retention.mailDays * DAY_MS)),
          sql`${mailOutbox.status} <> 'queued'`,
        ),
      ),
      sessions: await this.deleteBatched(
        sessions,
        sessions.id,
        or(
          lt(sessions.expiresAt, before(retention.sessionDays * DAY_MS)),
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before(retention.sessionDays * DAY_MS))),
        ),
      ),
      notifications: await this.deleteBatched(
        notifications,
        sql`${notifications.id}`,
        lt(notifications.createdAt, before(retention.notificationDays * DAY_MS)),
      ),
      resetKeys: await this.deleteBatched(
        passwordResetTokens,
        passwordResetTokens.id,
        lt(passwordResetTokens.expiresAt, before(SPENT_SECRET_DAYS * DAY_MS)),
      ),
      oneTimeCodes: await this.deleteBatched(
        oneTimeCodes,
        oneTimeCodes.id,
        lt(oneTimeCodes.expiresAt, before(SPENT_SECRET_DAYS * DAY_MS)),
      ),
      throttleAttempts: await this.deleteBatched(
        authFailures,
        authFailures.id,
        olderThanItsWindow(authFailures.kind, authFailures.at, before),
      ),
      throttleRefusals: await this.deleteAll(
        authRefusals,
        olderThanItsWindow(authRefusals.kind, authRefusals.lastAt, before),
      ),
      knownAddresses: await this.deleteAll(
        knownSignInAddresses,
        lt(knownSignInAddresses.lastAt, before(KNOWN_ADDRESS_DAYS * DAY_MS)),
      ),
      webhookDeliveries: await this.deleteBatched(
        webhookDeliveries,
        webhookDeliveries.id,
        and(
          lt(webhookDeliveries.createdAt, before(WEBHOOK_DELIVERY_DAYS * DAY_MS)),
          sql`${webhookDeliveries.status} <> 'pending'`,
        ),
      ),
      exports: await this.purgeExports(before(retention.exportHours * HOUR_MS)),
      tempFiles: await this.purgeTempFiles(before(TEMP_FILE_HOURS * HOUR_MS)),
    };
    const total = Object.values(report).reduce((sum, count) => sum + count, 0);
    if (total > 0) this.log.info({ purged: report }, 'retention: old rows and files deleted');
    return report;
  }

  /** Deletes matching rows a batch at a time; `id` is the table's key. */
  private async deleteBatched(
    table: PgTable,
    id: SQL | { name: string },
    where: SQL | undefined,
  ): Promise<number> {
    let deleted = 0;
    for (;;) {
      const result = (await this.db.execute(sql`
        delete from ${table} where ${id} in (select ${id} from ${table} where ${where} limit ${BATCH})
      `)) as unknown as { rowCount?: number | null; affectedRows?: number };
      const count = Number(result.rowCount ?? result.affectedRows ?? 0);
      deleted += count;
      if (count < BATCH) return deleted;
    }
  }

  private async deleteAll(table: PgTable, where: SQL | undefined): Promise<number> {
    const result = (await this.db.execute(sql`delete from ${table} where ${where}`)) as unknown as {
      rowCount?: number | null;
      affectedRows?: number;
    };
    return Number(result.rowCount ?? result.affectedRows ?? 0);
  }

  /** Exports past their time: rows first, then their bytes (a file without a row is never served). */
  private async purgeExports(olderThan: Date): Promise<number> {
    const old = await this.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.kind, 'export'), lt(files.createdAt, olderThan)))
      .limit(BATCH);
    if (old.length === 0) return 0;
    const keys = await this.files.removeRows(old.map((file) => file.id));
    await this.files.discardBytes(keys);
    return old.length;
  }

  private async purgeTempFiles(olderThan: Date): Promise<number> {
    const dir = join(this.files.root, 'tmp');
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const path = join(dir, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtime < olderThan) {
        await rm(path, { force: true, recursive: true });
        removed++;
      }
    }
    return removed;
  }
}

/** A throttle row no rule looks at any more: each kind is kept as long as its rule looks back. */
function olderThanItsWindow(kind: PgColumn, at: PgColumn, before: (ms: number) => Date): SQL | undefined {
  return or(
    ...Object.entries(THROTTLE_RULES).map(([name, rule]) =>
      and(eq(kind, name), lt(at, before(rule.windowMs))),
    ),
    and(notInArray(kind, Object.keys(THROTTLE_RULES)), lt(at, before(THROTTLE_WINDOW_MS))),
  );
}
