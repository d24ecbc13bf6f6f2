import type { NotificationEvent, PushSubscriptionJson } from '@panelwright/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { appSettings, pushSubscriptions } from '../../db/schema';

/** The settings key of the VAPID key pair every instance signs pushes with. */
export const VAPID_SETTING_KEY = 'vapid_keys';
/** Subscriptions one user may keep (browsers and devices); the oldest go first. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;
/** How long a push service may keep an undelivered push (seconds). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** How long one push request may take before it counts as failed. */
const PUSH_TIMEOUT_MS = 10_000;
/** Push requests in flight at once, so a large send does not open hundreds of sockets. */
const PUSH_CONCURRENCY = 8;
/** Push services take 4 KB of payload; the encryption adds about 100 bytes. */
export const MAX_PUSH_PAYLOAD_BYTES = 3_800;
/** How long closing the server waits for pushes under way before it cuts them off. */
const CLOSE_WAIT_MS = 2_000;

/** The notification as JSON, its body shortened when the whole would not fit in a push. */
export function pushPayload(event: NotificationEvent): string {
  const full = JSON.stringify(event);
  if (Buffer.byteLength(full) <= MAX_PUSH_PAYLOAD_BYTES) return full;
  // Code points, so that no emoji is cut in half; the longest body that fits is found by halving.
  const chars = Array.from(event.Body);
  const withBody = (kept: number) => JSON.stringify({ ...event, Body: `${chars.slice(0, kept).join('')}…` });
  let [fits, fails] = [0, chars.length];
  while (fails - fits > 1) {
    const middle = Math.floor((fits + fails) / 2);
    if (Buffer.byteLength(withBody(middle)) <= MAX_PUSH_PAYLOAD_BYTES) fits = middle;
    else fails = middle;
  }
  return withBody(fits);
}

const vapidKeysSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });
type VapidKeys = z.infer<typeof vapidKeysSchema>;
type Subscription = typeof pushSubscriptions.$inferSelect;
export type PushOutcome = 'sent' | 'gone' | 'failed';

/**
 * Web Push: the VAPID key pair (made on the first start and kept in the settings table, so that all
 * instances sign alike and browsers' subscriptions survive restarts), the browsers' subscriptions,
 * and the sending. web-push signs and encrypts; the request itself goes out through fetch, which
 * speaks http to a loopback test receiver as well as https to the real push services.
 */
export class PushService {
  private keys: Promise<VapidKeys> | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly closing = new AbortController();
  private readonly subject: string;

  constructor(
    private readonly db: Database,
    config: { publicUrl: string | undefined; adminEmail: string | undefined },
    private readonly log: FastifyBaseLogger,
  ) {
    // Push services may contact the subject about abuse; web-push accepts https: and mailto: only.
    this.subject = config.publicUrl?.startsWith('https:')
      ? config.publicUrl
      : `mailto:${config.adminEmail ?? 'admin@panelwright.invalid'}`;
  }

  async vapidPublicKey(): Promise<string> {
    return (await this.vapidKeys()).publicKey;
  }

  private vapidKeys(): Promise<VapidKeys> {
    this.keys ??= this.loadOrCreateKeys().catch((error: unknown) => {
      this.keys = undefined;
      throw error;
    });
    return this.keys;
  }

  private async loadOrCreateKeys(): Promise<VapidKeys> {
    // Instances starting together may each generate a pair; the first insert wins and all read it back.
    const generated = webpush.generateVAPIDKeys();
    await this.db
      .insert(appSettings)
      .values({ key: VAPID_SETTING_KEY, value: generated })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(appSettings).where(eq(appSettings.key, VAPID_SETTING_KEY));
    const stored = vapidKeysSchema.safeParse(row?.value);
    if (!stored.success) throw new Error(`the ${VAPID_SETTING_KEY} setting is not a VAPID key pair`);
    return stored.data;
  }

  /** Stores a browser's subscription for the user; a browser another user had signed in on changes hands. */
  async save(
    userId: number,
    subscription: PushSubscriptionJson,
    userAgent: string | undefined,
  ): Promise<true> {
    const now = new Date();
    const values = {
      userId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      expiresAt:
        typeof subscription.expirationTime === 'number' ? new Date(subscription.expirationTime) : null,
      userAgent: userAgent?.slice(0, 512) ?? null,
      updatedAt: now,
    };
    await this.db.transaction(async (tx) => {
      await tx
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
      const kept = await tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.updatedAt), asc(pushSubscriptions.id));
      const excess = kept.slice(0, Math.max(0, kept.length - MAX_SUBSCRIPTIONS_PER_USER)).map((r) => r.id);
      if (excess.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, excess));
    });
    return true;
  }

  /** Removes the caller's subscription of that endpoint, or all of the caller's without one. */
  async remove(userId: number, endpoint: string | undefined): Promise<{ Deleted: number }> {
    const conditions = [eq(pushSubscriptions.userId, userId)];
    if (endpoint !== undefined) conditions.push(eq(pushSubscriptions.endpoint, endpoint));
    const deleted = await this.db
      .delete(pushSubscriptions)
      .where(and(...conditions))
      .returning({ id: pushSubscriptions.id });
    return { Deleted: deleted.length };
  }

  /**
   * Pushes a notification to every subscription of these users, in the background: the sender's call
   * does not wait for push services. `idle()` waits for what is under way (shutdown, tests).
   */
  notify(userIds: readonly number[], payload: NotificationEvent): void {
    if (userIds.length === 0 || this.closing.signal.aborted) return;
    const run = this.deliverAll(userIds, pushPayload(payload)).catch((error: unknown) => {
      this.log.error({ err: error }, 'push delivery failed');
    });
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  /** Resolves when no push is under way. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Server shutdown: gives pushes under way a moment, then aborts the rest; takes no new ones. */
  async close(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.idle(), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
    this.closing.abort();
    await this.idle();
  }

  private async deliverAll(userIds: readonly number[], payload: string): Promise<void> {
    const subscriptions: Subscription[] = [];
    for (let start = 0; start < userIds.length; start += 1000) {
      subscriptions.push(
        ...(await this.db
          .select()
          .from(pushSubscriptions)
          .where(inArray(pushSubscriptions.userId, userIds.slice(start, start + 1000)))),
      );
    }
    if (subscriptions.length === 0) return;
    const keys = await this.vapidKeys();
    const outcomes: Record<PushOutcome, number> = { sent: 0, gone: 0, failed: 0 };
    const gone: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < subscriptions.length && !this.closing.signal.aborted) {
        const subscription = subscriptions[next++] as Subscription;
        const outcome = await this.deliver(subscription, payload, keys);
        outcomes[outcome]++;
        if (outcome === 'gone') gone.push(subscription.endpoint);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, subscriptions.length) }, worker));
    if (gone.length > 0) {
      await this.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, gone));
    }
    this.log.info(outcomes, 'push notifications delivered');
  }

  private async deliver(subscription: Subscription, payload: string, keys: VapidKeys): Promise<PushOutcome> {
    const host = new URL(subscription.endpoint).host;
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: { subject: this.subject, ...keys },
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
        },
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        // fetch computes the length itself from the body.
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        // A plain view of the bytes: both the Node and the DOM typings accept it.
        body: request.body === null ? null : new Uint8Array(request.body),
        // A push service answers; it does not send us elsewhere.
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(PUSH_TIMEOUT_MS), this.closing.signal]),
      });
      await response.body?.cancel();
      if (response.status >= 200 && response.status < 300) return 'sent';
      // RFC 8030 §7.3: the subscription expired or was removed; it will never work again.
      if (response.status === 404 || response.status === 410) return 'gone';
      this.log.warn({ host, status: response.status }, 'push service refused a push');
      return 'failed';
    } catch (error) {
      // The endpoint's path is a capability URL: only its host is logged.
      this.log.warn({ host, error: (error as Error).message }, 'push could not be sent');
      return 'failed';
    }
  }
}
