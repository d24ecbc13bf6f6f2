import { createHmac } from 'node:crypto';

/**
 * The `Panelwright-Signature` header of a delivery, as Stripe signs its own: the time of sending and
 * the HMAC-SHA256 of "<t>.<body>" under the webhook's secret, in hex. A receiver recomputes it over
 * the raw body and refuses an old `t` (docs/integrations.md shows one).
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
