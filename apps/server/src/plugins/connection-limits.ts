import type { Server } from 'node:http';
import { BlockList, isIPv4, type Socket } from 'node:net';

/** The ranges behind proxy-addr's names, so that TRUST_PROXY may use them here too. */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** The trusted proxies of TRUST_PROXY as a set to test addresses against. */
export function trustedProxySet(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [network, bits, family] of named) list.addSubnet(network, bits, family);
      continue;
    }
    const [address = '', bits] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

/** `::ffff:1.2.3.4` is the IPv4 client 1.2.3.4 on a dual-stack socket. */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIPv4(address) ? 'ipv4' : 'ipv6' };
}

/**
 * At most `perAddress` open connections per client address: one client holding thousands of slow
 * requests open cannot keep others out. Connections from trusted proxies are not counted (every client
 * behind them shares their address; the proxy enforces its own limits). A connection over the limit is
 * closed at once, before any byte is read.
 */
export function limitConnectionsPerAddress(server: Server, perAddress: number, trusted: BlockList): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const remote = socket.remoteAddress;
    if (!remote) return;
    const { address, family } = plainAddress(remote);
    if (trusted.check(address, family)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
