import { seatedNotice, tiebreakNotice } from './notices';
import { noticeMail } from '../delivery/mail-message';

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

describe('notices in Spanish (issue 24)', () => {
  it('words the seated and tiebreak notices in Spanish beside the English, with the same facts', () => {
    const n = seatedNotice({ challengeId: 'c', roundId: 'r', round: 2, table: 2, tableId: 't', gameId: 'g', seat: 1, hardStopAt: new Date('2027-01-02T18:03:00.012Z') });
    expect(n.es).toEqual({ title: 'Ronda 2: tu mesa', body: 'Te sientas en la mesa 3, asiento 2. La ronda termina a más tardar el 2027-01-02T18:03:00.012Z.' });
    const d = tiebreakNotice({ challengeId: 'c', tiebreakId: 'd', tableId: 't', gameId: 'g', closesAt: new Date('2027-01-02T17:31:05.000Z') });
    expect(d.es?.body).toContain('fichas boca abajo');
  });

  it("an e-mail in Spanish: the times in the player's zone in Spanish, the button and footer in Spanish", () => {
    const n = seatedNotice({ challengeId: 'c', roundId: 'r', round: 1, table: 0, tableId: 't', gameId: 'g', seat: 0, hardStopAt: new Date('2027-01-02T18:03:00.000Z') });
    const mail = noticeMail({
      deliveryId: 'x',
      notice: { ...n, ...n.es! },
      to: 'ana@example.com',
      timeZone: 'America/New_York',
      language: 'es',
      publicUrl: 'https://dcs.example',
      unsubscribeUrl: 'https://dcs.example/api/unsubscribe?u=1',
      mailDomain: 'dcs.example',
    });
    expect(mail.subject).toBe('Ronda 1: tu mesa');
    expect(mail.text).toMatch(/a más tardar el sáb, 2 de ene, 1:03\sp\.\s?m\.\sEST/);
    expect(mail.text).toContain('Las horas están en America/New_York');
    expect(mail.text).toContain('Abrir: https://dcs.example/tables/t');
    expect(mail.text).toContain('Dejar de recibir estos correos');
  });
});
