import { Injectable } from '@nestjs/common';
import type { Challenge } from '@dcs/db';
import { AppConfig, AppError, notFound } from '@dcs/common';
import { ScheduleInputError, upcomingSaturdays } from '@dcs/schedule';
import { type AccountStanding, ChallengeCalendar, type ChallengeSlot, checkInNotOpenYet, mayTakePart, registrationNotOpenYet, RegistrationsService, type Standing } from '@dcs/tournament';
import { AuthUser } from '../common/decorators';
import { type ChallengeTerms, ChallengesRepository } from './challenges.repository';
import { assertPrizePoolAllowed } from './prize-pool-ceiling';
import { ChallengeDetailDto, ChallengeResponseDto, CityChallengesQueryDto, CreateChallengeDto, PublicRegistrationDto, RegistrationResponseDto, RosterLineDto, RosterQueryDto, UpdateChallengeDto } from './challenges.dto';

const WEEK_MS = 7 * 24 * 3600 * 1000;
/** How far ahead a director may schedule a challenge. */
const MAX_AHEAD_MS = 366 * 24 * 3600 * 1000;
const NOON = '12:00';

const notRegistered = () => new AppError('NOT_REGISTERED', 'You are not registered for this challenge');
const signInAgain = () => new AppError('UNAUTHORIZED', 'Sign in again');

@Injectable()
export class ChallengesService {
  constructor(
    private readonly repo: ChallengesRepository,
    private readonly calendar: ChallengeCalendar,
    private readonly entries: RegistrationsService,
    private readonly config: AppConfig,
  ) {}

  /**
   * A director creates a challenge for a city (SPEC 7): by default the city's next Saturday at 12:00
   * local, else the Saturday named, or a special event at another date or time (with a reason). Its
   * timers are queued at once by the calendar's one producer, as the worker's sweep would.
   */
  async create(user: AuthUser, cityId: string, dto: CreateChallengeDto): Promise<ChallengeResponseDto> {
    const city = await this.calendar.city(cityId);
    if (!city) throw notFound('City', cityId);
    await this.repo.assertDirectsCity(user.id, cityId);
    const now = new Date();
    const slot = scheduleOrThrow(() => slotOf(dto, city.timeZone, now));
    const times = scheduleOrThrow(() => this.calendar.times(city, slot));
    assertPrizePoolAllowed(user, dto.prizePoolCents, this.config.PRIZE_POOL_CEILING_CENTS);
    const overrides = (dto.tier !== undefined && dto.tier !== city.tier) || dto.prizePoolCents !== undefined;
    if ((slot.kind === 'special' || overrides) && !dto.reason) {
      throw new AppError(
        'REASON_REQUIRED',
        slot.kind === 'special' ? 'A special event (another date or time than a Saturday at 12:00) needs a reason' : 'A tier or prize pool other than the city\'s needs a reason',
      );
    }
    const at = { startsAt: times.startsAt.toISOString(), checkInClosesAt: times.checkInClosesAt.toISOString() };
    if (times.startsAt.getTime() <= now.getTime()) throw new AppError('START_IN_PAST', `That start (${at.startsAt}) has passed`, at);
    if (times.checkInClosesAt.getTime() <= now.getTime()) {
      throw new AppError('TOO_LATE', `Check-in for that start would already be closed (at ${at.checkInClosesAt}): nobody could take part`, at);
    }
    if (times.startsAt.getTime() - now.getTime() > MAX_AHEAD_MS) throw new AppError('TOO_FAR_AHEAD', 'A challenge can be created at most a year ahead', at);
    const created = await this.calendar.createOne(city, slot, { actorId: user.id, reason: dto.reason }, { tier: dto.tier, prizePoolCents: dto.prizePoolCents });
    if (!created) {
      const existing = await this.repo.findSlot(cityId, slot.localDate, slot.kind);
      throw new AppError(
        'CHALLENGE_EXISTS',
        slot.kind === 'weekly' ? `${city.name} already has its challenge of ${slot.localDate}` : `${city.name} already has a special event on ${slot.localDate}`,
        { challengeId: existing?.id ?? null },
      );
    }
    return ChallengeResponseDto.from(created);
  }

  /**
   * A director changes a challenge's tier (its pool and split with it) and/or its prize pool, before it
   * starts: never one they play in (OWN_CHALLENGE), a pool above the ceiling only as an admin.
   */
  async update(user: AuthUser, id: string, dto: UpdateChallengeDto): Promise<ChallengeResponseDto> {
    if (dto.tier === undefined && dto.prizePoolCents === undefined) {
      throw new AppError('NOTHING_TO_CHANGE', 'Give a tier, a prizePoolCents or both');
    }
    const current = await this.repo.find(id);
    if (!current) throw notFound('Challenge', id);
    if (dto.tier !== undefined && current.kind !== 'weekly' && current.kind !== 'special') {
      throw new AppError('TIER_NOT_APPLICABLE', `A ${current.kind} challenge has no tier; change its prize pool only`);
    }
    const terms: ChallengeTerms = {};
    if (dto.tier !== undefined) {
      const t = await this.calendar.tierTerms(dto.tier);
      Object.assign(terms, { tier: dto.tier, prizePoolCents: t.prizePoolCents, prizeSplit: { ...t.prizeSplit } });
    }
    if (dto.prizePoolCents !== undefined) terms.prizePoolCents = dto.prizePoolCents;
    const out = await this.repo.updateTerms(id, terms, user.id, dto.reason, () => assertPrizePoolAllowed(user, dto.prizePoolCents, this.config.PRIZE_POOL_CEILING_CENTS));
    switch (out.kind) {
      case 'not_found':
        throw notFound('Challenge', id);
      case 'started':
        throw new AppError('CHALLENGE_STARTED', `The challenge is ${out.challenge.status}: its tier and prize pool can change only before it starts`, { status: out.challenge.status });
      case 'done':
        return ChallengeResponseDto.from(out.challenge);
    }
  }

  async forCity(cityId: string, q: CityChallengesQueryDto): Promise<ChallengeResponseDto[]> {
    if (!(await this.repo.cityExists(cityId))) throw notFound('City', cityId);
    const since = new Date(Date.now() - (q.pastWeeks ?? 4) * WEEK_MS);
    return (await this.repo.listForCity(cityId, since)).map(ChallengeResponseDto.from);
  }

  async get(id: string): Promise<ChallengeDetailDto> {
    const challenge = await this.repo.find(id);
    if (!challenge) throw notFound('Challenge', id);
    return ChallengeDetailDto.of(challenge, await this.entries.counts(id));
  }

  async registrations(id: string, viewer: AuthUser | undefined): Promise<PublicRegistrationDto[]> {
    if (!(await this.repo.find(id))) throw notFound('Challenge', id);
    const staff = !!viewer && (viewer.roles.includes('director') || viewer.roles.includes('admin'));
    return (await this.entries.publicList(id)).map((r) => PublicRegistrationDto.from(r, staff));
  }

  /**
   * A director's list of the challenge (SPEC 7: their cities only, default-deny; an admin everywhere):
   * who registered, checked in, waits or withdrew, searched by name.
   */
  async roster(user: AuthUser, id: string, q: RosterQueryDto): Promise<RosterLineDto[]> {
    const challenge = await this.repo.find(id);
    if (!challenge) throw notFound('Challenge', id);
    await this.repo.assertDirectsCity(user.id, challenge.cityId);
    return (await this.entries.roster(id, { status: q.status, name: q.q || undefined })).map(RosterLineDto.from);
  }

  async mine(user: AuthUser, id: string): Promise<RegistrationResponseDto> {
    if (!(await this.repo.find(id))) throw notFound('Challenge', id);
    const r = await this.entries.mine(id, user.id);
    if (!r || r.status === 'withdrawn') throw notRegistered();
    return RegistrationResponseDto.from(r);
  }

  async register(user: AuthUser, id: string): Promise<RegistrationResponseDto> {
    const now = new Date();
    // The standing is decided inside the registration's transaction, under the player's row lock (see RegistrationsService.register).
    const out = await this.entries.register(id, user.id, now, (s) => refusal(s, now));
    switch (out.kind) {
      case 'no_account':
        throw signInAgain();
      case 'refused':
        throw out.refusal;
      case 'not_found':
        throw notFound('Challenge', id);
      case 'already':
        throw new AppError('ALREADY_REGISTERED', `You are already ${out.registration.status} for this challenge`, RegistrationResponseDto.from(out.registration));
      case 'closed':
        throw new AppError('REGISTRATION_CLOSED', registrationClosedMessage(out.challenge, now), windowOf(out.challenge));
      case 'done':
        return RegistrationResponseDto.from(out.registration);
    }
  }

  async withdraw(user: AuthUser, id: string): Promise<RegistrationResponseDto> {
    const out = await this.entries.withdraw(id, user.id, new Date());
    switch (out.kind) {
      case 'not_found':
        throw notFound('Challenge', id);
      case 'not_registered':
        throw notRegistered();
      case 'closed':
        throw new AppError('REGISTRATION_CLOSED', 'Withdrawal is possible only until check-in closes', windowOf(out.challenge));
      case 'done':
        return RegistrationResponseDto.from(out.registration);
    }
  }

  async checkIn(user: AuthUser, id: string): Promise<RegistrationResponseDto> {
    const now = new Date();
    // Read fresh, not from the token; outside the check-in's lock, which is enough here: a penalty
    // committed meanwhile withdraws the registration under the challenge's lock, and the check-in
    // finds it withdrawn (see RegistrationsService.checkIn).
    const standing = await this.entries.standing(id, user.id);
    if (!standing) throw signInAgain();
    const refused = refusal(standing, now);
    if (refused) throw refused;
    const out = await this.entries.checkIn(id, user.id, now);
    switch (out.kind) {
      case 'not_found':
        throw notFound('Challenge', id);
      case 'not_registered':
        throw notRegistered();
      case 'closed': {
        const window = { checkInOpensAt: out.challenge.checkInOpensAt.toISOString(), checkInClosesAt: out.challenge.checkInClosesAt.toISOString(), status: out.challenge.status };
        if (checkInNotOpenYet(out.challenge, now)) {
          throw new AppError('CHECK_IN_NOT_OPEN', `Check-in has not opened yet: it opens at ${window.checkInOpensAt}`, window);
        }
        throw new AppError('CHECK_IN_CLOSED', 'Check-in is closed', window);
      }
      case 'done':
        return RegistrationResponseDto.from(out.registration);
    }
  }
}

/** Why this account may not take part now (banned, or suspended until later), or null. */
function standingError(u: AccountStanding, now: Date): AppError | null {
  if (mayTakePart(u, now)) return null;
  if (u.status === 'banned') return new AppError('ACCOUNT_BANNED', 'A banned account cannot take part in challenges');
  return new AppError(
    'ACCOUNT_SUSPENDED',
    u.suspendedUntil ? `This account is suspended until ${u.suspendedUntil.toISOString()}` : 'This account is suspended',
    { suspendedUntil: u.suspendedUntil?.toISOString() ?? null },
  );
}

function seasonBanError(ban: { seasonId: string }): AppError {
  return new AppError('SEASON_BANNED', 'You are banned from this season: you cannot enter its challenges', { seasonId: ban.seasonId });
}

/**
 * Why this player may not register for, or check in to, this challenge, or null: SPEC 3.1 (suspended
 * or banned players cannot), then SPEC 4 (a season ban removes the player from the season's challenges).
 */
function refusal(s: Standing, now: Date): AppError | null {
  return standingError(s.account, now) ?? (s.seasonBan ? seasonBanError(s.seasonBan) : null);
}

function windowOf(c: Challenge) {
  return {
    status: c.status,
    registrationOpensAt: c.registrationOpensAt.toISOString(),
    registrationClosesAt: c.checkInClosesAt.toISOString(),
  };
}

function registrationClosedMessage(c: Challenge, now: Date): string {
  if (c.status === 'cancelled') return 'This challenge was cancelled';
  if (registrationNotOpenYet(c, now)) {
    return `Registration opens at ${c.registrationOpensAt.toISOString()}`;
  }
  return 'Registration is closed: check-in has closed';
}

/** Which challenge the director asks for (see CreateChallengeDto). */
function slotOf(dto: CreateChallengeDto, timeZone: string, now: Date): ChallengeSlot {
  const localDate = dto.localDate ?? upcomingSaturdays(timeZone, now, 1)[0];
  const startTime = dto.startTime ?? NOON;
  const saturday = new Date(`${localDate}T00:00:00Z`).getUTCDay() === 6;
  return saturday && startTime === NOON ? { kind: 'weekly', localDate } : { kind: 'special', localDate, startTime };
}

/** libs/schedule's refusals (a date that does not exist, an unknown zone) as 400s with their own codes. */
function scheduleOrThrow<T>(f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof ScheduleInputError) throw new AppError(err.code, err.message);
    throw err;
  }
}
