import { Module } from '@nestjs/common';
import { GameStore } from './game.store';

/** The one game store, one instance (and one cache) per process: TournamentModule re-exports it; the anti-cheat worker imports it alone. */
@Module({ providers: [GameStore], exports: [GameStore] })
export class GameStoreModule {}
