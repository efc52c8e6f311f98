import { Injectable } from '@nestjs/common';
import { AppError, notFound } from '@dcs/common';
import type { AuthUser } from '../common/decorators';
import { DirectorCitiesRepository } from './director-cities.repository';
import { DirectorCityDto, DirectorDto } from './director-cities.dto';

/** SPEC 7: an admin assigns directors to cities (audited); a director acts only in those. */
@Injectable()
export class DirectorCitiesService {
  constructor(private readonly repo: DirectorCitiesRepository) {}

  async directors(): Promise<DirectorDto[]> {
    return (await this.repo.directors()).map((u) => ({ userId: u.id, displayName: u.displayName, email: u.email, cities: u.directorCities.map(DirectorCityDto.from) }));
  }

  async cities(userId: string): Promise<DirectorCityDto[]> {
    return (await this.repo.cities(userId)).map(DirectorCityDto.from);
  }

  async assign(admin: AuthUser, userId: string, cityId: string, reason?: string): Promise<DirectorCityDto[]> {
    const { user, city } = await this.repo.parties(userId, cityId);
    if (!user) throw notFound('User', userId);
    if (!city) throw notFound('City', cityId);
    if (!user.roles.includes('director')) throw new AppError('NOT_A_DIRECTOR', 'Only a director can be assigned a city: give the account the director role first');
    await this.repo.change('assign', admin.id, userId, cityId, reason);
    return this.cities(userId);
  }

  async unassign(admin: AuthUser, userId: string, cityId: string, reason?: string): Promise<DirectorCityDto[]> {
    const { user } = await this.repo.parties(userId, cityId);
    if (!user) throw notFound('User', userId);
    await this.repo.change('unassign', admin.id, userId, cityId, reason);
    return this.cities(userId);
  }
}
