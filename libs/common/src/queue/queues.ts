/**
 * Every BullMQ queue, job name and payload of the platform, in one place.
 * Job ids are deterministic so that adding a job twice is a no-op.
 */
export const QUEUES = {
  maintenance: 'maintenance',
  /** the weekly calendar: creating challenges, opening registration and check-in */
  schedule: 'schedule',
  /**
   * the effects of committed changes, as timers and follow-ups: a running challenge's (the 12:00 start,
   * round hard stops, next rounds, table decisions, tiebreak windows), the turn clock, house tables'
   * (computer turns, settlements, file expiries, the weekly commissary). The wire name stays `challenge`
   * (what it carried first): a deployed Redis's pending jobs are still processed after an upgrade.
   */
  effects: 'challenge',
  /** the review board's appeal deadlines: reminders before the due date, overdue marks for escalation (issue 7) */
  integrity: 'integrity',
  /** seasons: the close after a season's last challenge (issue 6) */
  season: 'season',
  /** anti-cheat detection: per-game analysis, signals, cases (issue 7 A) */
  anticheat: 'anticheat',
  /** post-game analysis for the players: a review per finished game (issue 24) */
  review: 'review',
  /** reaching the players outside the page: e-mail, Web Push, reminders (issue 28) */
  delivery: 'delivery',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const JOBS = {
  maintenanceSweep: 'maintenance-sweep',
  /** creates the coming challenges of every city (idempotent) and schedules their transitions */
  scheduleSweep: 'schedule-sweep',
  /** moves one challenge to the status due at this time (registration_open, check_in_open, check_in_closed) */
  challengeTransition: 'challenge-transition',
  /** 12:00: cancel (< 16 checked in) or seed, draw the bracket and seat round 1 */
  challengeStart: 'challenge-start',
  /** a round's 30-minute hard stop */
  roundHardStop: 'round-hard-stop',
  /** the next round after the break */
  roundStart: 'round-start',
  /** a table whose game ended: places, tiebreak or result */
  tableDecide: 'table-decide',
  /** a tiebreak draw's 5-second picking window closes */
  tiebreakClose: 'tiebreak-close',
  /** a turn's 20-second clock runs out (SPEC 1.7); at a house table, that seat's own clock (SPEC 8.3); one pending a game, following it move to move */
  turnClock: 'turn-clock',
  /** a computer seat at a house table plays its turn after its seeded think time (SPEC 8.6) */
  houseBot: 'house-bot',
  /** a finished house game is settled: payouts, releases, workouts, the Clock Jar (SPEC 8.1, 8.6) */
  houseSettle: 'house-settle',
  /** a game's contribution window closes: it is dealt from the server's seed and the contributions (issue 24) */
  dealClose: 'deal-close',
  /** an open ticket is served (7 days) or a felony cleared (30 days) (SPEC 8.4) */
  fileExpire: 'file-expire',
  /** the weekly commissary (SPEC 8.2): Monday 00:00 UTC, grants to accounts below 1,000 DD / 10 soups (one job a week) */
  houseCommissary: 'house-commissary',
  /** reminds the board of pending appeals whose deadline nears (never decides) */
  appealReminders: 'appeal-reminders',
  /** marks appeals past their 14-business-day deadline overdue, for escalation (never decides) */
  appealOverdue: 'appeal-overdue',
  /** a season's last challenge completed: final standings, the Elite Six, status closed */
  seasonClose: 'season-close',
  /** analyse one finished game and evaluate its players' and pairs' evidence (job id = the game id) */
  anticheatGame: 'anticheat-game',
  /** periodic: queue finished games not yet analysed, rescan recent pairs and linked accounts */
  anticheatScan: 'anticheat-scan',
  /** judge every decision of one finished game against the expert (job id = the game id) */
  reviewGame: 'review-game',
  /** periodic: queue finished games with no review yet */
  reviewScan: 'review-scan',
  /** periodic (and at start): takes the due deliveries and queues their sends; re-queues lost ones */
  deliveryPoll: 'delivery-poll',
  /** sends one delivery (job id `delivery.<deliveryId>.<claim>`: one a claim), by e-mail or to every push device of the player */
  deliverySend: 'delivery-send',
  /** sends an account e-mail (verification, password reset, change of address) that is not a notification */
  accountMail: 'account-mail',
  /** a reminder at its time (job id `reminder:<kind>:<challengeId>`): stores its notices, which the deliveries carry */
  reminder: 'reminder',
  /** periodic (and at start): queues the reminders of the coming challenges (the recovery of lost ones) */
  reminderSweep: 'reminder-sweep',
} as const;

/** Payload of the periodic maintenance sweep: lifts expired suspensions. */
export interface MaintenanceSweepPayload {
  /** ISO time the sweep was requested for; the sweep acts "as of" this instant. */
  requestedAt?: string;
}

export interface ScheduleSweepPayload {
  requestedAt?: string;
}

export interface ChallengeTransitionPayload {
  challengeId: string;
  to: 'registration_open' | 'check_in_open' | 'check_in_closed';
}

export interface ChallengeStartPayload {
  challengeId: string;
}

export interface RoundPayload {
  roundId: string;
}

export interface TablePayload {
  tableId: string;
}

export interface TiebreakPayload {
  tiebreakId: string;
  /** the draw version the window belongs to; a stale job does nothing */
  version: number;
}

export interface TurnClockPayload {
  gameId: string;
  /**
   * the game version the clock was queued for; when the game has moved on since, the job follows it
   * (queues the current turn's clock at its deadline): a move queues no job while one is pending
   */
  version: number;
  /** how many times the clock already ran out on this version */
  attempt: number;
}

export interface HouseBotPayload {
  gameId: string;
  version: number;
  attempt: number;
}

export interface HouseSettlePayload {
  gameId: string;
}

export interface FileExpirePayload {
  /** the ticket or felony on the player's file */
  entryId: string;
}

export interface HouseCommissaryPayload {
  /** the ISO week (`YYYY-Www`, UTC) the run grants for */
  week: string;
}

export interface SeasonClosePayload {
  seasonId: string;
}

/** Payload of the appeal deadline sweeps: they act as of the injected clock's time. */
export type AppealSweepPayload = Record<string, never>;

export interface AnticheatGamePayload {
  gameId: string;
}

export type AnticheatScanPayload = Record<string, never>;

export interface ReviewGamePayload {
  gameId: string;
}

export interface JobPayloads {
  [JOBS.anticheatGame]: AnticheatGamePayload;
  [JOBS.anticheatScan]: AnticheatScanPayload;
  [JOBS.reviewGame]: ReviewGamePayload;
  [JOBS.appealReminders]: AppealSweepPayload;
  [JOBS.appealOverdue]: AppealSweepPayload;
  [JOBS.maintenanceSweep]: MaintenanceSweepPayload;
  [JOBS.scheduleSweep]: ScheduleSweepPayload;
  [JOBS.challengeTransition]: ChallengeTransitionPayload;
  [JOBS.challengeStart]: ChallengeStartPayload;
  [JOBS.roundHardStop]: RoundPayload;
  [JOBS.roundStart]: RoundPayload;
  [JOBS.tableDecide]: TablePayload;
  [JOBS.tiebreakClose]: TiebreakPayload;
  [JOBS.turnClock]: TurnClockPayload;
  [JOBS.houseBot]: HouseBotPayload;
  [JOBS.houseSettle]: HouseSettlePayload;
  [JOBS.dealClose]: HouseSettlePayload;
  [JOBS.fileExpire]: FileExpirePayload;
  [JOBS.houseCommissary]: HouseCommissaryPayload;
  [JOBS.seasonClose]: SeasonClosePayload;
}

/** Deterministic job ids: the same fact never queues twice. (BullMQ refuses ":" in custom ids.) */
export const jobIds = {
  transition: (challengeId: string, to: string) => `challenge-transition.${challengeId}.${to}`,
  start: (challengeId: string) => `challenge-start.${challengeId}`,
  hardStop: (roundId: string) => `round-stop.${roundId}`,
  roundStart: (roundId: string) => `round-start.${roundId}`,
  tableDecide: (tableId: string) => `table-decide.${tableId}`,
  tiebreakClose: (tiebreakId: string, version: number) => `tiebreak-close.${tiebreakId}.${version}`,
  turnClock: (gameId: string, version: number, attempt: number) => `turn.${gameId}.${version}.${attempt}`,
  houseBot: (gameId: string, version: number, attempt: number) => `house-bot.${gameId}.${version}.${attempt}`,
  houseSettle: (gameId: string) => `house-settle.${gameId}`,
  dealClose: (gameId: string) => `deal-close.${gameId}`,
  fileExpire: (entryId: string) => `file-expire.${entryId}`,
  houseCommissary: (week: string) => `house-commissary.${week}`,
  seasonClose: (seasonId: string) => `season-close.${seasonId}`,
  anticheatGame: (gameId: string) => `anticheat-game.${gameId}`,
  reviewGame: (gameId: string) => `review-game.${gameId}`,
};

export const MAINTENANCE_SCHEDULER_ID = 'maintenance-sweep';
export const SCHEDULE_SCHEDULER_ID = 'schedule-sweep';
export const APPEAL_REMINDERS_SCHEDULER_ID = 'appeal-reminders';
export const APPEAL_OVERDUE_SCHEDULER_ID = 'appeal-overdue';
export const ANTICHEAT_SCHEDULER_ID = 'anticheat-scan';
export const REVIEW_SCHEDULER_ID = 'review-scan';

export interface DeliverySendPayload {
  deliveryId: string;
  /** the claim this job carries out (the delivery's claimed_at, ms): a job of an older claim does nothing */
  claim: number;
  /** push: the devices already reached by an earlier try of this job (never pushed twice) */
  pushed?: string[];
}

export interface AccountMailPayload {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/** The timed challenge reminders (the next round's is told when the break starts, in that step's transaction: challenge-decider.ts). */
export type ReminderKind = 'registration_open' | 'check_in_open' | 'check_in_closing';

export interface ReminderPayload {
  kind: ReminderKind;
  /** the challenge it is about */
  id: string;
}

/** The delivery queue's deterministic job ids (BullMQ refuses ":" in custom ids). */
export const deliveryJobIds = {
  /** one job per claim: a delivery taken again (after quiet hours, or its job lost) gets a job of its own */
  send: (deliveryId: string, claim: number) => `delivery.${deliveryId}.${claim}`,
  accountMail: (messageId: string) => `account-mail.${messageId.replace(/[^A-Za-z0-9._-]/g, '_')}`,
  reminder: (kind: ReminderKind, id: string) => `reminder.${kind}.${id}`,
};

export const DELIVERY_POLL_SCHEDULER_ID = 'delivery-poll';
export const REMINDER_SWEEP_SCHEDULER_ID = 'reminder-sweep';
