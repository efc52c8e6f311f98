import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@dcs/common';
import { TournamentClock } from './time/tournament-clock';
import { ChallengeFlowService } from './challenge/challenge-flow.service';
import { ChallengeRepository } from './challenge/challenge.repository';
import { EffectsQueue } from './effects/effects-queue';
import { GameStoreModule } from './games/game-store.module';
import { GamesRepository } from './games/games.repository';
import { LiveEmitterModule } from './live/live-emitter.module';
import { SeasonQueue } from './seasons/season-queue';
import { AnticheatQueue } from './effects/anticheat-queue';
import { SeasonStandingsStore } from './season-standings.store';
import { TurnClockService } from './games/turn-clock.service';
import { TurnClockRepository } from './games/turn-clock.repository';
import { RegistrationsModule } from './registrations/registrations.module';
import { GameMoveService } from './games/game-move.service';
import { FairDeal } from './games/fair-deal.service';
import { CommissaryService, HouseAccounts, HouseBotService, HousePenalties, HouseRepository, HouseSeating, HouseService, HouseSettlement, HouseTableHost, HouseTurns } from './house';
import { PlayerFileRepository, WalletRepository } from './ledger';
import { TableHosts } from './games/table-host';
import { MovePublisher } from './games/move-publisher';
import { ChallengeClock } from './challenge/challenge-clock';
import { ChallengeSeating } from './challenge/challenge-seating';
import { TableDecider } from './challenge/challenge-decider';
import { TiebreakDraws } from './challenge/challenge-draws';
import { ChallengeDirectorActs } from './challenge/challenge-director-acts';
import { ChallengeTableHost } from './challenge/challenge-table-host';
import { RulesRepository, RulesService } from './rules';

/**
 * The running challenge, shared by the API (moves that end a game, tiebreak picks,
 * director acts) and the worker (timers). Needs BullModule.forRoot in the app.
 */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.effects }, { name: QUEUES.season }, { name: QUEUES.anticheat }), RegistrationsModule, GameStoreModule, LiveEmitterModule],
  providers: [RulesRepository, RulesService, TournamentClock, TableHosts, MovePublisher, ChallengeTableHost, HouseTableHost, ChallengeClock, ChallengeSeating, TableDecider, TiebreakDraws, ChallengeDirectorActs, GameMoveService, FairDeal, HouseService, HouseTurns, HouseSeating, HousePenalties, HouseSettlement, HouseAccounts, CommissaryService, HouseRepository, WalletRepository, PlayerFileRepository, HouseBotService, ChallengeFlowService, ChallengeRepository, EffectsQueue, GamesRepository, TurnClockService, TurnClockRepository, SeasonQueue, SeasonStandingsStore, AnticheatQueue],
  exports: [RulesService, TournamentClock, TableHosts, MovePublisher, RegistrationsModule, GameStoreModule, GameMoveService, FairDeal, HouseService, CommissaryService, HouseRepository, WalletRepository, PlayerFileRepository, HouseBotService, ChallengeFlowService, EffectsQueue, GamesRepository, TurnClockService, LiveEmitterModule, SeasonQueue, SeasonStandingsStore],
})
export class TournamentModule {}
