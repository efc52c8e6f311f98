import { Module } from '@nestjs/common';
import { DirectorCitiesController } from './director-cities.controller';
import { DirectorCitiesRepository } from './director-cities.repository';
import { DirectorCitiesService } from './director-cities.service';
import { AccountTokensRepository, LiveEmitterModule } from '@dcs/tournament';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  imports: [LiveEmitterModule],
  controllers: [UsersController, DirectorCitiesController],
  providers: [UsersService, UsersRepository, AccountTokensRepository, DirectorCitiesService, DirectorCitiesRepository],
  exports: [UsersRepository],
})
export class UsersModule {}
