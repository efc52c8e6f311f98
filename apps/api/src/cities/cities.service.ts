import { Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { AppError, notFound } from '@dcs/common';
import { ChallengeCalendar } from '@dcs/tournament';
import { AuthUser } from '../common/decorators';
import { CitiesRepository } from './cities.repository';
import { CityResponseDto, CreateCityDto, CreateSeasonDto, SeasonResponseDto, UpdateCityDto } from './cities.dto';

@Injectable()
export class CitiesService {
  constructor(
    private readonly repo: CitiesRepository,
    private readonly calendar: ChallengeCalendar,
  ) {}

  async list(): Promise<CityResponseDto[]> {
    return (await this.repo.list()).map(CityResponseDto.from);
  }

  async get(id: string): Promise<CityResponseDto> {
    const city = await this.repo.find(id);
    if (!city) throw notFound('City', id);
    return CityResponseDto.from(city);
  }

  async create(user: AuthUser, dto: CreateCityDto): Promise<CityResponseDto> {
    this.checkWindows(dto.checkInOpensMin ?? 60, dto.checkInClosesMin ?? 5, dto.registrationOpensMin ?? 7920);
    // An admin's act (SPEC 7: an admin assigns directors to cities; a director creating one would direct it unassigned).
    const city = await this.repo.create({ ...dto }, user.id);
    if (!city) throw new AppError('SLUG_TAKEN', `A city with slug "${dto.slug}" already exists`);
    // Its next Saturdays at once, timers queued, exactly as the worker's sweep would do them later.
    await this.calendar.planCity(city.id, new Date(), { actorId: user.id });
    return CityResponseDto.from(city);
  }

  async update(user: AuthUser, id: string, dto: UpdateCityDto): Promise<CityResponseDto> {
    const city = await this.repo.find(id);
    if (!city) throw notFound('City', id);
    await this.repo.assertDirects(user.id, id);
    const { reason, ...change } = dto;
    this.checkWindows(
      change.checkInOpensMin ?? city.checkInOpensMin,
      change.checkInClosesMin ?? city.checkInClosesMin,
      change.registrationOpensMin ?? city.registrationOpensMin,
    );
    return CityResponseDto.from(await this.repo.update(id, change, user.id, reason, city));
  }

  async seasons(cityId: string): Promise<SeasonResponseDto[]> {
    await this.get(cityId);
    return (await this.repo.seasons(cityId)).map(SeasonResponseDto.from);
  }

  async createSeason(user: AuthUser, cityId: string, dto: CreateSeasonDto): Promise<SeasonResponseDto> {
    await this.get(cityId);
    await this.repo.assertDirects(user.id, cityId);
    const start = DateTime.fromISO(dto.startDate, { zone: 'UTC' });
    if (!start.isValid) throw new AppError('VALIDATION_FAILED', 'startDate is not a real date', [{ field: 'startDate', problems: ['not a real date'] }]);
    if (start.weekday !== 6) {
      throw new AppError('NOT_A_SATURDAY', `A season starts on a Saturday; ${dto.startDate} is a ${start.toFormat('cccc')}`);
    }
    const last = await this.repo.lastSeason(cityId);
    if (last) {
      const lastEnd = DateTime.fromISO(last.startDate, { zone: 'UTC' }).plus({ weeks: last.challenges });
      if (start < lastEnd) {
        throw new AppError('SEASON_OVERLAP', `Season ${last.number} runs until ${lastEnd.minus({ weeks: 1 }).toISODate()}; the next may start on ${lastEnd.toISODate()} or later`);
      }
    }
    return SeasonResponseDto.from(await this.repo.createSeason(cityId, dto.startDate, user.id));
  }

  private checkWindows(checkInOpens: number, checkInCloses: number, registrationOpens: number): void {
    if (checkInCloses >= checkInOpens || registrationOpens <= checkInOpens) {
      throw new AppError(
        'INVALID_SCHEDULE',
        'Registration must open before check-in opens, and check-in must open before it closes',
      );
    }
  }
}
