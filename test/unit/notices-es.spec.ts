import type { Notice } from '@dcs/tournament/notifications/notices';
import { seatedNotice, tiebreakNotice } from '@dcs/tournament/notifications/notices';
import { cancelledNotices, disqualifiedNotice, resultNotices, tooFewReason, tooFewReasonEs } from '@dcs/tournament/challenge/challenge.messages';
import {
  promotedNotice,
  restoredNotice,
  seatedFromWaitlistNotice,
  withdrawnByPenaltyNotice,
  withdrawnIneligibleNotice,
} from '@dcs/tournament/registrations/registration.messages';
import { checkInClosingReminders, checkInOpenReminders, registrationOpenReminders } from '@dcs/tournament/delivery/reminder.messages';
import { appealDecidedNotice, penaltyNotice } from '@dcs/tournament/integrity/integrity.messages';
import { appealOverdueNotice, appealReminderNotice } from '@dcs/tournament/integrity/appeal-deadlines.messages';
import { eliteSixNotices, eventEnteredNotices } from '@dcs/tournament/seasons/season.messages';
import { rulesChangedNotice } from '@dcs/tournament/rules/rules.messages';
import { accountMail } from '@dcs/tournament/delivery/account-mail.messages';

/**
 * Issue 24: every notice builder words its notice in Spanish beside the English (`Notice.es`), which
 * storeNotifications stores (and the live push carries) for a recipient whose account is in Spanish.
 * For each kind: the Spanish is there, differs from the English, and reads as Spanish (the words a
 * player reads, checked by phrase).
 */
const at = new Date('2027-01-02T17:00:00.000Z');
const challenge = { id: 'c1', localDate: '2027-01-02', checkInOpensAt: at, checkInClosesAt: at };
const reminder = { id: 'c1', cityName: 'Atlanta', localDate: '2027-01-02', startsAt: at, registrationOpensAt: at, checkInOpensAt: at, checkInClosesAt: at };
const due = { id: 'a1', dueAt: at, decision: { caseId: 'k1' } };

const kinds: [string, Notice, RegExp][] = [
  ['table.seated', seatedNotice({ challengeId: 'c', roundId: 'r', round: 1, table: 0, tableId: 't', gameId: 'g', seat: 0, hardStopAt: at }), /Te sientas en la mesa 1/],
  ['tiebreak.started', tiebreakNotice({ challengeId: 'c', tiebreakId: 'd', tableId: 't', gameId: 'g', closesAt: at }), /fichas boca abajo/],
  ['challenge.cancelled (director)', cancelledNotices(challenge, ['u'], 'lluvia', 'director')[0], /El director canceló el desafío del 2027-01-02: lluvia/],
  ['challenge.cancelled (too few)', cancelledNotices(challenge, ['u'], tooFewReason(3, 8), 'start', tooFewReasonEs(3, 8))[0], /Se canceló el desafío .*: solo hicieron check-in 3 jugadores; un desafío necesita al menos 8/],
  ['challenge.result', resultNotices('c', [{ playerId: 'u', placement: '1', points: 100, prizeCents: 5000 } as never])[0], /Puesto 1: 100 puntos de ranking, premio \$50\.00/],
  ['challenge.disqualified', disqualifiedNotice('c', 'u', 'conducta'), /Quedas descalificado/],
  ['challenge.promoted_from_waitlist', promotedNotice(challenge as never, 'Atlanta', 1), /Saliste de la lista de espera/],
  ['seated from the waitlist', seatedFromWaitlistNotice(challenge, 'Atlanta', 1), /desafío de Atlanta|lista de espera/],
  ['withdrawn (ineligible)', withdrawnIneligibleNotice(challenge, 'Atlanta'), /inscripci/i],
  ['withdrawn (penalty)', withdrawnByPenaltyNotice(challenge, 'sanción', 's1'), /Se retiró tu inscripción/],
  ['registration restored', restoredNotice(challenge, { status: 'registered', waitlistPlace: null }, 's1'), /vuelves a estar inscrito/],
  ['reminder: registration open', registrationOpenReminders(reminder, ['u'])[0], /inscripci/i],
  ['reminder: check-in open', checkInOpenReminders(reminder, ['u'])[0], /check-in/],
  ['reminder: check-in closing', checkInClosingReminders(reminder, ['u'])[0], /check-in/],
  ['integrity.penalty', penaltyNotice({ id: 'd1', caseId: 'k1', userId: 'u', createdAt: at }, 'minor', 'minor_1'), /Comité de Revisión Antitrampas decidió: infracción leve \(advertencia y 1 semana de suspensión\)\. Puedes apelar una vez/],
  ['integrity.appeal_decided', appealDecidedNotice({ appealId: 'a1', decisionId: 'd1', userId: 'u' }, 'reduced', 'none', 'pruebas nuevas'), /Tu apelación fue reducida a sin sanción: pruebas nuevas/],
  ['integrity.appeal_reminder', appealReminderNotice(due) as Notice, /La apelación a1 \(caso k1\) debe resolverse/],
  ['integrity.appeal_overdue', appealOverdueNotice(due) as Notice, /se ha escalado/],
  ['season.elite-six', eliteSixNotices('s1', [{ playerId: 'u', seed: 1, benefit: 'seed-1-travel' } as never])[0], /Estás en el Elite Six de tu ciudad \(cabeza de serie 1, cabeza de serie 1 con viaje pagado\)/],
  ['regional.entered', eventEnteredNotices({ kind: 'regional', region: 'Southeast', year: 2027, startsAt: at, entrants: ['u'] }, 'c2')[0], /Juegas el Regional Southeast 2027/],
  ['ndt.entered', eventEnteredNotices({ kind: 'ndt', region: null, year: 2027, startsAt: at, entrants: ['u'] }, 'c3')[0], /Juegas las Finales NDT 2027/],
  ['rules.changed', rulesChangedNotice({ version: 4, summary: 'el reloj' }), /Qué cambió: el reloj/],
];

describe('every notice in Spanish for an es recipient (issue 24)', () => {
  it.each(kinds)('%s', (_kind, notice, spanish) => {
    expect(notice.es).toBeDefined();
    expect(notice.es!.title.trim()).not.toBe('');
    expect(notice.es!.body).not.toBe(notice.body);
    expect(`${notice.es!.title}\n${notice.es!.body}`).toMatch(spanish);
  });

  it('the account e-mails in the account\'s language, English otherwise', () => {
    const m = { to: 'ana@example.com', secret: 's', tokenId: 't', expiresMinutes: 30, publicUrl: 'https://dcs.example', mailDomain: 'dcs.example' };
    const es = accountMail('reset_password', { ...m, language: 'es' });
    expect(es.subject).toBe('Restablece tu contraseña');
    expect(es.text).toContain('El enlace caduca en 30 minutos.');
    expect(es.text).toContain('Elegir una contraseña nueva');
    expect(accountMail('verify_email', { ...m, expiresMinutes: 2880, language: 'es' }).text).toContain('El enlace caduca en 48 horas.');
    const en = accountMail('reset_password', m);
    expect(en.subject).toBe('Reset your password');
    expect(en.text).toContain('The link expires in 30 minutes.');
  });

  it('the rules notice names its version in Spanish', () => {
    expect(rulesChangedNotice({ version: 4, summary: 'x' }).es?.title).toBe('Las reglas han cambiado (versión 4)');
  });
});
