/**
 * Co-location at one table (SPEC 5: "linked accounts at one table is the strongest
 * signal"). A peek at one opponent needs that opponent's screen: the two are in one
 * room, on one network, or one account is the cheater's second device. For every pair
 * seated at one table, the sessions the two accounts opened during that game (sign-ins
 * and socket connections: user_sessions) say whether they shared
 * - a device (the hash of a client fingerprint),
 * - an IP address,
 * - a network (IPv4 /24, IPv6 /64),
 * - or alternated on one address (device or IP) within minutes (A, then B, then A).
 * Evidence accumulates per pair over the window; the signal tests how often the pair was
 * co-located against how often an honest pair can be (see `coLocationSignal`). Pure: the
 * worker gathers the sessions (apps/worker/src/anticheat), the evaluation simulates them.
 */

/** One recorded session of an account: when, from which IP, on which device (hash). */
export interface SessionObservation {
  userId: string;
  /** epoch ms */
  at: number;
  ip: string | null;
  fingerprintHash: string | null;
}

export type CoLocationLevel = 'device' | 'alternating' | 'ip' | 'network';

/** Order of strength: the strongest level a game reached is its level. */
export const CO_LOCATION_LEVELS: readonly CoLocationLevel[] = ['device', 'alternating', 'ip', 'network'];

/** What one game of a pair showed. */
export interface PairGameCoLocation {
  device: boolean;
  ip: boolean;
  network: boolean;
  alternating: boolean;
  /** the strongest level reached, or null when the two were not co-located */
  level: CoLocationLevel | null;
  /** shared identifiers (reviewers only): IPs, networks, device hashes (first 12 hex digits) */
  sharedIps: string[];
  sharedNetworks: string[];
  sharedDevices: string[];
  /** switches between the two accounts on one address within `alternationMs` */
  switches: number;
  /** the two accounts' sessions on a shared identifier, oldest first */
  timeline: { at: number; userId: string; ip: string | null; network: string | null; device: string | null }[];
}

export interface CoLocationOptions {
  /** two sessions on one address closer than this count as a switch between accounts */
  alternationMs: number;
  /** switches on one address that make a game "alternating" (A → B → A is 2) */
  minSwitches: number;
}

export const DEFAULT_CO_LOCATION_OPTIONS: CoLocationOptions = { alternationMs: 10 * 60_000, minSwitches: 2 };

/** Sessions that count for a game: opened from `leadMs` before its start to its end. */
export const SESSION_LEAD_MS = 30 * 60_000;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4Octets(ip: string): number[] | null {
  const m = IPV4.exec(ip);
  if (!m) return null;
  const o = m.slice(1, 5).map(Number);
  return o.every((x) => x <= 255) ? o : null;
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail included), or null. */
function ipv6Groups(ip: string): number[] | null {
  let v = ip.toLowerCase();
  const zone = v.indexOf('%');
  if (zone >= 0) v = v.slice(0, zone);
  if (!/^[0-9a-f:.]+$/.test(v) || !v.includes(':')) return null;
  const lastColon = v.lastIndexOf(':');
  const last = v.slice(lastColon + 1);
  if (last.includes('.')) {
    const o = ipv4Octets(last);
    if (!o) return null;
    v = `${v.slice(0, lastColon + 1)}${((o[0] << 8) | o[1]).toString(16)}:${((o[2] << 8) | o[3]).toString(16)}`;
  }
  const halves = v.split('::');
  if (halves.length > 2) return null;
  const parse = (s: string): number[] | null => {
    if (s === '') return [];
    const parts = s.split(':');
    if (parts.some((p) => p === '' || p.length > 4)) return null;
    return parts.map((p) => parseInt(p, 16));
  };
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  if (!head || !rest) return null;
  const known = head.length + rest.length;
  if (halves.length === 1 && known !== 8) return null;
  if (halves.length === 2 && known > 7) return null;
  return [...head, ...new Array<number>(8 - known).fill(0), ...rest];
}

/**
 * Addresses that say nothing about where a client is: loopback, unspecified, link-local and
 * private ranges (RFC 1918, IPv6 unique-local) — the server sees them through a proxy it does
 * not trust (then everyone has the proxy's address) or on its own LAN, never as a household's
 * public address. Unparseable addresses are uninformative too.
 */
export function isInformativeIp(ip: string | null | undefined): boolean {
  if (!ip) return false;
  const o = ipv4Octets(ip);
  if (o) {
    const [a, b] = o;
    return !(a === 0 || a === 127 || a === 10 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168));
  }
  const g = ipv6Groups(ip);
  if (!g) return false;
  if (g.every((x) => x === 0) || (g.slice(0, 7).every((x) => x === 0) && g[7] === 1)) return false; // :: and ::1
  if ((g[0] & 0xfe00) === 0xfc00 || (g[0] & 0xffc0) === 0xfe80) return false; // fc00::/7, fe80::/10
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return isInformativeIp(`${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`);
  return true;
}

/** The network of an address: IPv4 → "a.b.c.0/24", IPv6 → its /64 prefix ("2001:db8:1:2::/64"); null when unparseable. */
export function networkOf(ip: string): string | null {
  const o = ipv4Octets(ip);
  if (o) return `${o[0]}.${o[1]}.${o[2]}.0/24`;
  const g = ipv6Groups(ip);
  if (!g) return null;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return networkOf(`${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`);
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

const deviceLabel = (hash: string): string => hash.slice(0, 12);

/**
 * Whether two accounts were co-located during one game, from their sessions in the game's
 * window (the caller picks the window: `SESSION_LEAD_MS` before the start to the end).
 * Only informative addresses count (`isInformativeIp`).
 */
export function coLocateGame(a: readonly SessionObservation[], b: readonly SessionObservation[], opts: CoLocationOptions = DEFAULT_CO_LOCATION_OPTIONS): PairGameCoLocation {
  const ips = (xs: readonly SessionObservation[]): Set<string> => new Set(xs.flatMap((s) => (s.ip && isInformativeIp(s.ip) ? [s.ip] : [])));
  const nets = (xs: Set<string>): Set<string> => new Set([...xs].flatMap((ip) => networkOf(ip) ?? []));
  const devices = (xs: readonly SessionObservation[]): Set<string> => new Set(xs.flatMap((s) => (s.fingerprintHash ? [s.fingerprintHash] : [])));
  const ipA = ips(a);
  const ipB = ips(b);
  const sharedIps = [...ipA].filter((x) => ipB.has(x)).sort();
  const netB = nets(ipB);
  const sharedNetworks = [...nets(ipA)].filter((x) => netB.has(x)).sort();
  const devB = devices(b);
  const sharedDeviceHashes = [...devices(a)].filter((x) => devB.has(x)).sort();
  const sharedIpSet = new Set(sharedIps);
  const sharedNetSet = new Set(sharedNetworks);
  const sharedDevSet = new Set(sharedDeviceHashes);

  // switches: consecutive sessions on one address (IP or device) by different accounts, close in time
  const all = [...a, ...b].slice().sort((x, y) => x.at - y.at || (x.userId < y.userId ? -1 : 1));
  let switches = 0;
  const lastOn = new Map<string, SessionObservation>();
  for (const s of all) {
    const keys = [...(s.ip && sharedIpSet.has(s.ip) ? [`ip:${s.ip}`] : []), ...(s.fingerprintHash && sharedDevSet.has(s.fingerprintHash) ? [`fp:${s.fingerprintHash}`] : [])];
    let switched = false;
    for (const k of keys) {
      const prev = lastOn.get(k);
      if (prev && prev.userId !== s.userId && s.at - prev.at <= opts.alternationMs) switched = true;
      lastOn.set(k, s);
    }
    if (switched) switches++;
  }

  const timeline = all
    .filter((s) => (s.ip && (sharedIpSet.has(s.ip) || sharedNetSet.has(networkOf(s.ip) ?? ''))) || (s.fingerprintHash && sharedDevSet.has(s.fingerprintHash)))
    .map((s) => ({
      at: s.at,
      userId: s.userId,
      ip: s.ip && isInformativeIp(s.ip) ? s.ip : null,
      network: s.ip && isInformativeIp(s.ip) ? networkOf(s.ip) : null,
      device: s.fingerprintHash && sharedDevSet.has(s.fingerprintHash) ? deviceLabel(s.fingerprintHash) : null,
    }));
  const device = sharedDeviceHashes.length > 0;
  const ip = sharedIps.length > 0;
  const network = sharedNetworks.length > 0;
  const alternating = switches >= opts.minSwitches;
  const level: CoLocationLevel | null = device ? 'device' : alternating ? 'alternating' : ip ? 'ip' : network ? 'network' : null;
  return { device, ip, network, alternating, level, sharedIps, sharedNetworks, sharedDevices: sharedDeviceHashes.map(deviceLabel), switches, timeline };
}

/** A pair's co-location evidence over the window: the games together and how many of them were co-located, by level. */
export interface CoLocationEvidence {
  /** the two user ids, sorted */
  users: [string, string];
  gamesTogether: number;
  /** games together at which the two were co-located (any level) */
  colocatedGames: number;
  /** games at each strongest level */
  levels: Record<CoLocationLevel, number>;
  /** every shared identifier seen (reviewers only) */
  ips: string[];
  networks: string[];
  devices: string[];
  /** the co-located games, oldest first: game, time, level and what was shared */
  games: { gameId: string; at: number; level: CoLocationLevel; ips: string[]; networks: string[]; devices: string[]; switches: number }[];
}

export function emptyCoLocationEvidence(a: string, b: string): CoLocationEvidence {
  return { users: a < b ? [a, b] : [b, a], gamesTogether: 0, colocatedGames: 0, levels: { device: 0, alternating: 0, ip: 0, network: 0 }, ips: [], networks: [], devices: [], games: [] };
}

const union = (xs: string[], ys: string[]): string[] => [...new Set([...xs, ...ys])].sort();

/** Adds one game together (co-located or not) to a pair's evidence (in place; returns it). */
export function addCoLocationGame(ev: CoLocationEvidence, gameId: string, at: number, g: PairGameCoLocation): CoLocationEvidence {
  ev.gamesTogether++;
  if (!g.level) return ev;
  ev.colocatedGames++;
  ev.levels[g.level]++;
  ev.ips = union(ev.ips, g.sharedIps);
  ev.networks = union(ev.networks, g.sharedNetworks);
  ev.devices = union(ev.devices, g.sharedDevices);
  ev.games.push({ gameId, at, level: g.level, ips: g.sharedIps, networks: g.sharedNetworks, devices: g.sharedDevices, switches: g.switches });
  return ev;
}
