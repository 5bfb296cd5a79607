/**
 * Which IP addresses the page fetcher may connect to. Anything that is not plainly a public unicast
 * address is refused: loopback, private, link-local, carrier-grade NAT, cloud metadata, multicast,
 * reserved, documentation and benchmarking ranges (IANA's special-purpose registries), and every
 * IPv6 form that carries an IPv4 address inside it (mapped, compatible, NAT64, 6to4, SIIT) is judged
 * by that IPv4 address.
 */
import net from 'node:net';

type Range4 = readonly [base: string, prefix: number, why: string];

const BLOCKED_V4: readonly Range4[] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.31.196.0', 24, 'AS112'],
  ['192.52.193.0', 24, 'AMT'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['192.175.48.0', 24, 'AS112'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
  // A public address that answers only inside Azure, like 169.254.169.254 elsewhere.
  ['168.63.129.16', 32, 'metadata'],
];

type Range6 = readonly [base: bigint, prefix: number];

/** Global unicast is 2000::/3; these parts of it are special too. */
const BLOCKED_GLOBAL_V6: readonly (readonly [string, number, string])[] = [
  ['2001::', 23, 'IETF protocol assignments (Teredo, benchmarking, ORCHID)'],
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
  ['5f00::', 16, 'SRv6'],
];

function v4ToInt(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function inRange4(value: number, base: string, prefix: number): boolean {
  const size = 2 ** (32 - prefix);
  const start = v4ToInt(base);
  return value >= start && value < start + size;
}

/** A 128-bit IPv6 address as a bigint; the input must be valid (net.isIPv6) and without a zone. */
function v6ToBigInt(address: string): bigint {
  let text = address.toLowerCase();
  // A trailing dotted quad (::ffff:1.2.3.4) becomes two hextets.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4ToInt(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headParts = head ? head.split(':') : [];
  const tailParts = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = [...headParts, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailParts];
  return parts.reduce((n, part) => (n << 16n) | BigInt(parseInt(part, 16)), 0n);
}

function prefixOf(value: bigint, prefix: number): bigint {
  return value >> BigInt(128 - prefix);
}

function inRange6(value: bigint, [base, prefix]: Range6): boolean {
  return prefixOf(value, prefix) === prefixOf(base, prefix);
}

function intToV4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

const V6 = (text: string, prefix: number): Range6 => [v6ToBigInt(text), prefix];
const MAPPED = V6('::ffff:0:0', 96);
const SIIT = V6('::ffff:0:0:0', 96);
const COMPATIBLE = V6('::', 96);
const NAT64 = V6('64:ff9b::', 96);
const SIX_TO_FOUR = V6('2002::', 16);
const GLOBAL_UNICAST = V6('2000::', 3);
const BLOCKED_GLOBAL = BLOCKED_GLOBAL_V6.map(([base, prefix, why]) => [V6(base, prefix), why] as const);

function v4Reason(address: string): string | undefined {
  const value = v4ToInt(address);
  return BLOCKED_V4.find(([base, prefix]) => inRange4(value, base, prefix))?.[2];
}

function v6Reason(address: string): string | undefined {
  const value = v6ToBigInt(address);
  const low32 = Number(value & 0xffffffffn);
  if (value === 0n) return 'unspecified';
  if (value === 1n) return 'loopback';
  // Forms that carry an IPv4 address: the IPv4 address decides.
  if (inRange6(value, MAPPED) || inRange6(value, SIIT) || inRange6(value, NAT64)) {
    const inner = v4Reason(intToV4(low32));
    return inner && `embedded IPv4 ${inner}`;
  }
  if (inRange6(value, COMPATIBLE)) return 'IPv4-compatible (deprecated)';
  if (inRange6(value, SIX_TO_FOUR)) {
    const inner = v4Reason(intToV4(Number((value >> 80n) & 0xffffffffn)));
    return inner && `6to4 embedded IPv4 ${inner}`;
  }
  // Outside global unicast: unique local (fc00::/7, with AWS's metadata fd00:ec2::254), link-local,
  // site-local, multicast, the discard prefix, the local-use NAT64 prefix and the unassigned rest.
  if (!inRange6(value, GLOBAL_UNICAST)) return 'not global unicast';
  return BLOCKED_GLOBAL.find(([range]) => inRange6(value, range))?.[1];
}

/**
 * Why the fetcher must not connect to `address` (for logs only), or undefined when it may. Anything
 * that is not a valid IP address is refused.
 */
export function blockedAddressReason(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (net.isIPv4(bare)) return v4Reason(bare);
  if (net.isIPv6(bare)) return v6Reason(bare);
  return 'not an IP address';
}

export function isPublicAddress(address: string): boolean {
  return blockedAddressReason(address) === undefined;
}
