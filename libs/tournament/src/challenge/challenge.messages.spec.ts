import { cancelledNotices, noticeEmit, resultNotices, roundFinished, tableResult, tooFewReason } from './challenge.messages';

describe('what the challenge flow tells people', () => {
  it('a cancellation names the reason, and says so when a director cancelled', () => {
    const ch = { id: 'c1', localDate: '2027-01-09' };
    expect(tooFewReason(1, 16)).toBe('only 1 player checked in; a challenge needs at least 16');
    expect(tooFewReason(3, 16)).toBe('only 3 players checked in; a challenge needs at least 16');
    expect(cancelledNotices(ch, ['u1'], 'rain', 'start')).toEqual([
      { userId: 'u1', kind: 'challenge.cancelled', title: 'Challenge cancelled', body: 'The challenge of 2027-01-09 is cancelled: rain.', data: { challengeId: 'c1' }, dedupeKey: 'cancelled:c1',
        es: { title: 'Desafío cancelado', body: 'Se canceló el desafío del 2027-01-09: rain.' } },
    ]);
    expect(cancelledNotices(ch, ['u1'], 'rain', 'director')[0].body).toBe('The challenge of 2027-01-09 is cancelled by the director: rain.');
  });

  it('a result names placement, points and a prize in dollars when there is one', () => {
    const [won, lost] = resultNotices('c1', [
      { playerId: 'a', placement: '1', points: 100, prizeCents: 12345 },
      { playerId: 'b', placement: '3-4', points: 40, prizeCents: 0 },
    ]);
    expect(won.body).toBe('Placement 1: 100 ranking points, prize $123.45.');
    expect(lost).toMatchObject({ userId: 'b', body: 'Placement 3-4: 40 ranking points.', dedupeKey: 'result:c1' });
  });

  it("a stored notice is pushed to its player's room without its dedupe key", () => {
    expect(noticeEmit({ userId: 'u1', kind: 'k', title: 't', body: 'b', data: { x: 1 } })).toEqual({ kind: 'emit', to: ['user:u1'], event: 'notification', data: { kind: 'k', title: 't', body: 'b', data: { x: 1 } } });
  });

  it("a table's result goes to the challenge and its players; a correction says so with the reason", () => {
    const t = { challengeId: 'c1', roundId: 'r1', round: 1, tableId: 't1', table: 0, endedBy: 'target', final: false, result: [] };
    expect(tableResult(t, ['u1']).to).toEqual(['challenge:c1', 'user:u1']);
    expect(tableResult(t, ['u1']).data).not.toHaveProperty('corrected');
    expect(tableResult(t, ['u1'], { reason: 'typo' }).data).toMatchObject({ corrected: true, reason: 'typo' });
  });

  it('a finished round announces the next one, or the completion', () => {
    expect(roundFinished('c1', { id: 'r1', number: 1 }, null).data).toEqual({ challengeId: 'c1', roundId: 'r1', round: 1, next: null, completed: true });
    expect(roundFinished('c1', { id: 'r1', number: 1 }, { roundId: 'r2', round: 2, startsAt: new Date(0) }).data).toMatchObject({ next: { roundId: 'r2', round: 2, startsAt: '1970-01-01T00:00:00.000Z' }, completed: false });
  });
});
