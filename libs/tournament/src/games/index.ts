export * from './games.repository';
export * from './game.store';
export * from './game-store.module';
export * from './table-host';
export * from './move-publisher';
export * from './turn-clock.service';
export * from './game-move.service';
export * from './fair-deal.service';
