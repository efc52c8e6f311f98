export * from './challenge-flow.service';
export * from './challenge-clock';
export * from './challenge-table-host';
export * from './challenge-rows';
export * from './challenge-locks.repository';
export * from './table-outcome';
export { insertChallenges, insertChallenge, updateChallengeTerms, moveChallengeStatus, cancelNotStartedChallenges, withholdPlacementPrize, returnPlacementPrize, runningTournamentGameOf } from './challenge.repository';
