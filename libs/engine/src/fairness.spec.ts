import { createHash, randomBytes } from 'node:crypto';
import { playGame } from './bots';
import { dealSeed, isContribution, verifyGame } from './fairness';
import { sha256Hex } from './hash';

const contribution = (): string => randomBytes(32).toString('hex');

describe('deals no one can steer', () => {
  it('hashes as node:crypto does, and the seed is SHA-256 of the server seed followed by the contributions in seat order', () => {
    for (const text of ['', 'abc', 'é domino 🁣', 'x'.repeat(1000)]) expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
    const c = [contribution(), '', contribution(), contribution()];
    expect(dealSeed('server', c)).toBe(createHash('sha256').update(`server${c.join('')}`).digest('hex'));
    expect(dealSeed('server', [c[2], c[1], c[0], c[3]])).not.toBe(dealSeed('server', c));
    expect(dealSeed('server', [])).toBe('server');
    expect(dealSeed('server', null)).toBe('server');
  });

  it('takes 64 lower-case hex characters or nothing as a contribution', () => {
    expect(isContribution('')).toBe(true);
    expect(isContribution('a'.repeat(64))).toBe(true);
    for (const bad of ['A'.repeat(64), 'a'.repeat(63), 'a'.repeat(65), 'g'.repeat(64), 42, null]) expect(isContribution(bad)).toBe(false);
    expect(() => dealSeed('s', ['a'.repeat(63)])).toThrow(/64 lower-case hex/);
  });

  it('verifies every hand of a game dealt from the parts, and names the first difference of a record edited by hand', () => {
    const serverSeed = randomBytes(32).toString('hex');
    const contributions = [contribution(), contribution(), '', contribution()];
    const game = playGame({ ruleset: 'dcs-tournament', players: 4, seed: dealSeed(serverSeed, contributions), bots: ['greedy', 'greedy', 'greedy', 'greedy'] });
    const parts = { serverSeed, seedHash: sha256Hex(serverSeed), contributions };
    const ok = verifyGame(game.record, parts);
    expect(ok).toMatchObject({ ok: true, commitment: true, firstDifference: null, scores: game.state.scores });
    expect(ok.hands).toHaveLength(game.record.hands.length);
    expect(ok.hands.every((h) => h.ok)).toBe(true);

    // the deal of the last hand edited: two seats swap a tile
    const edited = structuredClone(game.record);
    const last = edited.hands.length - 1;
    const [a, b] = [edited.hands[last].deal[0][0], edited.hands[last].deal[1][0]];
    edited.hands[last].deal[0][0] = b;
    edited.hands[last].deal[1][0] = a;
    const dealt = verifyGame(edited, parts);
    expect(dealt.ok).toBe(false);
    expect(dealt.firstDifference).toMatchObject({ hand: last, action: null });
    expect(dealt.firstDifference!.message).toContain('seat 0 was dealt');
    expect(dealt.hands.slice(0, last).every((h) => h.ok)).toBe(true);

    // a contribution changed: the very first deal differs
    const other = verifyGame(game.record, { ...parts, contributions: [contribution(), ...contributions.slice(1)] });
    expect(other.firstDifference).toMatchObject({ hand: 0, action: null });

    // a move edited: the first action that is not legal
    const moved = structuredClone(game.record);
    const j = moved.hands[0].actions.findIndex((x, k) => k > 0 && x.type === 'play');
    const play = moved.hands[0].actions[j] as { tile: string };
    const foreign = moved.hands[0].deal.flat().find((t) => !moved.hands[0].deal[moved.hands[0].actions[j].seat].includes(t))!;
    play.tile = foreign;
    const illegal = verifyGame(moved, parts);
    expect(illegal.firstDifference).toMatchObject({ hand: 0, action: j });
  });

  it('refuses a server seed that does not hash to the published commitment', () => {
    const game = playGame({ ruleset: 'dcs-tournament', players: 4, seed: 'plain', bots: ['greedy', 'greedy', 'greedy', 'greedy'] });
    const r = verifyGame(game.record, { serverSeed: 'plain', seedHash: sha256Hex('another') });
    expect(r.ok).toBe(false);
    expect(r.commitment).toBe(false);
    expect(r.hands.every((h) => h.ok)).toBe(true);
    expect(r.firstDifference!.message).toMatch(/does not hash/);
    expect(verifyGame(game.record, { serverSeed: 'plain', seedHash: sha256Hex('plain') }).ok).toBe(true);
  });
});
