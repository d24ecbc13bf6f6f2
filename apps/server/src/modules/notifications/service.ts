import { randomUUID } from 'node:crypto';
import type {
  NotificationEvent,
  NotificationItem,
  NotificationList,
  notificationSendRequestSchema,
} from '@panelwright/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { notifications, users } from '../../db/schema';
import type { AuditService } from '../../lib/audit';
import { BusinessError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { PushService } from '../push/service';

export type SendInput = z.output<typeof notificationSendRequestSchema>;

type NotificationRow = typeof notifications.$inferSelect;

function toItem(row: NotificationRow): NotificationItem {
  return {
    Id: row.id,
    Title: row.title,
    Body: row.body,
    Url: row.url,
    CreatedAt: row.createdAt.toISOString(),
    IsRead: row.isRead,
  };
}

/**
 * Notifications: stored per recipient with a read flag, announced on the live hub, and pushed to
 * the recipients' browsers.
 */
export class NotificationService {
  constructor(
    private readonly db: Database,
    private readonly events: EventBus,
    private readonly push: PushService,
    private readonly audit: AuditService,
  ) {}

  async list(userId: number, take: number, unreadOnly: boolean): Promise<NotificationList> {
    const conditions = [eq(notifications.userId, userId)];
    if (unreadOnly) conditions.push(eq(notifications.isRead, false));
    const [rows, unread] = await Promise.all([
      this.db
        .select()
        .from(notifications)
        .where(and(...conditions))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(take),
      this.unreadCount(userId),
    ]);
    return { Items: rows.map(toItem), Unread: unread };
  }

  async markRead(userId: number, ids: string[] | 'all'): Promise<{ Updated: number; Unread: number }> {
    const conditions = [eq(notifications.userId, userId), eq(notifications.isRead, false)];
    if (ids !== 'all') conditions.push(inArray(notifications.id, ids));
    const updated = await this.db
      .update(notifications)
      .set({ isRead: true, readAt: new Date() })
      .where(and(...conditions))
      .returning({ id: notifications.id });
    return { Updated: updated.length, Unread: await this.unreadCount(userId) };
  }

  /** Stores the notification for its recipients, then announces and pushes it; answers its id and reach. */
  async send(senderId: number, input: SendInput, ip: string): Promise<{ Id: string; Recipients: number }> {
    const recipients = await this.recipients(input.UserIds);
    const id = randomUUID();
    // now() of the transaction: every row shares it, and its microseconds keep sends in order.
    const createdAt = await this.db.transaction(async (tx) => {
      let stamp: Date | undefined;
      for (let start = 0; start < recipients.length; start += 1000) {
        const inserted = await tx
          .insert(notifications)
          .values(
            recipients.slice(start, start + 1000).map((userId) => ({
              id,
              userId,
              title: input.Title,
              body: input.Body,
              url: input.Url,
              sentBy: senderId,
            })),
          )
          .returning({ createdAt: notifications.createdAt });
        stamp ??= inserted[0]?.createdAt;
      }
      // In the same transaction: a notification is never sent without its audit row, nor the reverse.
      await this.audit.record(
        {
          action: 'notification_send',
          userId: senderId,
          ip,
          recordId: id,
          details: { recipients: recipients.length, title: input.Title },
        },
        tx as unknown as Database,
      );
      return stamp ?? new Date();
    });
    const event: NotificationEvent = {
      Id: id,
      Title: input.Title,
      Body: input.Body,
      Url: input.Url,
      CreatedAt: createdAt.toISOString(),
    };
    // Without UserIds it went to every active user: the hub then sends it to every stream.
    this.events.publish({
      type: 'notification',
      data: event,
      ...(input.UserIds ? { userIds: recipients } : {}),
    });
    this.push.notify(recipients, event);
    return { Id: event.Id, Recipients: recipients.length };
  }

  /** The active users a notification goes to; an id that is not one of them is a mistake worth saying. */
  private async recipients(userIds: number[] | undefined): Promise<number[]> {
    const active = eq(users.isDisabled, false);
    const where = userIds ? and(active, inArray(users.id, [...new Set(userIds)])) : active;
    const rows = await this.db.select({ id: users.id }).from(users).where(where);
    const found = rows.map((row) => row.id);
    if (userIds) {
      const missing = [...new Set(userIds)].filter((id) => !found.includes(id));
      if (missing.length > 0) {
        throw new BusinessError(`No active user has the id ${missing.slice(0, 20).join(', ')}.`);
      }
    }
    if (found.length === 0) throw new BusinessError('There is no active user to notify.');
    return found;
  }

  private async unreadCount(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ value: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
    return row?.value ?? 0;
  }
}
