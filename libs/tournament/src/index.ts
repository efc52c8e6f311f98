export * from './table-outcome';
export * from './games.repository';
export * from './challenge-queue';
export * from './challenge-flow.service';
export * from './tournament.module';
export * from './game-move.store';
export * from './season-facts';
export * from './turn-clock.service';
