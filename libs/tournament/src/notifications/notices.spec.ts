import { seatedNotice, tiebreakNotice } from './notices';

describe('table notices', () => {
  it('table.seated: 0-based table and seat in the data, 1-based in the text, with the table and game ids', () => {
    const n = seatedNotice({ challengeId: 'c', roundId: 'r', round: 2, table: 2, tableId: 't', gameId: 'g', seat: 1, hardStopAt: new Date('2027-01-02T18:03:00.012Z') });
    expect(n.body).toBe('You sit at table 3, seat 2. The round ends at the latest at 2027-01-02T18:03:00.012Z.');
    expect(n.title).toBe('Round 2: your table');
    expect(n.data).toEqual({ challengeId: 'c', roundId: 'r', round: 2, table: 2, tableId: 't', gameId: 'g', seat: 1, hardStopAt: '2027-01-02T18:03:00.012Z' });
  });

  it('the first table and seat read "table 1, seat 1"', () => {
    expect(seatedNotice({ challengeId: 'c', roundId: 'r', round: 1, table: 0, tableId: 't', gameId: 'g', seat: 0, hardStopAt: null }).body).toMatch(/^You sit at table 1, seat 1\./);
  });

  it('tiebreak.started names the challenge, the draw, the table and the game', () => {
    const n = tiebreakNotice({ challengeId: 'c', tiebreakId: 'd', tableId: 't', gameId: 'g', closesAt: new Date('2027-01-02T17:31:05.000Z') });
    expect(n.data).toEqual({ challengeId: 'c', tiebreakId: 'd', tableId: 't', gameId: 'g', closesAt: '2027-01-02T17:31:05.000Z' });
  });
});
