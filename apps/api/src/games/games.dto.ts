import type { ActionResultPayload, FairnessPayload, GameViewPayload } from '@dcs/common/live/live.contract';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { anyJson } from '../common/openapi';
import { Allow, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { ReplayStep } from './replay-steps';

export const CLIENT_ACTION_TYPES = ['play', 'knock', 'draw', 'reshuffle'] as const;

/** A seated player's move. The seat is the caller's own; it is never taken from the body. */
export class GameActionDto {
  @ApiProperty({ enum: CLIENT_ACTION_TYPES })
  @IsIn(CLIENT_ACTION_TYPES)
  type!: (typeof CLIENT_ACTION_TYPES)[number];

  @ApiPropertyOptional({ example: '6-4', description: 'for a play; either order' })
  @IsOptional()
  @IsString()
  @Matches(/^[0-6]-[0-6]$/, { message: 'tile must look like 6-4' })
  tile?: string;

  @ApiPropertyOptional({ enum: ['W', 'E', 'N', 'S'], description: 'the end to play on; may be omitted when only one end fits' })
  @IsOptional()
  @IsIn(['W', 'E', 'N', 'S'])
  end?: 'W' | 'E' | 'N' | 'S';

  @ApiProperty({ description: 'the game version the move was made on; a different current version is 409 STALE_VERSION' })
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  version!: number;

  @ApiPropertyOptional({
    maxLength: 64,
    description:
      'idempotency key chosen by the client, one per move: a retry with the same key and the same body (version, type, tile, end) is answered `applied: false` without applying twice; the same key with another body is refused 409 REQUEST_ID_REUSED (nothing applied; `details.stored` is the stored move: version, type, tile, end)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  @Matches(/^[A-Za-z0-9_.:-]+$/, { message: 'requestId may hold letters, digits and _ . : -' })
  requestId?: string;
}

const CONTRIBUTIONS_DESC = "one per seat in seat order: 64 lower-case hex, '' (none: a computer seat, or a person who sent none in time) or null (not sent yet, the window open); null: a game dealt from the server's seed alone";

/** Deals no one can steer (issue 24, docs/rules.md): the deal's public parts. */
export class FairnessDto implements FairnessPayload {
  @ApiProperty({ type: 'array', nullable: true, items: { type: 'string', nullable: true }, description: CONTRIBUTIONS_DESC }) contributions!: (string | null)[] | null;
  @ApiProperty({ nullable: true, type: String, description: 'while the contribution window is open (ISO): the game is dealt then; null once dealt' }) dealClosesAt!: string | null;
}

/** A seated person's contribution to the deal (issue 24). */
export class ContributionDto {
  @ApiProperty({ example: 'a3f1…', pattern: '^[0-9a-f]{64}$', description: '32 random bytes from the page (crypto.getRandomValues), as 64 lower-case hex; anything else is 400 CONTRIBUTION_INVALID' })
  @Allow()
  contribution!: unknown;

  @ApiPropertyOptional({ type: 'integer', description: 'the seat the page believes it holds; another seat than the caller\'s is 403 NOT_YOUR_SEAT' })
  @Allow()
  seat?: unknown;
}

export class ContributedDto extends FairnessDto {
  @ApiProperty({ format: 'uuid' }) gameId!: string;
  @ApiProperty({ type: 'integer' }) seat!: number;
  @ApiProperty() seedHash!: string;
}

export class GameViewResponseDto implements GameViewPayload {
  @ApiProperty() gameId!: string;
  @ApiProperty({ nullable: true, type: String }) tableId!: string | null;
  @ApiProperty({ nullable: true, type: String, description: "a house game's table (GET /house/tables/:id): named to the people seated and to staff; null for anyone else (an unlisted table's id is its secret) and for challenge games" })
  houseTableId!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'the caller\'s seat, null for a spectator' }) seat!: number | null;
  @ApiProperty({ enum: ['playing', 'finished'] }) status!: string;
  @ApiProperty({ description: 'sha256 of the deal seed, published when the game starts (provably fair)' }) seedHash!: string;
  @ApiProperty({ nullable: true, type: String, description: 'the deal seed, revealed only when the game has ended' }) seed!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'when the turn clock of the seat on turn runs out (server time, ISO); null when not known or the game is over. The first turn of a hand after the first starts its clock 4 s late (the hand-end grace: the ended hand is shown meanwhile)' }) turnDeadline!: string | null;
  @ApiProperty({ type: FairnessDto, description: 'the deal\'s public parts: the contributions as they arrive, whether the window is open (issue 24)' }) fairness!: FairnessDto;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'the engine\'s view for this viewer (scores, board, hand sizes, turn; own tiles only for a seated player; `lastHand`: the last hand that ended, whole — how it ended, points, Grey/Yellow before and after, its board and every seat\'s tiles left, revealed; null before any hand ended, never anything of the hand being played)' }) view!: unknown;
  @ApiPropertyOptional({ type: [Number], description: 'each seat\'s clock run-outs (tickets) so far, by seat; in the socket join answer only (game:clock keeps it current; GET /games/:id/view is the pushed view)' }) tickets?: number[];
  @ApiPropertyOptional({ description: 'the run-out that forfeits the game (the ticketsToForfeit-th ticket); with tickets' }) ticketsToForfeit?: number;
}

export class ActionResponseDto extends GameViewResponseDto implements ActionResultPayload {
  @ApiProperty({ description: 'false when this was a retry of an action already applied' }) applied!: boolean;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'public events of the change' }) events!: unknown[];
}

/** The game record (SPEC 1.8): hidden tiles only after the game, or for reviewers and admins. */
export class GameRecordDto {
  @ApiProperty({ format: 'uuid' }) gameId!: string;
  @ApiProperty() seedHash!: string;
  @ApiProperty({ nullable: true, type: String, description: 'revealed once the game has ended' }) seed!: string | null;
  @ApiProperty({ example: 'dcs-cutthroat' }) ruleset!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) settings!: Record<string, unknown>;
  @ApiProperty({ minimum: 2, maximum: 4 }) players!: number;
  @ApiProperty() partners!: boolean;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'every hand: deal, lead, log of actions, result' }) hands!: unknown[];
  @ApiPropertyOptional({ enum: [true], description: 'the game was ended by the round\'s hard stop after these hands' }) hardStop?: true;
  @ApiPropertyOptional({ type: [String], description: "the players' contributions to the deal, one per seat in seat order (64 hex, or '' for none): the deal's seed is sha256(seed + contributions) (docs/rules.md, \"Deals no one can steer\"); absent for a game dealt from its seed alone, and while the window is open" })
  contributions?: string[];
}

export class ReplayMoveDto {
  @ApiProperty() seat!: number;
  @ApiProperty({ enum: ['play', 'knock', 'draw', 'reshuffle', 'forfeit'] }) type!: string;
  @ApiPropertyOptional({ example: '6-4' }) tile?: string;
  @ApiPropertyOptional({ enum: ['W', 'E', 'N', 'S'] }) end?: string;
}

export class OpenEndDto {
  @ApiProperty({ enum: ['W', 'E', 'N', 'S'] }) end!: string;
  @ApiProperty({ description: 'the number a tile must match to be played there' }) value!: number;
}

/** One position of a replay (apps/api/src/games/replay-steps.ts ReplayStep). */
export class ReplayStepDto {
  @ApiProperty({ description: '0-based hand index' }) hand!: number;
  @ApiProperty({ nullable: true, type: Number, description: '0-based index of the action just applied in this hand; null for the deal' }) action!: number | null;
  @ApiProperty({ type: ReplayMoveDto, nullable: true, description: 'the action just applied (null for the deal or the hard stop)' }) move!: ReplayMoveDto | null;
  @ApiProperty(anyJson('the engine\'s BoardState (lead, arms W/E/N/S, spinner); null before the lead', { nullable: true })) board!: unknown;
  @ApiProperty({ type: [OpenEndDto] }) openEnds!: OpenEndDto[];
  @ApiProperty() sum!: number;
  @ApiProperty({ type: [Number], description: 'game scores after this step' }) scores!: number[];
  @ApiProperty({ type: 'array', items: { type: 'array', items: { type: 'string' } }, description: 'the tiles each seat holds after this step (every hand revealed: the game is over)' }) holdings!: string[][];
  @ApiProperty() yardCount!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'the seat to act next, null when the hand is over' }) turn!: number | null;
  @ApiProperty({ nullable: true, type: String, enum: ['domino', 'locked', 'target', 'reshuffle', 'forfeit', 'hard-stop', 'void'] }) handEndedBy!: string | null;
  @ApiProperty({ nullable: true, type: Number }) handWinner!: number | null;
  @ApiProperty({ type: [Number] }) handPoints!: number[];
  @ApiProperty() finished!: boolean;
}

/** A finished game replayed by the engine, position by position (the review board's replay viewer draws it). */
export class GameReplayDto {
  @ApiProperty({ format: 'uuid' }) gameId!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) tableId!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: "a house game's table, named to staff and the game's players (null otherwise)" }) houseTableId!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'how the game ended (target, forfeit, hard-stop, void)' }) endedBy!: string | null;
  @ApiProperty({ type: [ReplayStepDto], description: 'each hand\'s deal, then one step per action' })
  steps!: ReplayStep[];
}
