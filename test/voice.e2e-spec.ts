import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { PrismaService } from '@dcs/common';
import { HouseService } from '@dcs/tournament';
import { startApi, TestApi } from './support/api';
import { directCity, tableWithGame } from './support/fixtures';
import { connectLive, RecordingClient, waitFor } from './support/live-client';
import { createTestEnv, TestEnv } from './support/test-env';

type Player = { id: string; token: string };
type Seated = Player & { seat: number; live: RecordingClient };
const TURN_SECRET = 'a-test-turn-secret-of-at-least-32-characters';
const SIGNALS = 30;

/** A WebM's start (the EBML magic) and clusters at the given timecodes (ms): enough for the server's checks. */
function webm(timecodes: number[], pad = 0): Buffer {
  const parts = [Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01])];
  for (const t of timecodes) {
    const tc = Buffer.alloc(4);
    tc.writeUInt32BE(t);
    parts.push(Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe7, 0x84]), tc, Buffer.alloc(64, 7));
  }
  parts.push(Buffer.alloc(pad, 1));
  return Buffer.concat(parts);
}

/** A 16-bit mono PCM WAV of `seconds` at `rate` (a tone, as the web app's clips are laid out: RIFF/WAVE, fmt, data). */
function wav(seconds: number, rate = 16_000): Buffer {
  const n = Math.round(seconds * rate);
  const out = Buffer.alloc(44 + n * 2);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + n * 2, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) out.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return out;
}

/**
 * Voice and team channels (issue 29, SPEC 6 "Decisions (voice and team channels)"): the server relays
 * signalling only between people the rules let talk, team text only to partners, and refuses
 * everything else with a clear code, relaying nothing.
 */
describe('voice and team channels', () => {
  let env: TestEnv;
  let api: TestApi;
  let port: number;
  let prisma: PrismaService;
  /** a second API instance on the same database and Redis */
  let other: TestApi;
  let otherPort: number;
  const sockets: RecordingClient[] = [];

  beforeAll(async () => {
    env = await createTestEnv('voice');
    api = await startApi(env, env.config({ HOUSE_BOT_THINK_PERMILLE: '0', TURN_URLS: 'turn:127.0.0.1:3478?transport=udp,turns:turn.example.org:5349', TURN_SECRET, LIVE_VOICE_SIGNALS_PER_10_SECONDS: String(SIGNALS) }));
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer() as { address(): AddressInfo }).address().port;
    prisma = api.app.get(PrismaService);
    other = await startApi(env, env.config({ HOUSE_BOT_THINK_PERMILLE: '0', LIVE_VOICE_SIGNALS_PER_10_SECONDS: String(SIGNALS) }));
    await other.app.listen(0, '127.0.0.1');
    otherPort = (other.app.getHttpServer() as { address(): AddressInfo }).address().port;
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.close();
    await other.close();
    await api.close();
    await env.drop();
  });

  const auth = (p: Player) => ({ Authorization: `Bearer ${p.token}` });
  /** A response's body as bytes (a clip). */
  const download = (url: string, who: Player) =>
    api.http().get(url).set(auth(who)).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  const user = async (opts?: Parameters<TestApi['user']>[0]) => {
    const u = await api.user(opts);
    await api.app.get(HouseService).grantWelcome(u.id);
    await api.http().post('/api/me/adult-confirmation').set(auth(u)).send({ adult: true }).expect(200);
    return u;
  };
  const live = async (p: Player) => {
    const c = await connectLive(port, p.token);
    sockets.push(c);
    return c;
  };
  /** A house table of `n` people (the host first), dealt; each with their seat and a live socket. */
  const houseTable = async (n: number, body: Record<string, unknown>): Promise<{ gameId: string; people: Seated[] }> => {
    const ps = [];
    for (let i = 0; i < n; i++) ps.push(await user());
    const t = (await api.http().post('/api/house/tables').set(auth(ps[0])).send({ ruleset: 'citizen', seats: n, ...body }).expect(201)).body as { id: string };
    let gameId = '';
    for (const p of ps.slice(1)) gameId = ((await api.http().post(`/api/house/tables/${t.id}/join`).set(auth(p)).send({}).expect(200)).body as { gameId: string }).gameId;
    const seats = await prisma.houseSeat.findMany({ where: { tableId: t.id } });
    const people: Seated[] = [];
    for (const p of ps) people.push({ ...p, seat: seats.find((s) => s.userId === p.id)!.seat, live: await live(p) });
    people.sort((a, b) => a.seat - b.seat);
    return { gameId, people };
  };
  const offer = (gameId: string, to: string, sdp = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n') => ({ gameId, to, kind: 'offer', sdp });
  const candidate = (gameId: string, to: string, c = 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host') => ({ gameId, to, kind: 'candidate', candidate: { candidate: c, sdpMid: '0', sdpMLineIndex: 0 } });
  /** Events of these kinds a client received. */
  const voiceFrames = (c: RecordingClient) => c.frames.filter((f) => ['voice:signal', 'voice:peer', 'team:message'].includes(f.event));

  describe('a partners stake table: the team channel is the two partners\' alone', () => {
    let gameId: string;
    let p: Seated[];
    beforeAll(async () => {
      ({ gameId, people: p } = await houseTable(4, { partners: true, purpose: 'stake', stake: 10 }));
    });

    it('partners signal each other and get each other\'s team text; the opponents receive none of it', async () => {
      const [a0, b1, a2, b3] = p;
      // Before voice is on: the sender first, then the target.
      expect((await a0.live.call('voice:signal', offer(gameId, a2.id))).error).toMatchObject({ code: 'VOICE_NOT_ON' });
      expect(await a0.live.call('voice:join', { gameId })).toMatchObject({ ok: true, gameId, peers: [] });
      expect((await a0.live.call('voice:signal', offer(gameId, a2.id))).error).toMatchObject({ code: 'VOICE_TARGET_NOT_IN_VOICE' });
      expect(await a2.live.call('voice:join', { gameId })).toMatchObject({ ok: true, peers: [{ userId: a0.id, seat: a0.seat, channel: 'team' }] });
      await waitFor('a0 told a2 has voice on', () => a0.live.of('voice:peer').some((e) => e.userId === a2.id && e.on === true));

      // The newcomer offers, the other answers, candidates both ways: each to its target alone.
      expect(await a2.live.call('voice:signal', offer(gameId, a0.id))).toMatchObject({ ok: true });
      await waitFor('the offer', () => a0.live.of('voice:signal').length === 1);
      expect(a0.live.of('voice:signal')[0]).toMatchObject({ gameId, from: a2.id, seat: a2.seat, channel: 'team', kind: 'offer' });
      expect(await a0.live.call('voice:signal', { gameId, to: a2.id, kind: 'answer', sdp: 'v=0\r\nanswer' })).toMatchObject({ ok: true });
      expect(await a0.live.call('voice:signal', candidate(gameId, a2.id))).toMatchObject({ ok: true });
      expect(await a0.live.call('voice:signal', { gameId, to: a2.id, kind: 'candidate', candidate: null })).toMatchObject({ ok: true });
      await waitFor('the answer and candidates', () => a2.live.of('voice:signal').length === 3);
      expect(a2.live.of('voice:signal').map((e) => e.kind)).toEqual(['answer', 'candidate', 'candidate']);
      expect(a2.live.of('voice:signal')[1]).toMatchObject({ from: a0.id, candidate: { candidate: expect.stringContaining('candidate:1'), sdpMid: '0', sdpMLineIndex: 0 } });

      // Team text: the two partners (the sender's own sockets too), never the table's room.
      const said = await a0.live.call('team:chat', { gameId, text: '  play the five  ' });
      expect(said).toMatchObject({ ok: true, message: { gameId, userId: a0.id, seat: a0.seat, text: 'play the five', channel: 'team' } });
      await waitFor('a2 hears the team', () => a2.live.of('team:message').length === 1);
      expect(a2.live.of('team:message')[0]).toMatchObject({ text: 'play the five', userId: a0.id });

      // The opponents: their own team channel works, and it is all they ever got.
      expect(await b1.live.call('voice:join', { gameId })).toMatchObject({ ok: true, peers: [] });
      expect(await b3.live.call('voice:join', { gameId })).toMatchObject({ ok: true, peers: [{ userId: b1.id, channel: 'team' }] });
      expect(await b1.live.call('team:chat', { gameId, text: 'they are strong' })).toMatchObject({ ok: true });
      await waitFor('b3 hears their team', () => b3.live.of('team:message').length === 1);
      for (const b of [b1, b3]) {
        const got = voiceFrames(b.live);
        expect(got.every((f) => f.data.userId !== a0.id && f.data.userId !== a2.id && f.data.from !== a0.id && f.data.from !== a2.id)).toBe(true);
        expect(got.some((f) => f.json.includes('play the five'))).toBe(false);
        expect(b.live.of('voice:signal')).toEqual([]);
      }
      // ... nor did the partners hear the opponents' team.
      expect(a0.live.of('team:message').concat(a2.live.of('team:message')).map((m) => m.text)).toEqual(['play the five', 'play the five']);
    });

    it('opponents at a stake table: no signal is relayed between them', async () => {
      const [a0, b1] = p;
      const before = a0.live.frames.length;
      expect((await b1.live.call('voice:signal', offer(gameId, a0.id))).error).toMatchObject({ code: 'VOICE_NOT_OFFERED' });
      expect((await b1.live.call('voice:signal', candidate(gameId, a0.id))).error).toMatchObject({ code: 'VOICE_NOT_OFFERED' });
      // a0's next own event arrives after anything b1 could have caused: nothing came.
      await a0.live.call('team:chat', { gameId, text: 'still here' });
      await waitFor('a0 hears itself', () => a0.live.of('team:message', before).length === 1);
      expect(a0.live.of('voice:signal', before)).toEqual([]);
    });

    it('someone not seated has no voice nor team text there; a target not seated is refused', async () => {
      const [a0] = p;
      const outsider = await user();
      const o = await live(outsider);
      expect((await o.call('voice:join', { gameId })).error).toMatchObject({ code: 'NOT_SEATED' });
      expect((await o.call('voice:signal', offer(gameId, a0.id))).error).toMatchObject({ code: 'NOT_SEATED' });
      expect((await o.call('team:chat', { gameId, text: 'hi team' })).error).toMatchObject({ code: 'NOT_SEATED' });
      expect((await a0.live.call('voice:signal', offer(gameId, outsider.id))).error).toMatchObject({ code: 'VOICE_TARGET_NOT_SEATED' });
      expect((await a0.live.call('voice:signal', offer(gameId, a0.id))).error).toMatchObject({ code: 'VOICE_NOT_OFFERED' });
      expect((await o.call('voice:join', { gameId: 'not-a-uuid' })).error).toMatchObject({ code: 'INVALID_ID' });
    });

    it('an offer over 16 KB or a candidate over 1 KB is refused, and nothing is relayed', async () => {
      const [a0, , a2] = p;
      const before = a2.live.frames.length;
      expect((await a0.live.call('voice:signal', offer(gameId, a2.id, 'x'.repeat(16_385)))).error).toMatchObject({ code: 'VOICE_SIGNAL_TOO_LARGE', details: { limit: 16_384 } });
      expect((await a0.live.call('voice:signal', candidate(gameId, a2.id, 'c'.repeat(1_100)))).error).toMatchObject({ code: 'VOICE_SIGNAL_TOO_LARGE', details: { limit: 1_024 } });
      expect((await a0.live.call('voice:signal', { gameId, to: a2.id, kind: 'shout' })).error).toMatchObject({ code: 'VALIDATION_FAILED' });
      await a0.live.call('team:chat', { gameId, text: 'marker' });
      await waitFor('the marker', () => a2.live.of('team:message', before).length === 1);
      expect(a2.live.of('voice:signal', before)).toEqual([]);
    });

    it('a mute holds at every table: the muted partner\'s team text is not sent to the muter, until unmuted', async () => {
      const [a0, , a2] = p;
      const muted = await api.http().put(`/api/me/voice-mutes/${a0.id}`).set(auth(a2)).expect(200);
      expect(muted.body).toMatchObject([{ userId: a0.id }]);
      expect((await api.http().put(`/api/me/voice-mutes/${a0.id}`).set(auth(a2)).expect(200)).body).toHaveLength(1);
      expect((await api.http().put(`/api/me/voice-mutes/${a2.id}`).set(auth(a2)).expect(400)).body.code).toBe('CANNOT_MUTE_SELF');
      const before = a2.live.frames.length;
      const mine = a0.live.frames.length;
      expect(await a0.live.call('team:chat', { gameId, text: 'can you hear me' })).toMatchObject({ ok: true });
      await waitFor('the sender\'s own copy', () => a0.live.of('team:message', mine).length === 1);
      // a2's own message after it: had a0's come, it would be first.
      await a2.live.call('team:chat', { gameId, text: 'quiet here' });
      await waitFor('a2 hears itself', () => a2.live.of('team:message', before).length === 1);
      expect(a2.live.of('team:message', before).map((m) => m.text)).toEqual(['quiet here']);
      expect((await api.http().get('/api/me/voice-mutes').set(auth(a2)).expect(200)).body).toMatchObject([{ userId: a0.id, displayName: expect.any(String) }]);
      expect((await api.http().delete(`/api/me/voice-mutes/${a0.id}`).set(auth(a2)).expect(200)).body).toEqual([]);
      const after = a2.live.frames.length;
      await a0.live.call('team:chat', { gameId, text: 'and now' });
      await waitFor('unmuted', () => a2.live.of('team:message', after).length === 1);
    });

    it('voice off: the partner is told', async () => {
      const [a0, , a2] = p;
      const before = a0.live.frames.length;
      expect(await a2.live.call('voice:leave', { gameId })).toMatchObject({ ok: true, gameId });
      await waitFor('off', () => a0.live.of('voice:peer', before).some((e) => e.userId === a2.id && e.on === false));
      expect((await a0.live.call('voice:signal', offer(gameId, a2.id))).error).toMatchObject({ code: 'VOICE_TARGET_NOT_IN_VOICE' });
    });
  });

  describe('elsewhere', () => {
    it('a one-on-one stake table has no voice at all; a friendly table has voice for everyone seated, and no team channel', async () => {
      const stake = await houseTable(2, { purpose: 'stake', stake: 10 });
      expect((await stake.people[1].live.call('voice:join', { gameId: stake.gameId })).error).toMatchObject({ code: 'VOICE_NOT_OFFERED' });
      expect((await stake.people[0].live.call('team:chat', { gameId: stake.gameId, text: 'hi' })).error).toMatchObject({ code: 'NO_TEAM_CHANNEL' });

      const friendly = await houseTable(2, { purpose: 'friendly' });
      const [x, y] = friendly.people;
      expect(await x.live.call('voice:join', { gameId: friendly.gameId })).toMatchObject({ ok: true, peers: [] });
      expect(await y.live.call('voice:join', { gameId: friendly.gameId })).toMatchObject({ ok: true, peers: [{ userId: x.id, channel: 'table' }] });
      expect(await y.live.call('voice:signal', offer(friendly.gameId, x.id))).toMatchObject({ ok: true });
      await waitFor('the offer', () => x.live.of('voice:signal').length === 1);
      expect(x.live.of('voice:signal')[0]).toMatchObject({ from: y.id, channel: 'table', kind: 'offer' });
      expect((await x.live.call('team:chat', { gameId: friendly.gameId, text: 'hi' })).error).toMatchObject({ code: 'NO_TEAM_CHANNEL' });

      // Rate limit: SIGNALS per 10 s per account, then RATE_LIMITED and nothing relayed.
      const acks = [];
      for (let i = 0; i < SIGNALS + 1; i++) acks.push(await y.live.call('voice:signal', candidate(friendly.gameId, x.id)));
      expect(acks.slice(0, SIGNALS - 1).every((a) => a.ok)).toBe(true);
      expect(acks[SIGNALS].error).toMatchObject({ code: 'RATE_LIMITED' });
      await waitFor('the relayed candidates', () => x.live.of('voice:signal').length === SIGNALS);
      await new Promise((r) => setTimeout(r, 300));
      expect(x.live.of('voice:signal')).toHaveLength(SIGNALS);

      // A player under a chat restriction (a blocked table message: 24 hours) has no voice and no text.
      const blocked = await x.live.call('chat', { gameId: friendly.gameId, text: 'call me on 555-123-4567' });
      expect(blocked.error).toMatchObject({ code: 'CHAT_BLOCKED' });
      expect((await x.live.call('voice:join', { gameId: friendly.gameId })).error).toMatchObject({ code: 'CHAT_RESTRICTED' });
      expect((await x.live.call('voice:signal', offer(friendly.gameId, y.id))).error).toMatchObject({ code: 'CHAT_RESTRICTED' });
    }, 60_000);

    it('a partner whose socket is on another API instance gets the signals and the team text (relayed through Redis); who has voice on is shared', async () => {
      const { gameId, people } = await houseTable(4, { partners: true, purpose: 'friendly' });
      const [a0, b1, a2] = people;
      a2.live.socket.close();
      const far = await connectLive(otherPort, a2.token);
      sockets.push(far);
      expect(await far.call('voice:join', { gameId })).toMatchObject({ ok: true, peers: [] });
      // Instance A knows a2 has voice on (Redis), and names the channel: team for the partner, table for an opponent at a friendly table.
      expect(await a0.live.call('voice:join', { gameId })).toMatchObject({ ok: true, peers: [{ userId: a2.id, channel: 'team' }] });
      expect(await b1.live.call('voice:join', { gameId })).toMatchObject({ ok: true, peers: expect.arrayContaining([{ userId: a0.id, seat: a0.seat, channel: 'table' }, { userId: a2.id, seat: a2.seat, channel: 'table' }]) });
      expect(await a0.live.call('voice:signal', offer(gameId, a2.id))).toMatchObject({ ok: true });
      expect(await a0.live.call('team:chat', { gameId, text: 'over here' })).toMatchObject({ ok: true });
      await waitFor('the offer and the team line on the other instance', () => far.of('voice:signal').length === 1 && far.of('team:message').length === 1);
      expect(far.of('voice:signal')[0]).toMatchObject({ from: a0.id, channel: 'team', kind: 'offer' });
      expect(far.of('team:message')[0]).toMatchObject({ text: 'over here', userId: a0.id });
      // The opponent at this friendly table shares the table's voice, never the team's text.
      await b1.live.call('team:chat', { gameId, text: 'marker b' });
      await waitFor('b1 hears itself', () => b1.live.of('team:message').length === 1);
      expect(b1.live.of('team:message').map((m) => m.text)).toEqual(['marker b']);
    });

    it('a tournament table has no voice and no team channel (cut-throat has no teams)', async () => {
      const t = await tableWithGame(api, 3);
      const c = await live(t.players[0]);
      expect((await c.call('voice:join', { gameId: t.gameId })).error).toMatchObject({ code: 'VOICE_TOURNAMENT_TABLE' });
      expect((await c.call('voice:signal', offer(t.gameId, t.players[1].id))).error).toMatchObject({ code: 'VOICE_TOURNAMENT_TABLE' });
      expect((await c.call('team:chat', { gameId: t.gameId, text: 'partner?' })).error).toMatchObject({ code: 'NO_TEAM_CHANNEL' });
    });

    it('the ICE servers: the TURN relay with a credential for the caller that lasts 10 minutes (coturn REST API scheme)', async () => {
      const u = await user();
      const res = (await api.http().get('/api/voice/ice-servers').set(auth(u)).expect(200)).body as { iceServers: { urls: string[]; username: string; credential: string }[]; ttlSeconds: number };
      expect(res.ttlSeconds).toBe(600);
      expect(res.iceServers).toHaveLength(1);
      const [s] = res.iceServers;
      expect(s.urls).toEqual(['turn:127.0.0.1:3478?transport=udp', 'turns:turn.example.org:5349']);
      const [expiry, who] = s.username.split(':');
      expect(who).toBe(u.id);
      expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(500);
      expect(s.credential).toBe(createHmac('sha1', TURN_SECRET).update(s.username).digest('base64'));
    });
  });

  describe('a report of voice conduct with its clip', () => {
    it('is checked (type, size, length), stored with the report and heard by staff only', async () => {
      const { gameId, people } = await houseTable(2, { purpose: 'friendly' });
      const [reporter, subject] = people;
      const report = (await api.http().post('/api/reports').set(auth(reporter)).send({ subjectId: subject.id, gameId, category: 'conduct', description: 'shouted slurs on voice' }).expect(201)).body as { id: string };
      const clip = (body: Buffer, type: string, durationMs = 60_000) => api.http().post(`/api/reports/${report.id}/voice-clip?durationMs=${durationMs}`).set(auth(reporter)).set('Content-Type', type).send(body);

      expect((await clip(webm([0]), 'text/plain').expect(415)).body.code).toBe('VOICE_CLIP_TYPE');
      expect((await clip(Buffer.from('not audio at all'), 'audio/webm').expect(415)).body.code).toBe('VOICE_CLIP_TYPE');
      expect((await clip(webm([0], 2_000_001), 'audio/webm').expect(413)).body.code).toBe('VOICE_CLIP_TOO_LARGE');
      expect((await clip(webm([0, 1000]), 'audio/webm', 61_000).expect(422)).body.code).toBe('VOICE_CLIP_TOO_LONG');
      expect((await clip(webm([240_000, 300_000, 330_000]), 'audio/webm', 60_000).expect(422)).body.code).toBe('VOICE_CLIP_TOO_LONG');
      expect((await api.http().post(`/api/reports/${report.id}/voice-clip?durationMs=1000`).set(auth(subject)).set('Content-Type', 'audio/webm').send(webm([0])).expect(404)).body.code).toBe('NOT_FOUND');
      expect(await prisma.voiceClip.count()).toBe(0);

      const good = webm([300_000, 330_000, 359_000], 20_000);
      const stored = (await clip(good, 'audio/webm; codecs=opus', 59_500).expect(201)).body as { id: string; sizeBytes: number; durationMs: number };
      expect(stored).toMatchObject({ reportId: report.id, mime: 'audio/webm', durationMs: 59_500, sizeBytes: good.length });
      expect((await clip(good, 'audio/webm').expect(409)).body.code).toBe('VOICE_CLIP_EXISTS');

      const staff = await api.user({ roles: ['reviewer'] });
      const listed = (await api.http().get('/api/voice/reports').set(auth(staff)).expect(200)).body as { reportId: string; subject: { id: string }; clips: { id: string }[] }[];
      expect(listed).toMatchObject([{ reportId: report.id, subject: { id: subject.id }, description: 'shouted slurs on voice', clips: [{ id: stored.id, durationMs: 59_500 }] }]);
      const heard = await download(`/api/voice/clips/${stored.id}`, staff);
      expect(heard.status).toBe(200);
      expect(heard.headers['content-type']).toBe('audio/webm');
      expect(Buffer.compare(heard.body as Buffer, good)).toBe(0);
      // The reporter and the reported player do not get the clip, nor the list.
      for (const who of [reporter, subject]) {
        expect((await api.http().get(`/api/voice/clips/${stored.id}`).set(auth(who))).status).toBe(403);
        expect((await api.http().get('/api/voice/reports').set(auth(who))).status).toBe(403);
      }
    });

    it('takes the web app\'s clip, a minute of 16 kHz PCM WAV, and gives staff the same bytes; a WAV over 60 s, or one that is not RIFF/WAVE, is refused', async () => {
      const { gameId, people } = await houseTable(2, { purpose: 'friendly' });
      const [reporter, subject] = people;
      const report = (await api.http().post('/api/reports').set(auth(reporter)).send({ subjectId: subject.id, gameId, category: 'conduct', description: 'threats on voice' }).expect(201)).body as { id: string };
      const clip = (body: Buffer, type: string, durationMs = 60_000) => api.http().post(`/api/reports/${report.id}/voice-clip?durationMs=${durationMs}`).set(auth(reporter)).set('Content-Type', type).send(body);

      // Longer than 60 s by its own samples (65 s at 8 kHz: under the size limit), whatever the page declares.
      const long = (await clip(wav(65, 8_000), 'audio/wav', 60_000).expect(422)).body as { code: string; message: string };
      expect(long.code).toBe('VOICE_CLIP_TOO_LONG');
      expect(long.message).toContain('its audio spans 65000 ms');
      // Called audio/wav, but not a RIFF/WAVE file: a WebM, and a WAV whose header was cut off.
      const notWav = (await clip(webm([0, 1000]), 'audio/wav', 1000).expect(415)).body as { code: string; message: string };
      expect(notWav.code).toBe('VOICE_CLIP_TYPE');
      expect(notWav.message).toContain('not audio/wav audio');
      expect((await clip(wav(1).subarray(0, 30), 'audio/wav', 1000).expect(415)).body.code).toBe('VOICE_CLIP_TYPE');
      expect(await prisma.voiceClip.count({ where: { reportId: report.id } })).toBe(0);

      const minute = wav(60);
      expect(minute.length).toBe(1_920_044);
      const stored = (await clip(minute, 'audio/wav', 60_000).expect(201)).body as { id: string };
      expect(stored).toMatchObject({ reportId: report.id, mime: 'audio/wav', durationMs: 60_000, sizeBytes: 1_920_044 });
      const staff = await api.user({ roles: ['reviewer'] });
      const listed = (await api.http().get('/api/voice/reports').set(auth(staff)).expect(200)).body as { reportId: string; clips: { id: string; mime: string }[] }[];
      expect(listed.find((r) => r.reportId === report.id)?.clips).toMatchObject([{ id: stored.id, mime: 'audio/wav', durationMs: 60_000 }]);
      const heard = await download(`/api/voice/clips/${stored.id}`, staff);
      expect(heard.status).toBe(200);
      expect(heard.headers['content-type']).toBe('audio/wav');
      expect(Buffer.compare(heard.body as Buffer, minute)).toBe(0);
    });

    it('issue 36: a WAV whose data header claims 1 s before 240 s of samples (under 2 MB) is refused 415, as is one claiming more than it holds; nothing stored', async () => {
      const { gameId, people } = await houseTable(2, { purpose: 'friendly' });
      const [reporter, subject] = people;
      const report = (await api.http().post('/api/reports').set(auth(reporter)).send({ subjectId: subject.id, gameId, category: 'conduct', description: 'a long rant' }).expect(201)).body as { id: string };
      const clip = (body: Buffer) => api.http().post(`/api/reports/${report.id}/voice-clip?durationMs=1000`).set(auth(reporter)).set('Content-Type', 'audio/wav').send(body);

      const smuggled = wav(240, 4_000);
      expect(smuggled.length).toBeLessThan(2_000_000);
      smuggled.writeUInt32LE(4_000 * 2, 40); // the data chunk says 1 s
      const refused = (await clip(smuggled).expect(415)).body as { code: string; message: string };
      expect(refused.code).toBe('VOICE_CLIP_TYPE');
      expect(refused.message).toContain('whose declared size is the bytes that follow');
      const cut = wav(30, 4_000);
      cut.writeUInt32LE(4_000 * 2 * 60, 40); // the data chunk says 60 s, the file holds 30
      expect((await clip(cut).expect(415)).body.code).toBe('VOICE_CLIP_TYPE');
      expect(await prisma.voiceClip.count({ where: { reportId: report.id } })).toBe(0);
      // The same samples with an honest header: 240 s by its bytes, too long.
      expect((await clip(wav(240, 4_000)).expect(422)).body.code).toBe('VOICE_CLIP_TOO_LONG');
    });
  });

  describe('issue 36: who hears a reported clip — the review board, admins, and the director of the city of the report\'s challenge who does not play in it', () => {
    const clipOf = async (reporter: Player, subject: Player, gameId: string) => {
      const report = (await api.http().post('/api/reports').set(auth(reporter)).send({ subjectId: subject.id, gameId, category: 'conduct', description: 'insults over voice' }).expect(201)).body as { id: string };
      return (await api.http().post(`/api/reports/${report.id}/voice-clip?durationMs=1000`).set(auth(reporter)).set('Content-Type', 'audio/wav').send(wav(1)).expect(201)).body as { id: string; reportId: string };
    };
    const status = async (clipId: string, who: Player) => {
      const res = await api.http().get(`/api/voice/clips/${clipId}`).set(auth(who));
      return [res.status, res.status === 200 ? 'heard' : (res.body as { code: string }).code];
    };
    const listed = async (who: Player) => ((await api.http().get('/api/voice/reports').set(auth(who)).expect(200)).body as { reportId: string }[]).map((r) => r.reportId);

    it('a clip from a challenge table: its city\'s director hears it; a director of another city (403 NOT_YOUR_CITY), a director playing in that challenge (403 OWN_CHALLENGE), another player there, the reporter and the reported player (403) do not', async () => {
      const playingDirector = await api.user({ roles: ['director'] });
      const t = await tableWithGame(api, 4, { users: [await api.user(), await api.user(), await api.user(), playingDirector] });
      const [reporter, subject, bystander] = t.players;
      const stored = await clipOf(reporter, subject, t.gameId);
      const cityDirector = await api.user({ roles: ['director'] });
      await directCity(api, cityDirector.id, { tableId: t.tableId });
      await directCity(api, playingDirector.id, { tableId: t.tableId });
      const otherDirector = await api.user({ roles: ['director'] });
      await directCity(api, otherDirector.id, { cityId: (await prisma.city.create({ data: { name: 'Elsewhere', slug: `elsewhere-${Date.now()}`, timeZone: 'UTC', region: 'south', tier: 'T1' } })).id });
      const reviewer = await api.user({ roles: ['reviewer'] });
      const admin = await api.user({ roles: ['admin'] });
      const reviewerReported = await api.user({ roles: ['reviewer'] });

      expect(await status(stored.id, reviewer)).toEqual([200, 'heard']);
      expect(await status(stored.id, admin)).toEqual([200, 'heard']);
      expect(await status(stored.id, cityDirector)).toEqual([200, 'heard']);
      expect(await status(stored.id, otherDirector)).toEqual([403, 'NOT_YOUR_CITY']);
      expect(await status(stored.id, playingDirector)).toEqual([403, 'OWN_CHALLENGE']);
      expect(await status(stored.id, bystander)).toEqual([403, 'FORBIDDEN']);
      expect(await status(stored.id, reporter)).toEqual([403, 'FORBIDDEN']);
      expect(await status(stored.id, subject)).toEqual([403, 'FORBIDDEN']);
      expect(await listed(cityDirector)).toContain(stored.reportId);
      expect(await listed(otherDirector)).not.toContain(stored.reportId);
      expect(await listed(playingDirector)).not.toContain(stored.reportId);

      // A member of the review board who is the reported player does not hear the clip about them either.
      await prisma.integrityReport.update({ where: { id: stored.reportId }, data: { subjectId: reviewerReported.id } });
      expect(await status(stored.id, reviewerReported)).toEqual([403, 'FORBIDDEN']);
      expect(await listed(reviewerReported)).not.toContain(stored.reportId);
    });

    it('a clip from a house table (no city): the review board and admins hear it, no director does (403 FORBIDDEN)', async () => {
      const { gameId, people } = await houseTable(2, { purpose: 'friendly' });
      const stored = await clipOf(people[0], people[1], gameId);
      const director = await api.user({ roles: ['director'] });
      await directCity(api, director.id, { cityId: (await prisma.city.create({ data: { name: 'Home', slug: `home-${Date.now()}`, timeZone: 'UTC', region: 'south', tier: 'T1' } })).id });
      expect(await status(stored.id, await api.user({ roles: ['reviewer'] }))).toEqual([200, 'heard']);
      expect(await status(stored.id, await api.user({ roles: ['admin'] }))).toEqual([200, 'heard']);
      expect(await status(stored.id, director)).toEqual([403, 'FORBIDDEN']);
      expect(await listed(director)).not.toContain(stored.reportId);
    });
  });
});
