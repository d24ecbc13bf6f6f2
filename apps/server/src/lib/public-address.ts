import type { AddressInfo } from 'node:net';

const LOOPBACK_HOSTS = /^(127(?:\.\d{1,3}){3}|::1|localhost)$/i;

/** Whether the server listens only where nobody else can reach it: development on one machine. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.test(host.replace(/^\[|\]$/g, ''));
}

/**
 * The address users reach the product at, for links that leave the server (mail). It never comes from
 * a request: a request's Host or X-Forwarded-Host is whatever the sender wrote, and a reset link built
 * from it would carry the key to the sender's server. It is `PUBLIC_URL`; without it, the listening
 * address when that is a loopback one (development); otherwise there is none and no link is mailed.
 */
export class PublicAddress {
  constructor(
    private readonly publicUrl: string | undefined,
    private readonly host: string,
    private readonly listening: () => AddressInfo | string | null,
  ) {}

  origin(): string | null {
    if (this.publicUrl) return this.publicUrl.replace(/\/+$/, '');
    if (!isLoopbackHost(this.host)) return null;
    const address = this.listening();
    if (!address || typeof address === 'string') return null;
    const host =
      address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  }

  /**
   * The address the product reaches itself at, for the sample API test environment: `PUBLIC_URL`,
   * else the listening host and port (an unspecified host such as 0.0.0.0 is reached on loopback).
   */
  ownOrigin(): string | null {
    if (this.publicUrl) return this.publicUrl.replace(/\/+$/, '');
    const address = this.listening();
    if (!address || typeof address === 'string') return null;
    let host = address.address;
    if (host === '0.0.0.0') host = '127.0.0.1';
    else if (host === '::' || host === '::0') host = '::1';
    return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  }
}
