import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent, type AgentOptions, type RequestOptions } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { blockedAddress } from './address-ranges';

/*
 * The one guard of every request the platform makes to an address someone else chose (a Web Push
 * endpoint today, a webhook tomorrow): docs/rules.md, "Outgoing requests". https only, port 443 only,
 * never an address of this machine or of the networks around it — checked on the URL before anything
 * is sent, and again on the addresses a name resolves to at the moment of connecting (so a name that
 * passed the first check and is then pointed at 127.0.0.1, DNS rebinding, still reaches nothing).
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** The addresses a name has now (every one of them: each is checked). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system's resolver (getaddrinfo: /etc/hosts, then DNS), as the sockets would use it. */
export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** The error of a request the guard stopped before any connection was made (`code` OUTBOUND_REFUSED). */
export class OutboundRefusedError extends Error {
  readonly code = 'OUTBOUND_REFUSED';
  constructor(readonly reason: string) {
    super(`outgoing request refused: ${reason}`);
    this.name = 'OutboundRefusedError';
  }
}

export const isOutboundRefused = (err: unknown): boolean => (err as { code?: unknown } | null)?.code === 'OUTBOUND_REFUSED';

/** Names that are never a public service's: this machine, and single labels or local suffixes a resolver completes inside the network. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/;

/** host:port as the guard compares them: lower case, an IPv6 address without its brackets, the port a number. */
const hostKey = (host: string, port: string | number) => `${host.toLowerCase().replace(/^\[(.*)\]$/, '$1')}:${String(port)}`;

/** `host:port` entries (`127.0.0.1:4443`, `[::1]:4444`, `push.test:443`) as keys; a malformed entry is skipped (the config refuses it first). */
export function parseHostPorts(text: string): Set<string> {
  const keys = new Set<string>();
  for (const entry of text.split(',').map((e) => e.trim()).filter(Boolean)) {
    if (!URL.canParse(`https://${entry}`)) continue;
    const u = new URL(`https://${entry}`);
    keys.add(hostKey(u.hostname, u.port || 443));
  }
  return keys;
}

/** `name=address` entries as a map (tests' names; see OUTBOUND_TEST_HOSTS). */
export function parseStaticHosts(text: string): Map<string, ResolvedAddress[]> {
  const hosts = new Map<string, ResolvedAddress[]>();
  for (const entry of text.split(',').map((e) => e.trim()).filter(Boolean)) {
    const [name, address] = entry.split('=').map((p) => p.trim().replace(/^\[(.*)\]$/, '$1'));
    const family = isIP(address ?? '');
    if (!name || !family) continue;
    const key = name.toLowerCase();
    hosts.set(key, [...(hosts.get(key) ?? []), { address, family: family === 6 ? 6 : 4 }]);
  }
  return hosts;
}

/** A resolver that answers the given names itself and asks `next` for the others. */
export function withStaticHosts(hosts: Map<string, ResolvedAddress[]>, next: Resolver): Resolver {
  if (!hosts.size) return next;
  return (hostname) => {
    const known = hosts.get(hostname.toLowerCase().replace(/\.$/, ''));
    return known ? Promise.resolve(known) : next(hostname);
  };
}

export interface OutboundPolicyOptions {
  /** host:port keys admitted whatever their address and port (tests' own services only: production refuses the setting) */
  allow?: ReadonlySet<string>;
  resolve?: Resolver;
}

/**
 * The policy, with its resolver and the tests' exceptions: the URL check, the check of a name's addresses,
 * and an https.Agent whose every connection is checked when it is made.
 */
export class OutboundPolicy {
  readonly allow: ReadonlySet<string>;
  readonly resolve: Resolver;

  constructor(opts: OutboundPolicyOptions = {}) {
    this.allow = opts.allow ?? new Set();
    this.resolve = opts.resolve ?? systemResolver;
  }

  /** Why this URL may not be requested by its form alone (scheme, port, an address literal, a local name); null: it may be tried. */
  problem(raw: string): string | null {
    if (!URL.canParse(raw)) return 'not a URL';
    const url = new URL(raw);
    if (url.protocol !== 'https:') return 'only https:// is allowed';
    if (url.username || url.password) return 'a URL with a user name or password is not allowed';
    if (this.allow.has(hostKey(url.hostname, url.port || 443))) return null;
    if (url.port !== '') return `only port 443 is allowed (got ${url.port})`;
    return this.hostProblem(url.hostname);
  }

  /**
   * problem(), then the addresses the name has now (a subscription being stored): any one of them refused
   * refuses the URL. A name that does not resolve now passes: it is checked again whenever it is connected to.
   */
  async problemNow(raw: string): Promise<string | null> {
    const problem = this.problem(raw);
    if (problem) return problem;
    const url = new URL(raw);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) || this.allow.has(hostKey(host, url.port || 443))) return null;
    const addresses = await this.resolve(host).catch(() => [] as ResolvedAddress[]);
    // The address itself is not told to the client: only that the name points inside.
    return addresses.some((a) => blockedAddress(a.address)) ? `${host} resolves to an address that is not public` : null;
  }

  /** A host's problem: an address literal in a refused range, or a local name. */
  private hostProblem(hostname: string): string | null {
    const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
    if (isIP(host)) {
      const why = blockedAddress(host);
      return why ? `${host} is in ${why}` : null;
    }
    if (!host.includes('.') || LOCAL_NAME.test(host)) return `${host} is a local name`;
    return null;
  }

  /**
   * The lookup a connection to a name uses: the name's addresses from the resolver, refused (an
   * OutboundRefusedError, no connection) when any one of them is in a refused range.
   */
  lookup(): LookupFunction {
    return (hostname: string, options: LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
      this.resolve(hostname).then(
        (all) => {
          const bad = all.find((a) => blockedAddress(a.address));
          if (bad) return callback(new OutboundRefusedError(`${hostname} resolves to ${bad.address}, in ${blockedAddress(bad.address)}`), '');
          const wanted = options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
          if (!wanted.length) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }), '');
          if (options.all) return callback(null, wanted);
          callback(null, wanted[0].address, wanted[0].family);
        },
        (err: NodeJS.ErrnoException) => callback(err, ''),
      );
    };
  }

  /** An https.Agent that checks every connection it opens: the host and port, and a name's addresses as it connects. */
  agent(options: AgentOptions = {}): Agent {
    return new GuardedAgent(this, options);
  }

  /** Why a connection to host:port may not be opened (before any lookup); null: it may (a name is still checked by `lookup`). */
  connectProblem(host: string, port: string | number): string | null {
    if (this.allow.has(hostKey(host, port))) return null;
    if (Number(port) !== 443) return `only port 443 is allowed (got ${String(port)})`;
    return this.hostProblem(host);
  }

  /** Whether connecting to this host:port goes through the guarded lookup (everything but the tests' own services). */
  guardsLookup(host: string, port: string | number): boolean {
    return !this.allow.has(hostKey(host, port));
  }
}

/**
 * Node connects to an address literal without a lookup, so the agent checks the host and port itself,
 * and gives a name the policy's lookup: its addresses are checked as the socket connects.
 */
class GuardedAgent extends Agent {
  constructor(
    private readonly policy: OutboundPolicy,
    options: AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: RequestOptions, callback?: (err: Error | null, stream: Duplex) => void): Duplex | null | undefined {
    const host = String(options.host ?? options.hostname ?? 'localhost');
    const port = options.port ?? 443;
    const problem = this.policy.connectProblem(host, port);
    if (problem) {
      callback?.(new OutboundRefusedError(problem), undefined as unknown as Duplex);
      return undefined;
    }
    return super.createConnection(this.policy.guardsLookup(host, port) ? { ...options, lookup: this.policy.lookup() } : options, callback);
  }
}

/** The policy as the platform runs it: the system's resolver, with the tests' exceptions of the configuration (OUTBOUND_TEST_ALLOW, OUTBOUND_TEST_HOSTS). */
@Injectable()
export class OutboundGuard extends OutboundPolicy {
  constructor(config: AppConfig) {
    super({ allow: parseHostPorts(config.OUTBOUND_TEST_ALLOW), resolve: withStaticHosts(parseStaticHosts(config.OUTBOUND_TEST_HOSTS), systemResolver) });
  }
}
