import { z } from 'zod';

/** `notification` event of the notification hub. */
export const notificationEventSchema = z.object({
  Id: z.string(),
  Title: z.string(),
  Body: z.string(),
  Url: z.string(),
  CreatedAt: z.string(),
});
/** `notification` event of the notification hub. */
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** `data-changed` event of the notification hub. */
export const dataChangedEventSchema = z.object({
  APIName: z.string(),
  Id: z.union([z.string(), z.number()]),
});
/** `data-changed` event of the notification hub. */
export type DataChangedEvent = z.infer<typeof dataChangedEventSchema>;

/**
 * `comments-changed` event of the notification hub, to the users who may read the resource: a
 * record's comment thread changed (a comment was added or deleted); an open thread reads it again.
 */
export const commentsChangedEventSchema = z.object({ APIName: z.string(), Id: z.number().int() });
/** `comments-changed` event of the notification hub. */
export type CommentsChangedEvent = z.infer<typeof commentsChangedEventSchema>;

/**
 * `config-changed` event of the notification hub, to every signed-in browser: a new configuration
 * version is live; routes, menus and texts are read again.
 */
export const configChangedEventSchema = z.object({ Version: z.number().int().nonnegative() });
/** `config-changed` event of the notification hub. */
export type ConfigChangedEvent = z.infer<typeof configChangedEventSchema>;

/**
 * `export-progress` event of the notification hub, to the user whose export is under way: rows
 * written so far of `Total` (sent as each batch is written, and once at the start with 0).
 */
export const exportProgressEventSchema = z.object({
  APIName: z.string(),
  Rows: z.number().int().nonnegative(),
  Total: z.number().int().nonnegative(),
});
/** `export-progress` event of the notification hub. */
export type ExportProgressEvent = z.infer<typeof exportProgressEventSchema>;

/** Where a notification leads: a path of the app, or an http(s) address; never a script URL. */
const notificationUrlSchema = z
  .string()
  .max(2048)
  .refine((value) => value === '' || /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/i.test(value), {
    message: 'must be empty, a path starting with / or an http(s) address',
  });

/** A notification as its recipient holds it (`Notification/List`). */
export const notificationItemSchema = notificationEventSchema.extend({ IsRead: z.boolean() });
/** A notification as its recipient holds it. */
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** `Notification/List` body: the latest `Take` notifications of the caller. */
export const notificationListRequestSchema = z.object({
  Take: z.number().int().min(1).max(100).default(20),
  UnreadOnly: z.boolean().default(false),
});
/** `Notification/List` answer data: the latest notifications, newest first, and the unread count. */
export const notificationListSchema = z.object({
  Items: z.array(notificationItemSchema),
  Unread: z.number().int(),
});
/** `Notification/List` answer data. */
export type NotificationList = z.infer<typeof notificationListSchema>;

/** `Notification/MarkRead` body: some notifications by id, or all of the caller's. */
export const notificationMarkReadRequestSchema = z
  .object({
    Ids: z.array(z.guid()).min(1).max(500).optional(),
    All: z.boolean().optional(),
  })
  .refine((body) => (body.Ids !== undefined) !== (body.All === true), {
    message: 'send either Ids or All: true',
  });
/** `Notification/MarkRead` answer data: how many changed, and the unread count after. */
export const notificationMarkReadResultSchema = z.object({
  Updated: z.number().int(),
  Unread: z.number().int(),
});

/** `Notification/Send` body (administrators): to the users listed, or to every active user. */
export const notificationSendRequestSchema = z.object({
  Title: z.string().trim().min(1).max(200),
  Body: z.string().max(2000).default(''),
  Url: notificationUrlSchema.default(''),
  UserIds: z.array(z.number().int().positive()).min(1).max(1000).optional(),
});
/** `Notification/Send` answer data: the notification's id and how many users received it. */
export const notificationSendResultSchema = z.object({ Id: z.string(), Recipients: z.number().int() });

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** A browser's Web Push subscription, as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url()
    .max(2048)
    .refine(
      (value) => {
        // Refinements run even after z.url() failed, so the parse may still throw here.
        try {
          const url = new URL(value);
          return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.test(url.hostname));
        } catch {
          return false;
        }
      },
      { message: 'must be an https address (http only on this machine)' },
    ),
  /** Milliseconds since 1970 when the browser will drop the subscription, if it says. */
  expirationTime: z.number().int().min(0).max(8.64e15).nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, uncompressed, base64url. */
    p256dh: z.string().regex(/^B[A-Za-z0-9_+/-]{86}=?$/, 'must be a base64url P-256 public key'),
    /** The 16-byte auth secret, base64url. */
    auth: z.string().regex(/^[A-Za-z0-9_+/-]{22}(==)?$/, 'must be a base64url 16-byte secret'),
  }),
});
/** A browser's Web Push subscription. */
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** `PushSubscription/Save` body. */
export const pushSubscriptionSaveRequestSchema = z.object({ Subscription: pushSubscriptionSchema });
/** `PushSubscription/Delete` body: the browser's endpoint, or nothing for all of the caller's. */
export const pushSubscriptionDeleteRequestSchema = z.object({ Endpoint: z.string().max(2048).optional() });
