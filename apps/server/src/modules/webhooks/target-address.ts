import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless the administrator allows it: the host itself (loopback),
 * private networks, link-local (cloud metadata services live at 169.254.169.254), carrier-grade NAT,
 * "this network", multicast and reserved ranges, and IPv4 mapped into IPv6.
 */
const NOT_PUBLIC = new BlockList();
for (const [base, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(base, bits, 'ipv4');
}
for (const [base, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  NOT_PUBLIC.addSubnet(base, bits, 'ipv6');
}

/** Whether an address is on the public internet (false for loopback, private, link-local…). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return isPublicAddress(mapped[1]);
    return !NOT_PUBLIC.check(address, 'ipv6');
  }
  return !NOT_PUBLIC.check(address, 'ipv4');
}

export class TargetRefused extends Error {}

/** The URL of a target, if it is http(s) without credentials; else the refusal in words. */
export function parseTargetUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TargetRefused('Url: must be a full http:// or https:// address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TargetRefused('Url: only http:// and https:// addresses can receive webhooks.');
  }
  if (url.username || url.password) {
    throw new TargetRefused('Url: must not hold a user name or password; sign with the secret instead.');
  }
  return url;
}

/** The host of a URL as DNS and `isIP` read it (`[::1]` → `::1`). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves the target's host and refuses it when an address it resolves to is not public (unless
 * allowed). Checked when a webhook is saved and again on every delivery, at connection time
 * (`guardedLookup`), so that a name re-pointed at an inside address later is refused too.
 */
export async function checkTarget(url: URL, allowPrivate: boolean): Promise<void> {
  const host = hostOf(url);
  const addresses =
    isIP(host) !== 0
      ? [host]
      : await new Promise<string[]>((resolve, reject) =>
          dnsLookup(host, { all: true }, (error, found) =>
            error
              ? reject(new TargetRefused(`Url: ${host} does not resolve.`))
              : resolve(found.map((a) => a.address)),
          ),
        );
  if (allowPrivate) return;
  const inside = addresses.find((address) => !isPublicAddress(address));
  if (inside !== undefined) {
    throw new TargetRefused(
      `Url: ${host} is a private, loopback or link-local address (${inside}); an administrator may allow such targets in the security settings (webhookAllowPrivate).`,
    );
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for http.request that refuses to connect to an address that is not public. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const inside = list.find((entry) => !isPublicAddress(entry.address));
      if (!allowPrivate && inside) {
        return callback(
          Object.assign(
            new Error(`refused: ${hostname} resolves to ${inside.address}, not a public address`),
            {
              code: 'EPRIVATE',
            },
          ),
          [],
        );
      }
      const all = (options as { all?: boolean }).all === true;
      if (all) return callback(null, list);
      const first = list[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}
