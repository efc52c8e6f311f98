import { CLOCK_FIRE_MARGIN_MS, PendingClocks } from './pending-clocks';

describe('PendingClocks: which clock jobs this process queued and that have not fired yet', () => {
  const now = 1_000_000;

  it('knows nothing of a game it queued no job for: the move queues one', () => {
    expect(new PendingClocks().covers('g', now + 20_000, now)).toBe(false);
  });

  it('a job firing at or before the new deadline stands for it', () => {
    const p = new PendingClocks();
    p.queued('g', now + 20_000, now);
    expect(p.covers('g', now + 20_000, now)).toBe(true);
    expect(p.covers('g', now + 25_000, now + 5_000)).toBe(true);
    expect(p.covers('other', now + 25_000, now + 5_000)).toBe(false);
  });

  it('a later turn whose deadline is earlier than the pending job (a shorter seat clock) needs a job of its own', () => {
    const p = new PendingClocks();
    p.queued('g', now + 30_000, now);
    expect(p.covers('g', now + 10_000, now + 100)).toBe(false);
    p.queued('g', now + 10_000, now + 100);
    expect(p.covers('g', now + 12_000, now + 2_000)).toBe(true);
    // The earlier job is kept when a later one is queued while it is pending: it covers every later deadline.
    p.queued('g', now + 40_000, now + 3_000);
    expect(p.covers('g', now + 11_000, now + 3_000)).toBe(true);
  });

  it('a job that fires within the margin (it may be firing, its read before this move) no longer counts, and a later one replaces it', () => {
    const p = new PendingClocks();
    p.queued('g', now + 20_000, now);
    const near = now + 20_000 - CLOCK_FIRE_MARGIN_MS;
    expect(p.covers('g', now + 40_000, near - 1)).toBe(true);
    expect(p.covers('g', now + 40_000, near)).toBe(false);
    expect(p.covers('g', now + 40_000, now + 25_000)).toBe(false);
    p.queued('g', now + 40_000, near);
    expect(p.covers('g', now + 40_000, near)).toBe(true);
  });

  it('a job queued for a time already past fires at once and covers nothing', () => {
    const p = new PendingClocks();
    p.queued('g', now - 5_000, now);
    expect(p.covers('g', now + 20_000, now)).toBe(false);
  });

  it('stays bounded: at its size it starts over (knowing less only costs a job too many)', () => {
    const p = new PendingClocks(CLOCK_FIRE_MARGIN_MS, 3);
    for (const g of ['a', 'b', 'c']) p.queued(g, now + 20_000, now);
    expect(p.size).toBe(3);
    p.queued('d', now + 20_000, now);
    expect(p.size).toBe(1);
    expect(p.covers('a', now + 20_000, now)).toBe(false);
    expect(p.covers('d', now + 20_000, now)).toBe(true);
  });
});
