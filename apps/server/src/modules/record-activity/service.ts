import {
  COMMENT_PAGE,
  type CommentList,
  type HistoryChange,
  type HistoryEntry,
  type HistoryKind,
  type HistoryList,
  type MentionableUser,
  mentionedNames,
  type RecordComment,
} from '@panelwright/contract';
import { and, asc, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { auditLog, recordComments, users } from '../../db/schema';
import { normalizeLanguage, translateMessage } from '../../i18n';
import type { AuditService } from '../../lib/audit';
import { BusinessError, forbidden, HttpError, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { NotificationService } from '../notifications/service';
import type { Actor, Allowed, ResourceService, Row } from '../resources/service';

/** The audit actions that are a record's own story, and what each is in the timeline. */
const HISTORY_ACTIONS: Record<string, HistoryKind> = {
  record_create: 'create',
  record_update: 'update',
  record_delete: 'delete',
};

/** Entries one history call answers (newest first); `More` says there are older ones. */
const HISTORY_PAGE = 200;
/** Users the mention picker offers at once. */
const MENTION_CHOICES = 8;
/** Candidates read for the picker before those who may not read the record are left out. */
const MENTION_CANDIDATES = 40;
/** The longest excerpt of a comment a notification carries. */
const NOTICE_EXCERPT = 200;

type AuditDetails = { changes?: { field?: unknown; old?: unknown; new?: unknown }[]; operation?: unknown };

const nameOf = (user: { username: string | null; displayName: string | null }) =>
  user.displayName || user.username || '';

/** `like` pattern of a prefix typed by a user: its own `%` and `_` are literal. */
const prefixPattern = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/**
 * A record's history (its changes as the audit log holds them) and its comment thread with
 * @mentions. Everything goes through the one access check of the record (`requireRecord` with the
 * Detail grant and its row rule): who may read the record may read its history and its comments
 * and comment on it; fields hidden from the caller stay out of the history.
 */
export class RecordActivityService {
  constructor(
    private readonly db: Database,
    private readonly resources: ResourceService,
    private readonly notifications: NotificationService,
    private readonly audit: AuditService,
    private readonly events: EventBus,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** The record as the caller may read it (a 404 for an unknown resource; "does not exist" outside their rows). */
  private async record(apiName: string, id: number, actor: Actor): Promise<Allowed & { row: Row }> {
    if (!this.resources.registry.get(apiName)) throw notFound(`Api ${apiName} not found`);
    return this.resources.requireRecord(apiName, 'Detail', id, actor);
  }

  /** Whether a user may read the record (the mention picker, and who a mention notifies). */
  private async canRead(apiName: string, id: number, user: { id: number; roles: string[] }) {
    try {
      await this.resources.requireRecord(apiName, 'Detail', id, { user });
      return true;
    } catch (error) {
      if (error instanceof HttpError || error instanceof BusinessError) return false;
      throw error;
    }
  }

  async history(apiName: string, id: number, actor: Actor): Promise<HistoryList> {
    const { resource, policy } = await this.record(apiName, id, actor);
    const rows = await this.db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        details: auditLog.details,
        username: users.username,
        displayName: users.displayName,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(
        and(
          eq(auditLog.resource, resource.apiName),
          eq(auditLog.recordId, String(id)),
          inArray(auditLog.action, Object.keys(HISTORY_ACTIONS)),
          eq(auditLog.outcome, 'success'),
        ),
      )
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(HISTORY_PAGE + 1);
    const page = rows.slice(0, HISTORY_PAGE);
    // An option's value reads as its text. A list that grows (a relation's other side, categories...)
    // is read for the values of this page only (one query a list), never whole.
    const valuesOf = new Map<string, unknown[]>();
    for (const row of page) {
      for (const change of ((row.details ?? {}) as AuditDetails).changes ?? []) {
        const column = typeof change.field === 'string' ? resource.byField.get(change.field) : undefined;
        const source = column?.source;
        if (!source || column.hidden || !policy.canRead(resource.apiName, column.field)) continue;
        const values = valuesOf.get(source) ?? [];
        for (const value of [change.old, change.new].flat()) {
          if (value !== null && value !== undefined && value !== '') values.push(value);
        }
        valuesOf.set(source, values);
      }
    }
    const load = this.resources.loadOptions(resource, actor);
    const optionText = new Map<string, Map<string, string>>();
    for (const [source, values] of valuesOf) {
      const options = values.length > 0 ? await load(source, values) : [];
      optionText.set(source, new Map(options.map((option) => [String(option.Value), option.Text])));
    }
    const textOf = (source: string, value: unknown): unknown => {
      if (value === null || value === undefined || value === '') return value;
      const texts = optionText.get(source);
      const shown = (one: unknown) => texts?.get(String(one)) ?? one;
      return Array.isArray(value) ? value.map(shown) : shown(value);
    };
    const items: HistoryEntry[] = [];
    for (const row of page) {
      const kind = HISTORY_ACTIONS[row.action] as HistoryKind;
      const details = (row.details ?? {}) as AuditDetails;
      const changes: HistoryChange[] = [];
      for (const change of details.changes ?? []) {
        const column = typeof change.field === 'string' ? resource.byField.get(change.field) : undefined;
        // Only the declared fields the caller may read: a hidden field's old value is as hidden as its new.
        if (!column || column.hidden || !policy.canRead(resource.apiName, column.field)) continue;
        const old = change.old ?? null;
        const now = change.new ?? null;
        if (kind === 'update' && JSON.stringify(old) === JSON.stringify(now)) continue;
        changes.push({
          Field: column.field,
          Header: column.header,
          Old: column.source ? textOf(column.source, old) : old,
          New: column.source ? textOf(column.source, now) : now,
          // A record's name (a category's, a user's) is data: the web shows it as written.
          ...(column.source && resource.declaration.options?.[column.source]?.data ? { Verbatim: true } : {}),
        });
      }
      // A change of nothing the caller may see is no entry of theirs.
      if (kind === 'update' && changes.length === 0) continue;
      items.push({
        Id: row.id,
        At: row.at.toISOString(),
        Kind: kind,
        UserName: nameOf(row),
        ...(typeof details.operation === 'string' ? { Operation: details.operation } : {}),
        Changes: changes,
      });
    }
    return { Items: items, More: rows.length > HISTORY_PAGE };
  }

  /**
   * One page of the record's thread: the latest `take` comments, or the `take` before the comment
   * `before` (a long thread is read backwards a page at a time), oldest first in the page.
   */
  async comments(
    apiName: string,
    id: number,
    actor: Actor,
    page: { before?: number; take: number } = { take: COMMENT_PAGE },
  ): Promise<CommentList> {
    const { resource, policy } = await this.record(apiName, id, actor);
    const latest = await this.db
      .select({
        id: recordComments.id,
        at: recordComments.createdAt,
        userId: recordComments.userId,
        body: recordComments.body,
        mentions: recordComments.mentions,
        username: users.username,
        displayName: users.displayName,
      })
      .from(recordComments)
      .leftJoin(users, eq(users.id, recordComments.userId))
      .where(
        and(
          eq(recordComments.resource, resource.apiName),
          eq(recordComments.recordId, String(id)),
          page.before === undefined ? undefined : lt(recordComments.id, page.before),
        ),
      )
      .orderBy(desc(recordComments.id))
      .limit(page.take + 1);
    const rows = latest.slice(0, page.take).reverse();
    const mentioned = [...new Set(rows.flatMap((row) => row.mentions))];
    const people = new Map(
      (mentioned.length === 0
        ? []
        : await this.db
            .select({ id: users.id, username: users.username, displayName: users.displayName })
            .from(users)
            .where(inArray(users.id, mentioned))
      ).map((user) => [user.id, user]),
    );
    return {
      Items: rows.map(
        (row): RecordComment => ({
          Id: row.id,
          At: row.at.toISOString(),
          UserId: row.userId,
          UserName: row.username ?? '',
          DisplayName: row.displayName ?? '',
          Body: row.body,
          Mentions: row.mentions.flatMap((userId) => {
            const user = people.get(userId);
            return user ? [{ Id: user.id, UserName: user.username, DisplayName: user.displayName }] : [];
          }),
          CanDelete: row.userId === actor.user.id || policy.isAdmin,
        }),
      ),
      More: latest.length > page.take,
    };
  }

  /** The active users whose name starts with `search` and who may read the record. */
  async mentionable(apiName: string, id: number, search: string, actor: Actor): Promise<MentionableUser[]> {
    const { resource } = await this.record(apiName, id, actor);
    const conditions: SQL[] = [eq(users.isDisabled, false)];
    if (search !== '') {
      const pattern = prefixPattern(search);
      const word = `% ${pattern}`;
      conditions.push(
        sql`(lower(${users.username}) like ${pattern} or lower(${users.displayName}) like ${pattern} or lower(${users.displayName}) like ${word})`,
      );
    }
    const candidates = await this.db
      .select({ id: users.id, roles: users.roles, username: users.username, displayName: users.displayName })
      .from(users)
      .where(and(...conditions))
      .orderBy(asc(sql`lower(${users.username})`))
      .limit(MENTION_CANDIDATES);
    const chosen: MentionableUser[] = [];
    for (const user of candidates) {
      if (chosen.length >= MENTION_CHOICES) break;
      if (!(await this.canRead(resource.apiName, id, user))) continue;
      chosen.push({ Id: user.id, UserName: user.username, DisplayName: user.displayName });
    }
    return chosen;
  }

  /**
   * Adds a comment; its `@username` mentions of active users who may read the record are kept with
   * it and told (in their language, in their notifications, live and by push). A mention of anyone
   * else is plain text: a comment tells nobody of a record they may not read.
   */
  async add(
    input: { APIName: string; Id: number; Body: string; Url: string },
    actor: Actor,
  ): Promise<{ comment: RecordComment; notified: number }> {
    const { resource } = await this.record(input.APIName, input.Id, actor);
    const names = mentionedNames(input.Body);
    const found =
      names.length === 0
        ? []
        : await this.db
            .select({
              id: users.id,
              roles: users.roles,
              username: users.username,
              displayName: users.displayName,
              language: users.languageCode,
            })
            .from(users)
            .where(and(eq(users.isDisabled, false), inArray(sql`lower(${users.username})`, names)));
    const mentioned: typeof found = [];
    for (const user of found) {
      if (await this.canRead(resource.apiName, input.Id, user)) mentioned.push(user);
    }
    const created = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(recordComments)
        .values({
          resource: resource.apiName,
          recordId: String(input.Id),
          userId: actor.user.id,
          body: input.Body,
          mentions: mentioned.map((user) => user.id),
        })
        .returning({ id: recordComments.id, at: recordComments.createdAt });
      if (!row) throw new Error('the comment could not be stored');
      await this.audit.record(
        {
          action: 'record_comment',
          resource: resource.apiName,
          recordId: input.Id,
          userId: actor.user.id,
          ip: actor.ip ?? null,
          details: { comment: row.id, mentions: mentioned.map((user) => user.id) },
        },
        tx as unknown as Database,
      );
      return row;
    });
    this.announce(resource.apiName, input.Id);
    const [author] = await this.db
      .select({ username: users.username, displayName: users.displayName })
      .from(users)
      .where(eq(users.id, actor.user.id));
    const authorName = author ? nameOf(author) : '';
    const told = mentioned.filter((user) => user.id !== actor.user.id);
    await this.tell(told, {
      author: authorName,
      title: resource.title,
      id: input.Id,
      body: input.Body,
      url: input.Url,
      actor,
    }).catch((error: unknown) =>
      // The comment is stored: a notice that cannot go must not make it a failure for its author.
      this.log.warn({ err: error, resource: resource.apiName }, 'a mention could not be notified'),
    );
    return {
      comment: {
        Id: created.id,
        At: created.at.toISOString(),
        UserId: actor.user.id,
        UserName: author?.username ?? '',
        DisplayName: author?.displayName ?? '',
        Body: input.Body,
        Mentions: mentioned.map((user) => ({
          Id: user.id,
          UserName: user.username,
          DisplayName: user.displayName,
        })),
        CanDelete: true,
      },
      notified: told.length,
    };
  }

  /** Tells the mentioned users, each in their language (one notification per language). */
  private async tell(
    people: { id: number; language: string }[],
    what: { author: string; title: string; id: number; body: string; url: string; actor: Actor },
  ): Promise<void> {
    const byLanguage = new Map<string, number[]>();
    for (const person of people) {
      const language = normalizeLanguage(person.language);
      byLanguage.set(language, [...(byLanguage.get(language) ?? []), person.id]);
    }
    const excerpt =
      what.body.length > NOTICE_EXCERPT ? `${what.body.slice(0, NOTICE_EXCERPT - 1)}…` : what.body;
    for (const [language, userIds] of byLanguage) {
      const say = (text: string) => translateMessage(text, normalizeLanguage(language));
      const title = say(`${what.author} mentioned you on ${say(what.title)} #${what.id}`);
      await this.notifications.send(
        what.actor.user.id,
        { Title: title.slice(0, 200), Body: excerpt, Url: what.url, UserIds: userIds },
        what.actor.ip ?? '',
      );
    }
  }

  /** Deletes a comment: its author's, or any for an administrator. */
  async remove(input: { APIName: string; Id: number; CommentId: number }, actor: Actor): Promise<void> {
    const { resource, policy } = await this.record(input.APIName, input.Id, actor);
    await this.db.transaction(async (tx) => {
      const [comment] = await tx
        .select({ userId: recordComments.userId })
        .from(recordComments)
        .where(
          and(
            eq(recordComments.id, input.CommentId),
            eq(recordComments.resource, resource.apiName),
            eq(recordComments.recordId, String(input.Id)),
          ),
        )
        .for('update');
      if (!comment) throw new BusinessError('This comment does not exist any more.');
      if (comment.userId !== actor.user.id && !policy.isAdmin)
        throw forbidden('Only its author or an administrator may delete a comment.');
      await tx.delete(recordComments).where(eq(recordComments.id, input.CommentId));
      await this.audit.record(
        {
          action: 'record_comment_delete',
          resource: resource.apiName,
          recordId: input.Id,
          userId: actor.user.id,
          ip: actor.ip ?? null,
          details: { comment: input.CommentId },
        },
        tx as unknown as Database,
      );
    });
    this.announce(resource.apiName, input.Id);
  }

  /** Tells the open threads of the record (those who may read the resource) that it changed. */
  private announce(apiName: string, id: number): void {
    this.events.publish({ type: 'comments-changed', data: { APIName: apiName, Id: id } });
  }

  /** Deleted records take their threads with them (in the deletion's transaction). */
  forgetDeleted(): (
    changes: { action: string; id: number }[],
    tx: Database,
    apiName: string,
  ) => Promise<void> {
    return async (changes, tx, apiName) => {
      const deleted = changes
        .filter((change) => change.action === 'Delete')
        .map((change) => String(change.id));
      if (deleted.length === 0) return;
      await tx
        .delete(recordComments)
        .where(and(eq(recordComments.resource, apiName), inArray(recordComments.recordId, deleted)));
    };
  }
}
