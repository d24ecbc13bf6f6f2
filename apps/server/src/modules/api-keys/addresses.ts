import { BlockList, isIP } from 'node:net';

/**
 * `203.0.113.7` or `10.0.0.0/8` in its canonical form, or null when it is neither an address nor a
 * range (a prefix length beyond the family's bits included).
 */
export function parseAddressRule(rule: string): string | null {
  const [address, bits, ...rest] = rule.trim().split('/');
  if (!address || rest.length > 0) return null;
  const family = isIP(address);
  if (family === 0) return null;
  if (bits === undefined) return address;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128)) return null;
  return `${address}/${Number(bits)}`;
}

/** Whether an address is the rule's address or falls within its range. */
export function addressMatches(rule: string, address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const [base, bits] = rule.split('/');
  if (!base) return false;
  const ruleFamily = isIP(base);
  if (ruleFamily === 0) return false;
  const list = new BlockList();
  const type = ruleFamily === 4 ? 'ipv4' : 'ipv6';
  if (bits === undefined) list.addAddress(base, type);
  else list.addSubnet(base, Number(bits), type);
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
