import { isIP } from 'node:net';

/**
 * The addresses no outgoing request of the platform may reach (docs/rules.md, "Outgoing requests"): this
 * machine, the private networks around it, link-local (the cloud metadata service, 169.254.169.254),
 * multicast and the reserved ranges. A name is judged by every address it resolves to, each here.
 */
const V4_RANGES: [cidr: string, what: string][] = [
  ['0.0.0.0/8', '"this network"'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'shared address space (carrier-grade NAT)'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local (cloud metadata)'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.0.2.0/24', 'documentation'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved and broadcast'],
];

/** IPv6 ranges refused outright; the ones that carry an IPv4 address (mapped, NAT64, 6to4) are judged by it instead (EMBEDDING). */
const V6_RANGES: [cidr: string, what: string][] = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['::/96', 'IPv4-compatible (deprecated)'],
  ['64:ff9b:1::/48', 'local-use NAT64'],
  ['100::/64', 'discard-only'],
  ['2001::/32', 'Teredo (hides its IPv4 address)'],
  ['2001:db8::/32', 'documentation'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local (deprecated)'],
  ['ff00::/8', 'multicast'],
];

/** IPv6 ranges that carry an IPv4 address: the prefix, and where the 32 bits sit (bits from the right). */
const EMBEDDING: [cidr: string, shift: bigint][] = [
  ['::ffff:0:0/96', 0n], // IPv4-mapped
  ['64:ff9b::/96', 0n], // NAT64, well-known prefix
  ['2002::/16', 80n], // 6to4: 2002:AABB:CCDD::/48
];

/** An IPv4 address as a number (0 … 2^32-1); null unless four decimal parts. */
function v4Number(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** An IPv6 address as a 128-bit number (a zone such as %eth0 dropped; an IPv4 tail read); null when malformed. */
function v6Number(text: string): bigint | null {
  let s = text.split('%')[0].toLowerCase();
  const tail = s.slice(s.lastIndexOf(':') + 1);
  if (tail.includes('.')) {
    const v4 = v4Number(tail);
    if (v4 === null) return null;
    s = `${s.slice(0, s.length - tail.length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

interface Range {
  base: bigint;
  bits: bigint;
  width: bigint;
}

function range(cidr: string, width: 32 | 128): Range {
  const [address, bits] = cidr.split('/');
  const base = width === 32 ? BigInt(v4Number(address)!) : v6Number(address)!;
  return { base, bits: BigInt(bits), width: BigInt(width) };
}

const inRange = (n: bigint, r: Range) => n >> (r.width - r.bits) === r.base >> (r.width - r.bits);

const V4 = V4_RANGES.map(([cidr, what]) => ({ range: range(cidr, 32), label: `${cidr} (${what})` }));
const V6 = V6_RANGES.map(([cidr, what]) => ({ range: range(cidr, 128), label: `${cidr} (${what})` }));
const V6_EMBEDDING = EMBEDDING.map(([cidr, shift]) => ({ cidr, range: range(cidr, 128), shift }));

function blockedV4(n: number): string | null {
  return V4.find((r) => inRange(BigInt(n), r.range))?.label ?? null;
}

/**
 * Why an address may not be reached — the range it is in, e.g. `127.0.0.0/8 (loopback)` — or null for a
 * public address. Anything that is not an IP address is refused too. An IPv6 address that carries an IPv4
 * one (::ffff:a.b.c.d, 64:ff9b::a.b.c.d, 6to4) is judged by the IPv4 address.
 */
export function blockedAddress(address: string): string | null {
  const text = address.trim().replace(/^\[(.*)\]$/, '$1');
  const family = isIP(text);
  if (family === 4) return blockedV4(v4Number(text)!);
  if (family !== 6) return 'not an IP address';
  const n = v6Number(text);
  if (n === null) return 'not an IP address';
  for (const e of V6_EMBEDDING) {
    if (!inRange(n, e.range)) continue;
    const inner = Number((n >> e.shift) & 0xffffffffn);
    const why = blockedV4(inner);
    return why ? `${e.cidr} carrying ${why}` : null;
  }
  return V6.find((r) => inRange(n, r.range))?.label ?? null;
}
