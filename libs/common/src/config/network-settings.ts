import { isIP } from 'node:net';

/** The two settings read here (AppConfig's, validated at load there; named here so this file needs nothing of it). */
interface NetworkConfig {
  CORS_ORIGINS: string;
  TRUST_PROXY: string;
}

/** TRUST_PROXY and CORS_ORIGINS: the checks beyond their patterns, and the forms Express and socket.io take them in. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of a TRUST_PROXY list: a named range, an address, or address/prefix (or an IPv4 netmask). */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

export function trustProxyProblems(value: string): string[] {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === 'true' || /^\d{1,2}$/.test(v)) return [];
  const bad = v.split(',').map((e) => e.trim()).filter((e) => !isProxyEntry(e));
  return bad.length
    ? [`TRUST_PROXY: must be empty/false, true, a hop count, or a comma-separated list of loopback, linklocal, uniquelocal, addresses and CIDR ranges (bad: ${bad.map((b) => JSON.stringify(b)).join(', ')})`]
    : [];
}

/** Entries the CORS_ORIGINS pattern lets through but a URL parser refuses (e.g. `https://[`). */
export function corsProblems(config: Pick<NetworkConfig, 'CORS_ORIGINS'>): string[] {
  if (!config.CORS_ORIGINS || typeof config.CORS_ORIGINS !== 'string') return [];
  const bad = config.CORS_ORIGINS.split(',').map((o) => o.trim()).filter((o) => o !== '' && !URL.canParse(o));
  return bad.length ? [`CORS_ORIGINS: not an origin: ${bad.map((b) => JSON.stringify(b)).join(', ')}`] : [];
}

/** CORS_ORIGINS as a list (validated at load), each exactly as a browser sends it in Origin. */
export function corsOrigins(config: Pick<NetworkConfig, 'CORS_ORIGINS'>): string[] {
  return config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .map((o) => new URL(o).origin);
}

/** TRUST_PROXY as Express's `trust proxy` setting takes it (validated at load). */
export function trustProxySetting(config: Pick<NetworkConfig, 'TRUST_PROXY'>): boolean | number | string[] {
  const v = config.TRUST_PROXY.trim().toLowerCase();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((e) => e.trim());
}

