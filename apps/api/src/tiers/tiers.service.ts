import { Injectable } from '@nestjs/common';
import type { Tier } from '@dcs/db';
import { AppError } from '@dcs/common';
import { DEFAULT_PRIZE_SPLIT, isPointsError, prizeAmounts, type PrizeSplit, TIER_PRIZE_POOL_CENTS } from '@dcs/ranking';
import { AuthUser } from '../common/decorators';
import { SetPrizeSplitDto, TierResponseDto } from './tiers.dto';
import { TiersRepository } from './tiers.repository';

const TIERS: Tier[] = ['T1', 'T2', 'T3'];

@Injectable()
export class TiersService {
  constructor(private readonly repo: TiersRepository) {}

  async list(): Promise<TierResponseDto[]> {
    const rows = new Map((await this.repo.all()).map((r) => [r.tier, r.prizeSplit as unknown as PrizeSplit]));
    return TIERS.map((tier) => this.toDto(tier, rows.get(tier) ?? null));
  }

  async setSplit(user: AuthUser, tier: Tier, dto: SetPrizeSplitDto): Promise<TierResponseDto> {
    if (!TIERS.includes(tier)) throw new AppError('NOT_FOUND', `There is no tier ${tier}`);
    const split: PrizeSplit = { first: dto.first, second: dto.second, thirdFourthEach: dto.thirdFourthEach };
    const checked = prizeAmounts(TIER_PRIZE_POOL_CENTS[tier], split);
    if (isPointsError(checked)) throw new AppError('INVALID_PRIZE_SPLIT', checked.message);
    const before = (await this.list()).find((t) => t.tier === tier)!.prizeSplit;
    await this.repo.set(tier, { ...split }, user.id, dto.reason, before);
    return this.toDto(tier, split);
  }

  private toDto(tier: Tier, stored: PrizeSplit | null): TierResponseDto {
    const split = stored ?? DEFAULT_PRIZE_SPLIT;
    const cents = prizeAmounts(TIER_PRIZE_POOL_CENTS[tier], split);
    const prizes = isPointsError(cents) ? { first: 0, second: 0, thirdFourthEach: 0 } : { first: cents.first, second: cents.second, thirdFourthEach: cents.thirdFourthEach };
    return { tier, prizePoolCents: TIER_PRIZE_POOL_CENTS[tier], prizeSplit: { ...split }, prizesCents: prizes, isDefault: stored === null };
  }
}
