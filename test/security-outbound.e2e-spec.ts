import { createServer, type AddressInfo, type Server } from 'node:net';
import { PrismaService } from '@dcs/common';
import { PUSH_DEVICES_PER_USER, storeNotifications } from '@dcs/tournament';
import type { TestApi } from './support/api';
import { startReach, type ReachEnv } from './support/reach-env';
import { eventually } from './support/temp-redis';

/** A TCP listener that counts the connections it is offered (and closes each). */
async function listener(host: string, port: number): Promise<{ server: Server; port: number; connections: () => number }> {
  let count = 0;
  const server = createServer((s) => {
    count += 1;
    s.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port, ipv6Only: host.includes(':') }, () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port, connections: () => count };
}

/**
 * Issue 36, SSRF through Web Push: a subscription's endpoint is where the worker connects, so it must be a
 * public push service (docs/rules.md, "Outgoing requests"): https, port 443, a public address — refused
 * with PUSH_ENDPOINT_REFUSED when subscribing, and never connected to when sending, however it was stored
 * and whatever its name resolves to when the worker connects. The test's own push service is admitted by
 * OUTBOUND_TEST_ALLOW (reach-env); names are pointed where the test wants by OUTBOUND_TEST_HOSTS.
 */
describe('outgoing requests: a push endpoint never reaches inside the network', () => {
  let reach: ReachEnv;
  let api: TestApi;
  const listeners: Server[] = [];

  beforeAll(async () => {
    reach = await startReach('secoutbound', {
      OUTBOUND_TEST_HOSTS: 'loopback.example.test=127.0.0.1,loopback6.example.test=::1,metadata.example.test=169.254.169.254,public.example.test=93.184.215.14',
    });
    ({ api } = reach);
  });
  afterAll(async () => {
    await Promise.all(listeners.map((s) => new Promise((resolve) => s.close(resolve))));
    await reach?.close();
  });

  const auth = (u: { token: string }) => ({ Authorization: `Bearer ${u.token}` });
  const keys = () => reach.push.device().subscription.keys;
  const subscribe = (u: { token: string }, endpoint: string, label?: string) => api.http().post('/api/me/push-subscriptions').set(auth(u)).send({ endpoint, keys: keys(), ...(label ? { label } : {}) });
  const devicesOf = async (userId: string) => (await reach.env.sql<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [userId])).map((r) => r.endpoint);

  it.each([
    ['IPv4 loopback', 'https://127.0.0.1/push/x'],
    ['IPv4 loopback on another port', 'https://127.0.0.1:4443/x'],
    ['IPv6 loopback', 'https://[::1]/push/x'],
    ['IPv6 loopback, PostgreSQL\'s port', 'https://[::1]:5432/'],
    ['localhost', 'https://localhost/push/x'],
    ['localhost, Redis\'s port', 'https://localhost:6379/'],
    ['a name that resolves to 127.0.0.1', 'https://loopback.example.test/push/x'],
    ['a name that resolves to ::1', 'https://loopback6.example.test/push/x'],
    ['a name that resolves to the metadata service', 'https://metadata.example.test/latest/meta-data/'],
    ['the cloud metadata service', 'https://169.254.169.254/latest/meta-data/'],
    ['a private 10.x address', 'https://10.0.0.5/push/x'],
    ['a private 192.168.x address', 'https://192.168.1.1/push/x'],
    ['a unique-local IPv6 address', 'https://[fd00::1]/push/x'],
    ['an IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/push/x'],
    ['loopback written as one number', 'https://2130706433/push/x'],
    ['a public push service on a port other than 443', 'https://fcm.googleapis.com:8443/fcm/send/x'],
  ])('%s (%s): 400 PUSH_ENDPOINT_REFUSED, nothing stored', async (_what, endpoint) => {
    const u = await api.user();
    const res = await subscribe(u, endpoint);
    expect([res.status, res.body.code]).toEqual([400, 'PUSH_ENDPOINT_REFUSED']);
    expect(await devicesOf(u.id)).toEqual([]);
    expect((await api.http().get('/api/me/push-subscriptions').set(auth(u)).expect(200)).body).toEqual([]);
  });

  it('a public push service on 443 is taken (201), by name or address', async () => {
    const u = await api.user();
    expect((await subscribe(u, 'https://public.example.test/push/a')).status).toBe(201);
    expect((await subscribe(u, 'https://142.250.74.106/fcm/send/b')).status).toBe(201);
    expect(await devicesOf(u.id)).toHaveLength(2);
  });

  it(`a player keeps their ${PUSH_DEVICES_PER_USER} newest devices: the 11th and 12th drop the oldest`, async () => {
    const u = await api.user();
    for (let i = 1; i <= 12; i++) expect((await subscribe(u, `https://public.example.test/push/cap-${i}`, `device ${i}`)).status).toBe(201);
    const listed = (await api.http().get('/api/me/push-subscriptions').set(auth(u)).expect(200)).body as { label: string }[];
    expect(listed.map((d) => d.label)).toEqual(Array.from({ length: 10 }, (_, i) => `device ${i + 3}`));
    expect(await devicesOf(u.id)).toHaveLength(10);
  });

  it('sending to devices stored before the guard (loopback v4 and v6 on 443, a name resolving to loopback, another port, metadata) connects to none, removes them for good, and still pushes to the real device', async () => {
    const v4 = await listener('127.0.0.1', 443);
    const v6 = await listener('::1', 443);
    const other = await listener('127.0.0.1', 0);
    listeners.push(v4.server, v6.server, other.server);
    const u = await api.user();
    const real = reach.push.device();
    expect((await api.http().post('/api/me/push-subscriptions').set(auth(u)).send(real.subscription)).status).toBe(201);
    // Old subscriptions, written as the API stored them before the guard existed.
    const stored = ['https://127.0.0.1/push/old-v4', 'https://[::1]/push/old-v6', 'https://loopback.example.test/push/old-name', `https://127.0.0.1:${other.port}/push/old-port`, 'https://169.254.169.254/latest/meta-data/'];
    const k = keys();
    for (const endpoint of stored) {
      await reach.env.sql('INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth) VALUES (gen_random_uuid(), $1, $2, $3, $4)', [u.id, endpoint, k.p256dh, k.auth]);
    }
    expect(await devicesOf(u.id)).toHaveLength(6);

    await reach.worker.get(PrismaService).$transaction((tx) => storeNotifications(tx, [{ userId: u.id, kind: 'integrity.appeal_decided', title: 'Pushed past the guard?', body: 'x', data: {}, dedupeKey: `outbound:${u.id}` }]));
    await reach.push.waitFor((m) => m.device === real.id && m.payload.title === 'Pushed past the guard?', 30_000);
    const delivery = `SELECT d.status::text AS status, d.attempts FROM deliveries d JOIN notifications n ON n.id = d.notification_id WHERE n.dedupe_key = 'outbound:${u.id}' AND d.channel = 'push'`;
    await eventually(async () => (await reach.env.sql<{ status: string }>(delivery))[0]?.status === 'sent', 15_000, 'push delivery sent');

    // The refused devices are gone (a permanent failure, as a 410), the real one stays; one try, no retries.
    expect(await devicesOf(u.id)).toEqual([real.subscription.endpoint]);
    expect(await reach.env.sql(delivery)).toEqual([{ status: 'sent', attempts: 1 }]);
    await new Promise((r) => setTimeout(r, 500));
    expect([v4.connections(), v6.connections(), other.connections()]).toEqual([0, 0, 0]);
  });
});
