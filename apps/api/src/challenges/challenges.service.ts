import { HttpStatus, Injectable } from '@nestjs/common';
import type { Challenge, User } from '@dcs/db';
import { AppError, notFound } from '@dcs/common';
import { AuthUser } from '../common/decorators';
import { ChallengesRepository, type Standing } from './challenges.repository';
import { checkInNotOpenYet } from './challenges.rules';
import { ChallengeDetailDto, ChallengeResponseDto, CityChallengesQueryDto, PublicRegistrationDto, RegistrationResponseDto } from './challenges.dto';

const WEEK_MS = 7 * 24 * 3600 * 1000;

const notRegistered = () => new AppError('NOT_REGISTERED', 'You are not registered for this challenge', HttpStatus.NOT_FOUND);
const signInAgain = () => new AppError('UNAUTHORIZED', 'Sign in again', HttpStatus.UNAUTHORIZED);

@Injectable()
export class ChallengesService {
  constructor(private readonly repo: ChallengesRepository) {}

  async forCity(cityId: string, q: CityChallengesQueryDto): Promise<ChallengeResponseDto[]> {
    if (!(await this.repo.cityExists(cityId))) throw notFound('City', cityId);
    const since = new Date(Date.now() - (q.pastWeeks ?? 4) * WEEK_MS);
    return (await this.repo.listForCity(cityId, since)).map(ChallengeResponseDto.from);
  }

  async get(id: string): Promise<ChallengeDetailDto> {
    const challenge = await this.repo.find(id);
    if (!challenge) throw notFound('Challenge', id);
    return ChallengeDetailDto.of(challenge, await this.repo.counts(id));
  }

  async registrations(id: string, viewer: AuthUser | undefined): Promise<PublicRegistrationDto[]> {
    if (!(await this.repo.find(id))) throw notFound('Challenge', id);
    const staff = !!viewer && (viewer.roles.includes('director') || viewer.roles.includes('admin'));
    return (await this.repo.publicRegistrations(id)).map((r) => PublicRegistrationDto.from(r, staff));
  }

  async mine(user: AuthUser, id: string): Promise<RegistrationResponseDto> {
    if (!(await this.repo.find(id))) throw notFound('Challenge', id);
    const r = await this.repo.myRegistration(id, user.id);
    if (!r || r.status === 'withdrawn') throw notRegistered();
    return RegistrationResponseDto.from(r);
  }

  async register(user: AuthUser, id: string): Promise<RegistrationResponseDto> {
    const now = new Date();
    // The standing is decided inside the registration's transaction, under the player's row lock (see ChallengesRepository.register).
    const out = await this.repo.register(id, user.id, now, (s) => refusal(s, now));
    switch (out.kind) {
      case 'no_account':
        throw signInAgain();
      case 'refused':
        throw out.refusal;
      case 'not_found':
        throw notFound('Challenge', id);
      case 'already':
        throw new AppError('ALREADY_REGISTERED', `You are already ${out.registration.status} for this challenge`, HttpStatus.CONFLICT, RegistrationResponseDto.from(out.registration));
      case 'closed':
        throw new AppError('REGISTRATION_CLOSED', registrationClosedMessage(out.challenge, now), HttpStatus.CONFLICT, windowOf(out.challenge));
      case 'done':
        return RegistrationResponseDto.from(out.registration);
    }
  }

  async withdraw(user: AuthUser, id: string): Promise<RegistrationResponseDto> {
    const out = await this.repo.withdraw(id, user.id, new Date());
    switch (out.kind) {
      case 'not_found':
        throw notFound('Challenge', id);
      case 'not_registered':
        throw notRegistered();
      case 'closed':
        throw new AppError('REGISTRATION_CLOSED', 'Withdrawal is possible only until check-in closes', HttpStatus.CONFLICT, windowOf(out.challenge));
      case 'done':
        return RegistrationResponseDto.from(out.registration);
    }
  }

  async checkIn(user: AuthUser, id: string): Promise<RegistrationResponseDto> {
    const now = new Date();
    // Read fresh, not from the token; outside the check-in's lock, which is enough here: a penalty
    // committed meanwhile withdraws the registration under the challenge's lock, and the check-in
    // finds it withdrawn (see ChallengesRepository.checkIn).
    const standing = await this.repo.standing(id, user.id);
    if (!standing) throw signInAgain();
    const refused = refusal(standing, now);
    if (refused) throw refused;
    const out = await this.repo.checkIn(id, user.id, now);
    switch (out.kind) {
      case 'not_found':
        throw notFound('Challenge', id);
      case 'not_registered':
        throw notRegistered();
      case 'closed': {
        const window = { checkInOpensAt: out.challenge.checkInOpensAt.toISOString(), checkInClosesAt: out.challenge.checkInClosesAt.toISOString(), status: out.challenge.status };
        if (checkInNotOpenYet(out.challenge, now)) {
          throw new AppError('CHECK_IN_NOT_OPEN', `Check-in has not opened yet: it opens at ${window.checkInOpensAt}`, HttpStatus.CONFLICT, window);
        }
        throw new AppError('CHECK_IN_CLOSED', 'Check-in is closed', HttpStatus.CONFLICT, window);
      }
      case 'done':
        return RegistrationResponseDto.from(out.registration);
    }
  }
}

/** Why this account may not take part now (banned, or suspended until later), or null. */
function standingError(u: Pick<User, 'status' | 'suspendedUntil'>, now: Date): AppError | null {
  if (u.status === 'banned') return new AppError('ACCOUNT_BANNED', 'A banned account cannot take part in challenges', HttpStatus.FORBIDDEN);
  if (u.status === 'suspended' && (u.suspendedUntil === null || u.suspendedUntil > now)) {
    return new AppError(
      'ACCOUNT_SUSPENDED',
      u.suspendedUntil ? `This account is suspended until ${u.suspendedUntil.toISOString()}` : 'This account is suspended',
      HttpStatus.FORBIDDEN,
      { suspendedUntil: u.suspendedUntil?.toISOString() ?? null },
    );
  }
  return null;
}

function seasonBanError(ban: { seasonId: string }): AppError {
  return new AppError('SEASON_BANNED', 'You are banned from this season: you cannot enter its challenges', HttpStatus.FORBIDDEN, { seasonId: ban.seasonId });
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
  if (now < c.registrationOpensAt && ['scheduled', 'registration_open', 'check_in_open'].includes(c.status)) {
    return `Registration opens at ${c.registrationOpensAt.toISOString()}`;
  }
  return 'Registration is closed: check-in has closed';
}
