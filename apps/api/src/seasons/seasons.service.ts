import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Challenge, Placement, Region, WdcEntry } from '@dcs/db';
import { AppConfig, AppError, notFound } from '@dcs/common';
import { seedRng, shuffle } from '@dcs/engine';
import { ChallengeCalendar, type CloseResult, type EventEntrant, type EventInfo, SeasonStandingsStore } from '@dcs/tournament';
import { assertPrizePoolAllowed } from '../challenges/prize-pool-ceiling';
import { AuthUser } from '../common/decorators';
import { CreateNdtDto, CreateRegionalDto, CreateWdcEntryDto } from './seasons.dto';
import { SeasonsRepository } from './seasons.repository';

const REGIONS: readonly Region[] = ['north', 'south', 'east', 'west'];
const BENEFIT_ORDER: Record<string, number> = { 'seed-1-travel': 0, 'seed-2-3': 1, qualification: 2 };
/** SPEC 4: the NDT Finals pool is $100,000 or more; the WDC's $250,000. */
export const NDT_MIN_PRIZE_POOL_CENTS = 10_000_000;
export const WDC_PRIZE_POOL_CENTS = 25_000_000;

export interface EventView {
  id: string;
  kind: Challenge['kind'];
  region: Region | null;
  year: number | null;
  status: Challenge['status'];
  startsAt: string;
  hostCityId: string;
  prizePoolCents: number;
  entrants: (EventEntrant & { seed: number })[];
  /** Once completed: every placement, best first. */
  placements: { userId: string; placement: string; rankingPoints: number; prizeCents: number }[];
  winner: string | null;
  wdcYear?: number;
}

function view(c: Challenge & { placements: Placement[] }): EventView {
  const info = (c.event as unknown as EventInfo | null) ?? { entrants: [] };
  const order = ['1', '2', '3-4', '5-8', '9-16', 'participation'];
  const placements = [...c.placements].sort((a, b) => order.indexOf(a.placement) - order.indexOf(b.placement) || (a.userId < b.userId ? -1 : 1));
  return {
    id: c.id,
    kind: c.kind,
    region: c.region,
    year: c.year,
    status: c.status,
    startsAt: c.startsAt.toISOString(),
    hostCityId: c.cityId,
    prizePoolCents: c.prizePoolCents,
    entrants: info.entrants.map((e, i) => ({ ...e, seed: i + 1 })),
    placements: placements.map((p) => ({ userId: p.userId, placement: p.placement, rankingPoints: p.rankingPoints, prizeCents: p.prizeCents })),
    winner: placements.find((p) => p.placement === '1')?.userId ?? null,
    ...(info.wdcYear ? { wdcYear: info.wdcYear } : {}),
  };
}

/**
 * Season close (director) and the road beyond the city (SPEC 4): each region's Regional
 * Tournament from its cities' Elite Sixes, the NDT Finals of the 4 regional winners, the WDC
 * entrants. Events are challenges (kind regional / ndt) run by ChallengeFlowService.
 */
@Injectable()
export class SeasonsService {
  constructor(
    private readonly repo: SeasonsRepository,
    private readonly store: SeasonStandingsStore,
    private readonly calendar: ChallengeCalendar,
    private readonly config: AppConfig,
  ) {}

  async close(user: AuthUser, cityId: string, seasonId: string, reason?: string): Promise<CloseResult> {
    if (!(await this.repo.season(cityId, seasonId))) throw notFound('Season', seasonId);
    await this.repo.assertDirects(user.id, cityId);
    // SPEC 7: closing early cancels the season's challenges not started yet; never by one who plays in them.
    const own = await this.repo.enteredOpenChallenge(seasonId, user.id);
    if (own) throw new AppError('OWN_CHALLENGE', 'You are entered in a challenge of this season that closing it would cancel: another director must close it', { challengeId: own });
    return this.store.close(seasonId, user.id, reason ?? null);
  }

  /**
   * The region's Regional: the current Elite Six of each city's latest closed season, seeded by
   * benefit (seed #1 + travel, then #2-3, then qualification), then by city seed, then by season
   * points, then by a recorded random draw.
   */
  async createRegional(user: AuthUser, dto: CreateRegionalDto): Promise<EventView & { created: boolean }> {
    const eventKey = `regional:${dto.year}:${dto.region}`;
    const existing = await this.repo.eventByKey(eventKey);
    if (existing) return { ...(await this.event(existing.id)), created: false };
    assertPrizePoolAllowed(user, dto.prizePoolCents, this.config.PRIZE_POOL_CEILING_CENTS);
    const cities = await this.repo.regionQualifiers(dto.region);
    const pool: EventEntrant[] = [];
    const seen = new Set<string>();
    for (const city of cities) {
      const season = city.seasons[0];
      if (!season) continue;
      for (const e of season.eliteSix) {
        if (seen.has(e.userId)) continue; // in two cities' Elite Sixes: one place
        seen.add(e.userId);
        pool.push({ userId: e.userId, benefit: e.benefit, seasonId: season.id, cityId: city.id, rank: e.seed, points: e.points, region: dto.region });
      }
    }
    if (pool.length < 3) {
      throw new AppError('NOT_ENOUGH_QUALIFIERS', `The ${dto.region} region has ${pool.length} Elite Six qualifier(s) from closed seasons; a Regional needs at least 3`, { qualifiers: pool.length });
    }
    // SPEC 7: whoever plays in a challenge never directs it, and creating the Regional is directing it.
    if (seen.has(user.id)) throw new AppError('OWN_CHALLENGE', 'You qualify for this Regional, so you may not create it: another director or an admin must', { region: dto.region, year: dto.year });
    if (dto.hostCityId && !(await this.repo.cityExists(dto.hostCityId, dto.region))) throw new AppError('BAD_HOST_CITY', 'The host city must be a city of the region');
    const seedingDraw = randomBytes(16).toString('hex');
    const drawn = new Map(shuffle(seedRng(seedingDraw), pool.map((e) => e.userId).sort()).map((id, i) => [id, i]));
    const entrants = [...pool].sort(
      (a, b) => BENEFIT_ORDER[a.benefit ?? 'qualification'] - BENEFIT_ORDER[b.benefit ?? 'qualification'] || (a.rank ?? 0) - (b.rank ?? 0) || (b.points ?? 0) - (a.points ?? 0) || drawn.get(a.userId)! - drawn.get(b.userId)!,
    );
    const startsAt = dto.startsAt ? new Date(dto.startsAt) : new Date();
    const { challenge, created } = await this.repo.createEvent(user.id, {
      kind: 'regional',
      eventKey,
      region: dto.region,
      year: dto.year,
      hostCityId: dto.hostCityId ?? entrants[0].cityId!,
      startsAt,
      prizePoolCents: dto.prizePoolCents ?? 0,
      event: { entrants, seedingDraw } as unknown as EventInfo as never,
      entrants: entrants.map((e) => e.userId),
    });
    if (created) await this.calendar.queueTimersSafely(challenge); // its 12:00 job: the calendar is the one producer of starts
    return { ...(await this.event(challenge.id)), created };
  }

  /** The NDT Finals of a year: the 4 regional winners at one table, once every region's Regional is completed. */
  async createNdt(user: AuthUser, dto: CreateNdtDto): Promise<EventView & { created: boolean }> {
    const eventKey = `ndt:${dto.year}`;
    const existing = await this.repo.eventByKey(eventKey);
    if (existing) return { ...(await this.event(existing.id)), created: false };
    const regionals = await this.repo.regionalsOf(dto.year);
    const missing = REGIONS.filter((r) => !regionals.some((c) => c.region === r && c.status === 'completed' && c.placements.length > 0));
    if (missing.length) {
      throw new AppError('REGIONALS_NOT_COMPLETE', `The NDT Finals ${dto.year} needs the winners of all four Regionals; not completed yet: ${missing.join(', ')}`, { missing });
    }
    const entrants: EventEntrant[] = [];
    for (const region of REGIONS) {
      const c = regionals.find((x) => x.region === region)!;
      const winner = c.placements[0].userId;
      if (entrants.some((e) => e.userId === winner)) continue;
      entrants.push({ userId: winner, benefit: null, seasonId: null, cityId: c.cityId, rank: null, points: null, region });
    }
    const startsAt = dto.startsAt ? new Date(dto.startsAt) : new Date();
    const wdcYear = dto.wdcYear ?? (dto.year % 2 === 0 ? dto.year : dto.year + 1);
    const { challenge, created } = await this.repo.createEvent(user.id, {
      kind: 'ndt',
      eventKey,
      region: null,
      year: dto.year,
      hostCityId: regionals.find((x) => x.region === REGIONS[0])!.cityId,
      startsAt,
      prizePoolCents: dto.prizePoolCents ?? NDT_MIN_PRIZE_POOL_CENTS,
      event: { entrants, wdcYear, wdcPrizePoolCents: WDC_PRIZE_POOL_CENTS } as never,
      entrants: entrants.map((e) => e.userId),
    });
    if (created) await this.calendar.queueTimersSafely(challenge); // its 12:00 job: the calendar is the one producer of starts
    return { ...(await this.event(challenge.id)), created };
  }

  async events(kind: 'regional' | 'ndt', year?: number): Promise<EventView[]> {
    return (await this.repo.events(kind, year)).map(view);
  }

  async event(id: string): Promise<EventView> {
    const c = await this.repo.event(id);
    if (!c) throw notFound('Event', id);
    return view(c);
  }

  async wdc(year: number): Promise<{ year: number; prizePoolCents: number; qualifiers: WdcEntry[]; entries: WdcEntry[] }> {
    const entries = await this.repo.wdcEntries(year);
    return { year, prizePoolCents: WDC_PRIZE_POOL_CENTS, qualifiers: entries.filter((e) => e.source === 'ndt'), entries };
  }

  async addWdcEntry(user: AuthUser, year: number, dto: CreateWdcEntryDto): Promise<WdcEntry & { created: boolean }> {
    if (dto.userId && !(await this.repo.userExists(dto.userId))) throw notFound('Player', dto.userId);
    const { entry, created } = await this.repo.addWdcEntry(user.id, year, dto.name.trim(), dto.country, dto.userId ?? null);
    return { ...entry, created };
  }
}
