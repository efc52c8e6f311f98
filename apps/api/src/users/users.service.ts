import { Injectable } from '@nestjs/common';
import type { Role } from '@dcs/db';
import { notFound } from '@dcs/common';
import { LiveEmitter, sessionsChanged } from '@dcs/tournament';
import { AuthUser } from '../common/decorators';
import { MeResponseDto, SetRolesDto, UpdateMeDto, UserResponseDto } from './users.dto';
import { UsersRepository } from './users.repository';
import { DirectorCitiesRepository } from './director-cities.repository';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly directorCities: DirectorCitiesRepository,
    private readonly live: LiveEmitter,
  ) {}

  async me(caller: AuthUser): Promise<MeResponseDto> {
    const found = await this.users.findWithTimeZone(caller.id);
    if (!found) throw notFound('User', caller.id);
    const { user, timeZone } = found;
    const cities = user.roles.includes('director') ? await this.directorCities.cities(user.id) : [];
    return { ...UserResponseDto.from(user), directorCities: cities.map((d) => ({ id: d.cityId, name: d.city.name })), timeZone };
  }

  async updateMe(caller: AuthUser, dto: UpdateMeDto): Promise<MeResponseDto> {
    const updated = await this.users.setLocale(caller.id, dto.locale);
    if (!updated) throw notFound('User', caller.id);
    return this.me(caller);
  }

  async setRoles(caller: AuthUser, id: string, dto: SetRolesDto): Promise<UserResponseDto> {
    // Everyone stays a competitor; the other roles are granted on top.
    const roles = Array.from(new Set<Role>(['competitor', ...dto.roles]));
    const user = await this.users.setRoles(id, roles, caller.id, dto.reason);
    if (!user) throw notFound('User', id);
    // The old tokens carry the old roles: their open sockets, on every instance, are told ROLES_CHANGED and closed.
    await this.live.sessionsChanged(sessionsChanged(user));
    return UserResponseDto.from(user);
  }
}
