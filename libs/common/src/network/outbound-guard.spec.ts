import { randomBytes } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { request } from 'node:https';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { loadConfig } from '../config/app-config';
import { OutboundGuard, OutboundPolicy, parseHostPorts, type ResolvedAddress, type Resolver } from './outbound-guard';

const PUBLIC: ResolvedAddress = { address: '93.184.215.14', family: 4 };
const LOOPBACK: ResolvedAddress = { address: '127.0.0.1', family: 4 };

/** A resolver that answers from a table, and counts what it was asked. */
function table(answers: Record<string, ResolvedAddress[] | Error>): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = (hostname: string) => {
    asked.push(hostname);
    const a = answers[hostname] ?? Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
  };
  return Object.assign(resolve, { asked });
}

/** What one request through the agent ends in: its error code, or the status. */
function attempt(agent: ReturnType<OutboundPolicy['agent']>, host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const req = request({ host, port, path: '/', method: 'POST', agent, timeout: 3000, rejectUnauthorized: false }, (res) => resolve(`HTTP ${res.statusCode}`));
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end();
  });
}

describe('the outbound-request guard', () => {
  describe('a URL, by its form', () => {
    const policy = new OutboundPolicy({ resolve: table({}) });

    it.each([
      ['http://fcm.googleapis.com/fcm/send/x', 'only https://'],
      ['https://fcm.googleapis.com:8443/x', 'only port 443'],
      ['https://user:pw@fcm.googleapis.com/x', 'user name or password'],
      ['https://127.0.0.1/x', '127.0.0.0/8 (loopback)'],
      ['https://2130706433/x', '127.0.0.0/8'],
      ['https://0x7f.0.0.1/x', '127.0.0.0/8'],
      ['https://[::1]/x', '::1/128'],
      ['https://[::ffff:127.0.0.1]/x', '127.0.0.0/8'],
      ['https://169.254.169.254/latest/meta-data', '169.254.0.0/16'],
      ['https://10.1.2.3/x', '10.0.0.0/8'],
      ['https://192.168.1.10/x', '192.168.0.0/16'],
      ['https://[fd00::1]/x', 'fc00::/7'],
      ['https://localhost/x', 'local name'],
      ['https://LOCALHOST./x', 'local name'],
      ['https://api.localhost/x', 'local name'],
      ['https://redis/x', 'local name'],
      ['https://printer.local/x', 'local name'],
      ['not a url', 'not a URL'],
    ])('%s is refused (%s)', (url, why) => {
      expect(policy.problem(url)).toContain(why);
    });

    it('a public push service on 443 may be tried, named or by address', () => {
      expect(policy.problem('https://fcm.googleapis.com/fcm/send/abc')).toBeNull();
      expect(policy.problem('https://updates.push.services.mozilla.com:443/wpush/v2/x')).toBeNull();
      expect(policy.problem('https://142.250.74.106/x')).toBeNull();
    });

    it("the tests' exception admits exactly its host and port", () => {
      const tests = new OutboundPolicy({ allow: parseHostPorts('127.0.0.1:4443, [::1]:4444'), resolve: table({}) });
      expect(tests.problem('https://127.0.0.1:4443/push/x')).toBeNull();
      expect(tests.problem('https://[::1]:4444/push/x')).toBeNull();
      expect(tests.problem('https://127.0.0.1:4444/push/x')).toContain('only port 443');
      expect(tests.problem('https://127.0.0.1/push/x')).toContain('127.0.0.0/8');
      expect(tests.problem('http://127.0.0.1:4443/push/x')).toContain('only https://');
    });
  });

  describe('a name, by the addresses it has', () => {
    it('a name that resolves to loopback (or has one private address among public ones) is refused; its address is not told', async () => {
      const policy = new OutboundPolicy({ resolve: table({ 'evil.example.org': [LOOPBACK], 'mixed.example.org': [PUBLIC, { address: 'fd00::5', family: 6 }], 'push.example.org': [PUBLIC] }) });
      expect(await policy.problemNow('https://evil.example.org/x')).toBe('evil.example.org resolves to an address that is not public');
      expect(await policy.problemNow('https://mixed.example.org/x')).toContain('not public');
      expect(await policy.problemNow('https://push.example.org/x')).toBeNull();
    });

    it('a name that does not resolve now passes (it is checked again when connected to); the form is checked first, without asking DNS', async () => {
      const resolve = table({});
      const policy = new OutboundPolicy({ resolve });
      expect(await policy.problemNow('https://gone.example.org/x')).toBeNull();
      expect(await policy.problemNow('https://127.0.0.1/x')).toContain('loopback');
      expect(await policy.problemNow('https://push.example.org:8443/x')).toContain('port 443');
      expect(resolve.asked).toEqual(['gone.example.org']);
    });
  });

  describe('at connect time', () => {
    const lookup = (policy: OutboundPolicy, host: string, options: { all?: boolean; family?: number }) =>
      new Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[] }>((resolve) => policy.lookup()(host, options, (err, address) => resolve({ err, address })));

    it('the lookup refuses a name whose resolver answers 127.0.0.1 (no address is handed to the socket)', async () => {
      const policy = new OutboundPolicy({ resolve: table({ 'rebind.example.org': [LOOPBACK] }) });
      for (const options of [{}, { all: true }, { family: 4 }]) {
        const { err, address } = await lookup(policy, 'rebind.example.org', options);
        expect(err?.code).toBe('OUTBOUND_REFUSED');
        expect(err?.message).toContain('127.0.0.0/8');
        expect(address).toBe('');
      }
    });

    it('the lookup hands a public name its addresses as the socket asks (one, or all of a family)', async () => {
      const v6 = { address: '2606:4700:4700::1111', family: 6 as const };
      const policy = new OutboundPolicy({ resolve: table({ 'push.example.org': [PUBLIC, v6] }) });
      expect((await lookup(policy, 'push.example.org', {})).address).toBe(PUBLIC.address);
      expect((await lookup(policy, 'push.example.org', { all: true })).address).toEqual([PUBLIC, v6]);
      expect((await lookup(policy, 'push.example.org', { all: true, family: 6 })).address).toEqual([v6]);
    });

    describe('through the agent, with a TCP listener on loopback', () => {
      let server: Server;
      let port: number;
      let connections = 0;
      beforeAll(async () => {
        server = createServer((s) => {
          connections += 1;
          s.destroy();
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        port = (server.address() as AddressInfo).port;
      });
      afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
      beforeEach(() => {
        connections = 0;
      });

      it('an address literal, a refused port and a name that passed the first check but resolves to loopback when connecting: refused, no connection', async () => {
        // DNS rebinding: public when the URL was checked, 127.0.0.1 when connecting.
        let calls = 0;
        const policy = new OutboundPolicy({ resolve: (host) => Promise.resolve(host === 'rebind.example.org' && calls++ === 0 ? [PUBLIC] : [LOOPBACK]) });
        expect(await policy.problemNow('https://rebind.example.org/x')).toBeNull();
        const agent = policy.agent();
        expect(await attempt(agent, '127.0.0.1', port)).toBe('OUTBOUND_REFUSED');
        expect(await attempt(agent, '127.0.0.1', 443)).toBe('OUTBOUND_REFUSED');
        expect(await attempt(agent, '::1', 443)).toBe('OUTBOUND_REFUSED');
        expect(await attempt(agent, 'rebind.example.org', 443)).toBe('OUTBOUND_REFUSED');
        expect(await attempt(agent, 'localhost', 443)).toBe('OUTBOUND_REFUSED');
        expect(connections).toBe(0);
        agent.destroy();
      });

      it("the tests' exception connects to its own host and port only", async () => {
        const policy = new OutboundPolicy({ allow: parseHostPorts(`127.0.0.1:${port}`), resolve: table({}) });
        const agent = policy.agent();
        expect(await attempt(agent, '127.0.0.1', port)).not.toBe('OUTBOUND_REFUSED');
        expect(connections).toBe(1);
        expect(await attempt(agent, '127.0.0.2', port)).toBe('OUTBOUND_REFUSED');
        expect(connections).toBe(1);
        agent.destroy();
      });
    });
  });

  describe('its settings', () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: randomBytes(48).toString('base64'), VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'p'.repeat(43) };

    it("the platform's guard takes the tests' exceptions and names from the configuration", async () => {
      const guard = new OutboundGuard(loadConfig({ OUTBOUND_TEST_ALLOW: '127.0.0.1:4443', OUTBOUND_TEST_HOSTS: 'rebind.example.test=127.0.0.1,public.example.test=93.184.215.14' }));
      expect(guard.problem('https://127.0.0.1:4443/x')).toBeNull();
      expect(await guard.problemNow('https://rebind.example.test/x')).toContain('not public');
      expect(await guard.problemNow('https://public.example.test/x')).toBeNull();
    });

    it('production refuses to start with either test setting', () => {
      expect(() => loadConfig(base)).not.toThrow();
      expect(() => loadConfig({ ...base, OUTBOUND_TEST_ALLOW: '127.0.0.1:4443' })).toThrow(/OUTBOUND_TEST_ALLOW: only for tests/);
      expect(() => loadConfig({ ...base, OUTBOUND_TEST_HOSTS: 'a.test=127.0.0.1' })).toThrow(/OUTBOUND_TEST_HOSTS: only for tests/);
      expect(() => loadConfig({ OUTBOUND_TEST_ALLOW: 'https://127.0.0.1:4443' })).toThrow(/OUTBOUND_TEST_ALLOW must be/);
    });
  });
});
