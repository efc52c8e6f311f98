import { Module } from '@nestjs/common';
import { TournamentModule } from '@dcs/tournament';
import { HouseController } from './house.controller';
import { HouseApiService } from './house-api.service';

/** House tables (SPEC 8): the lobby, seats, wallets, the file and workouts. */
@Module({ imports: [TournamentModule], controllers: [HouseController], providers: [HouseApiService] })
export class HouseModule {}
