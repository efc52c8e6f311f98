import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ReplayMoveDto } from './games.dto';

export class ReviewOptionDto {
  @ApiProperty({ type: ReplayMoveDto }) action!: ReplayMoveDto;
  @ApiProperty({ description: "the option's expected outcome for the seat, in the expert's points (docs/rules.md, \"Post-game analysis\")" }) value!: number;
}

/** One judged decision (libs/engine/src/analysis DecisionAnalysis). */
export class ReviewDecisionDto {
  @ApiProperty({ description: "0-based hand index (the record's hands[hand])" }) hand!: number;
  @ApiProperty({ description: "0-based index of the action in that hand (the replay's step with this hand and action shows the position after it)" }) action!: number;
  @ApiProperty() seat!: number;
  @ApiProperty({ enum: ['lead', 'play', 'end', 'knock'] }) kind!: string;
  @ApiProperty({ type: ReplayMoveDto }) played!: ReplayMoveDto;
  @ApiProperty({ type: ReplayMoveDto, description: 'the best option (the played one when it was the best)' }) best!: ReplayMoveDto;
  @ApiProperty({ description: 'expected points the played option gave up against the best (0: it was the best)' }) loss!: number;
  @ApiProperty({ enum: ['best', 'good', 'inaccuracy', 'mistake', 'blunder'] }) mark!: string;
  @ApiProperty({ type: [ReviewOptionDto], description: 'every option, the best first' }) options!: ReviewOptionDto[];
}

export class ReviewSeatDto {
  @ApiProperty() seat!: number;
  @ApiProperty({ description: 'decisions judged' }) decisions!: number;
  @ApiProperty({ nullable: true, type: Number, description: '0-100 (mean of 100·e^(−loss/20) over the decisions); null with none' }) accuracy!: number | null;
  @ApiProperty() meanLoss!: number;
  @ApiProperty() inaccuracies!: number;
  @ApiProperty() mistakes!: number;
  @ApiProperty() blunders!: number;
}

export class ReviewThresholdsDto {
  @ApiProperty() inaccuracy!: number;
  @ApiProperty() mistake!: number;
  @ApiProperty() blunder!: number;
}

/** A finished game's post-game analysis, as far as the caller may see it. */
export class GameReviewDto {
  @ApiProperty({ format: 'uuid' }) gameId!: string;
  @ApiProperty({ enum: ['ready', 'pending', 'not-analysable'], description: 'pending: the worker has not judged it yet (seconds after the end); not-analysable: the expert judges the tournament rules only' }) status!: string;
  @ApiProperty({ enum: ['all', 'own'], description: "own: a player's own decisions only (before the challenge is complete); all: every seat's" }) scope!: string;
  @ApiProperty({ nullable: true, type: Number, description: "the caller's seat at this game, if any" }) seat!: number | null;
  @ApiPropertyOptional({ description: 'why the game is not analysed' }) reason?: string;
  @ApiPropertyOptional() version?: number;
  @ApiPropertyOptional({ type: ReviewThresholdsDto, description: 'expected points lost from which a decision is marked' }) thresholds?: ReviewThresholdsDto;
  @ApiPropertyOptional({ type: [ReviewSeatDto] }) seats?: ReviewSeatDto[];
  @ApiPropertyOptional({ type: [ReviewDecisionDto] }) decisions?: ReviewDecisionDto[];
}
