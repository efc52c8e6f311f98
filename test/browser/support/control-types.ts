/** The browser platform's control routes (platform.ts), shared by the server and the journeys. */
export const PLAYER_PASSWORD = 'browser-journey-pass';

export interface ChallengeRequest {
  checkedIn: number;
  roundSeconds?: number;
  breakSeconds?: number;
  /** false: leave it before 12:00 (no bracket yet) */
  start?: boolean;
}

export interface CreatedChallenge {
  challengeId: string;
  players: string[];
  /** player 1 (seed order of the fixture), who can sign in */
  login: { userId: string; email: string; password: string };
}

export interface SeasonRequest {
  players: number;
  /** completed weekly challenges of the 12 (the rest are still to play) */
  weeksPlayed: number;
}

export interface CreatedSeason {
  cityId: string;
  seasonId: string;
  /** player ids, strongest first as simulated (names "Season <n>") */
  players: string[];
}

export interface UserRequest {
  /** roles besides competitor: director, reviewer, admin */
  roles: ('director' | 'reviewer' | 'admin')[];
  displayName?: string;
  /** a director's cities (SPEC 7: a director acts only in the cities assigned to them): those of these challenges */
  directsChallenges?: string[];
}

export interface CreatedUser {
  userId: string;
  email: string;
  password: string;
}

export interface OpenChallengeRequest {
  /** players registered and checked in before the journey's own player */
  bots: number;
  /** the turn clock (ms; 20 s by default) */
  turnMs?: number;
  roundSeconds?: number;
  /** the break between rounds (s; none by default) */
  breakSeconds?: number;
  /** check-in opens this far ahead (ms; registration open until then) instead of being open now */
  checkInOpensInMs?: number;
}

/** A move as the record writes it (libs/engine Action). */
export interface RecordedMove {
  seat: number;
  type: 'play' | 'knock' | 'draw' | 'reshuffle' | 'forfeit';
  tile?: string;
  end?: 'W' | 'E' | 'N' | 'S';
}

export interface BlunderedGame {
  gameId: string;
  tableId: string;
  seat: number;
  /** where the blunder is: the record's hands[hand].actions[action] */
  hand: number;
  action: number;
  played: RecordedMove;
  best: RecordedMove;
}
