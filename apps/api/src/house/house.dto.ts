import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, Equals, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { BOT_LEVELS, CURRENCIES, HOUSE_RULESETS, PURPOSES, WORKOUT_KINDS } from '@dcs/house';
import { OptionalNotNull, trim } from '../common/validation';
import { NoControlChars } from '../common/no-control-chars';

export class HouseSettingsDto {
  @ApiPropertyOptional({ enum: [0, 5, 10, 15, 20], description: 'get on with (the ruleset decides which are allowed: INVALID_SETTINGS)' })
  @IsOptional()
  @IsInt()
  getOn?: number;
  @ApiPropertyOptional({ enum: [5, 10] }) @IsOptional() @IsInt() minScore?: number;
  @ApiPropertyOptional({ enum: [150, 250] }) @IsOptional() @IsInt() target?: number;
  @ApiPropertyOptional({ enum: [7, 9], description: '9 only with 2 or 3 players' }) @IsOptional() @IsInt() handSize?: number;
}

export class OpenHouseTableDto {
  @ApiProperty({ enum: HOUSE_RULESETS }) @IsIn(HOUSE_RULESETS) ruleset!: (typeof HOUSE_RULESETS)[number];
  @ApiProperty({ minimum: 2, maximum: 4 }) @IsInt() @Min(2) @Max(4) seats!: number;
  @ApiPropertyOptional({ description: 'partners 2 v 2 (four seats): 0 and 2 against 1 and 3' }) @IsOptional() @IsBoolean() partners?: boolean;
  @ApiProperty({ enum: PURPOSES, description: 'friendly, workout (Mook Camp Fitness and DCF Inmate Gym always), or stake (cash DD at Citizen, canteen soups at Inmate)' })
  @IsIn(PURPOSES)
  purpose!: (typeof PURPOSES)[number];
  @ApiPropertyOptional({ description: 'per player, stake tables only (at most 10,000 DD or 100 soups: STAKE_TOO_HIGH)', minimum: 0, maximum: 1_000_000 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  stake?: number;
  @ApiPropertyOptional({ description: 'the ticket fine of a stake table, 0 to the stake', minimum: 0, maximum: 1_000_000 }) @IsOptional() @IsInt() @Min(0) @Max(1_000_000) ticketFine?: number;
  @ApiPropertyOptional({ nullable: true, type: Number, description: 'the host\'s clock in ms at a friendly or workout table, 3,000-60,000 at every ruleset (SPEC 8.3); null: off — only against the computer alone, at a friendly table or a Mook Camp Fitness workout table (never DCF Inmate Gym); absent: the default (off at a friendly table against the computer alone, else 20 s, Mook Camp Fitness 10 s)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(600_000)
  clockMs?: number | null;
  @ApiPropertyOptional({ type: HouseSettingsDto, description: "each key optional: a key left out takes the ruleset's default (SPEC 1.6)" }) @IsOptional() @IsObject() @ValidateNested() @Type(() => HouseSettingsDto) settings?: HouseSettingsDto;
  @ApiPropertyOptional({ enum: WORKOUT_KINDS, description: 'what a dumbbell adds: 5 reps, 30 seconds, or half a mile' }) @IsOptional() @IsIn(WORKOUT_KINDS) workoutKind?: (typeof WORKOUT_KINDS)[number];
  @ApiPropertyOptional({ description: 'listed in the open lobby (default true); otherwise by invitation code only' }) @IsOptional() @IsBoolean() listed?: boolean;
  @ApiPropertyOptional({ enum: BOT_LEVELS, isArray: true, description: 'computer players for the seats after the host\'s' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(3)
  @IsIn(BOT_LEVELS, { each: true })
  computers?: (typeof BOT_LEVELS)[number][];
  @ApiPropertyOptional({
    maxLength: 200,
    example: 'loser buys the coffee',
    description: 'SPEC 8.1 Play 2 Pay: the expense the players agree on, in the host\'s words (a friendly table only, else INVALID_SETTINGS; 1-200 characters, no control characters). Shown to everyone who sees the table and in its result; the platform moves no money for it',
  })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @NoControlChars()
  playToPay?: string;
}

export class QuickMatchDto {
  @ApiProperty({ enum: HOUSE_RULESETS, description: 'the ruleset to play' }) @IsIn(HOUSE_RULESETS) ruleset!: (typeof HOUSE_RULESETS)[number];
}

export class JoinHouseTableDto {
  @ApiPropertyOptional({ minimum: 0, maximum: 3, description: 'the seat wanted; the lowest free one by default' }) @OptionalNotNull() @IsInt() @Min(0) @Max(3) seat?: number;
  @ApiPropertyOptional({ description: "the table's invitation code: needed at an unlisted table (without it, or with another: 404 NOT_FOUND)", example: 'K7PQ2MZX' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9]{8}$/)
  code?: string;
}

export class JoinByCodeDto {
  @ApiProperty({ description: 'the table\'s invitation code', example: 'K7PQ2MZX' }) @IsString() @Matches(/^[A-Za-z0-9]{8}$/) code!: string;
  @ApiPropertyOptional({ minimum: 0, maximum: 3 }) @OptionalNotNull() @IsInt() @Min(0) @Max(3) seat?: number;
}

export class AddComputerDto {
  @ApiProperty({ enum: BOT_LEVELS, description: 'easy = random, medium = greedy, hard = expert' }) @IsIn(BOT_LEVELS) level!: (typeof BOT_LEVELS)[number];
  @ApiPropertyOptional({ minimum: 0, maximum: 3 }) @OptionalNotNull() @IsInt() @Min(0) @Max(3) seat?: number;
}

export class LobbyQueryDto {
  @ApiPropertyOptional({ default: 20 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @ApiPropertyOptional({ description: '`next` of the previous page' }) @IsOptional() @IsString() @MaxLength(80) before?: string;
}

export class HouseSeatDto {
  @ApiProperty() seat!: number;
  @ApiProperty({ enum: ['person', 'computer'] }) kind!: string;
  @ApiProperty({ nullable: true, type: String }) userId!: string | null;
  @ApiProperty({ nullable: true, type: String }) displayName!: string | null;
  @ApiProperty({ nullable: true, enum: BOT_LEVELS }) level!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'this seat\'s clock in ms for the current game (SPEC 8.3); null when off or not dealt yet' }) clockMs!: number | null;
}

export class SettlementPaymentDto {
  @ApiProperty({ description: 'the paying seat (0-based)' }) from!: number;
  @ApiProperty({ description: 'the seat paid' }) to!: number;
  @ApiProperty() amount!: number;
  @ApiProperty({ description: 'doubled: the payer was skunked, or forfeited (SPEC 8.1)' }) skunk!: boolean;
}

export class SettlementFineDto {
  @ApiProperty({ nullable: true, type: Number }) seat!: number | null;
  @ApiProperty({ nullable: true, type: String }) userId!: string | null;
  @ApiProperty({ description: 'the ticket fine charged (what the balance did not cover is owed)' }) amount!: number;
  @ApiProperty({ nullable: true, enum: CURRENCIES }) currency!: string | null;
}

export class SettlementJarDto {
  @ApiProperty() userId!: string;
  @ApiProperty({ nullable: true, type: Number }) seat!: number | null;
  @ApiProperty({ enum: ['fines', 'excuse'], description: "each computer run-out's fine (stake tables), or one Dr.'s excuse" }) kind!: string;
  @ApiProperty({ nullable: true, type: Number, description: 'the fines paid (kind fines)' }) amount!: number | null;
}

export class SettlementWorkoutDto {
  @ApiProperty() userId!: string;
  @ApiProperty({ nullable: true, type: Number }) seat!: number | null;
  @ApiProperty({ enum: WORKOUT_KINDS }) kind!: string;
  @ApiProperty({ description: 'reps, seconds, or tenths of a mile' }) amount!: number;
  @ApiProperty() dumbbells!: number;
}

export class ExpungedTicketDto {
  @ApiProperty({ nullable: true, type: String }) userId!: string | null;
  @ApiProperty({ nullable: true, type: Number }) seat!: number | null;
}

/** One run-out of the game (SPEC 8.4: seat, turn, computer or person, the penalty, whether it expunged or went in the jar). */
export class HouseRunOutDto {
  @ApiProperty({ nullable: true, type: Number }) seat!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'the game version (turn) it happened on' }) turn!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'run-outs before it on the same turn (the clock restarts; the turn is not skipped)' }) attempt!: number | null;
  @ApiProperty({ enum: ['person', 'computer'] }) kind!: string;
  @ApiProperty({ nullable: true, type: String, description: 'the person (null for a computer)' }) userId!: string | null;
  @ApiProperty({ nullable: true, enum: ['ticket', 'dumbbell'], type: String, description: "a person's penalty; null for a computer (no penalty)" }) penalty!: string | null;
  @ApiProperty({ description: 'the ticket fine charged (stake tables), 0 otherwise' }) fine!: number;
  @ApiProperty({ nullable: true, enum: CURRENCIES, type: String }) currency!: string | null;
  @ApiProperty({ description: "a computer's run-out went in the Clock Jar (SPEC 8.6; a court table's jar pays nobody)" }) jar!: boolean;
  @ApiProperty({ type: [ExpungedTicketDto], description: "the players whose open ticket this computer's run-out expunged (cash tables)" }) expunged!: ExpungedTicketDto[];
  @ApiProperty() at!: string;
}

export class HouseSettlementDto {
  @ApiProperty() gameId!: string;
  @ApiProperty({ description: "true: the whole settlement (the table's players and staff); false: the public result an outsider reads — winner, scores, forfeits; payments, fines, run-outs, jar and workouts left empty (SPEC 8.4)" })
  full!: boolean;
  @ApiProperty({ nullable: true, type: Number, description: 'the winning seat (with partners, its team); null: nobody' }) winner!: number | null;
  @ApiProperty({ type: [Number], description: 'final scores by seat' }) scores!: number[];
  @ApiProperty({ type: [Boolean], description: 'seats that forfeited or left' }) forfeited!: boolean[];
  @ApiProperty({ nullable: true, enum: CURRENCIES }) currency!: string | null;
  @ApiProperty({ type: [SettlementPaymentDto], description: 'who paid whom (stake tables; empty elsewhere)' }) payments!: SettlementPaymentDto[];
  @ApiProperty({ description: "the computers' side of the payments: what people paid the house (+) or the house paid them (-)" }) house!: number;
  @ApiProperty({ type: [SettlementFineDto], description: 'ticket fines charged during the game' }) fines!: SettlementFineDto[];
  @ApiProperty({ description: 'computer run-outs in the game (the Clock Jar)' }) computerRunOuts!: number;
  @ApiProperty({ type: [HouseRunOutDto], description: 'every run-out of the game, by turn' }) runOuts!: HouseRunOutDto[];
  @ApiProperty({ type: [SettlementJarDto], description: 'what the Clock Jar paid (winners only, never at a court table)' }) jar!: SettlementJarDto[];
  @ApiProperty({ type: [SettlementWorkoutDto], description: 'workouts owed by losers with dumbbells' }) workouts!: SettlementWorkoutDto[];
  @ApiProperty() settledAt!: string;
}

export class HouseTableDto {
  @ApiProperty() id!: string;
  @ApiProperty() hostId!: string;
  @ApiProperty({ enum: HOUSE_RULESETS }) ruleset!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: '{getOn, minScore, target, handSize}' }) settings!: Record<string, unknown>;
  @ApiProperty() seats!: number;
  @ApiProperty() partners!: boolean;
  @ApiProperty({ enum: PURPOSES }) purpose!: string;
  @ApiProperty({ nullable: true, enum: CURRENCIES }) currency!: string | null;
  @ApiProperty() stake!: number;
  @ApiProperty() ticketFine!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'the host\'s clock (ms); null: off or a stake table (per player)' }) hostClockMs!: number | null;
  @ApiProperty({ enum: WORKOUT_KINDS }) workoutKind!: string;
  @ApiProperty({ nullable: true, type: String, description: 'SPEC 8.1 Play 2 Pay: the expense the players agreed on (a friendly table), in the host\'s words; null otherwise. No money moves for it' }) playToPay!: string | null;
  @ApiProperty() listed!: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'shown to the people seated only' }) inviteCode!: string | null;
  @ApiProperty({ enum: ['open', 'playing', 'finished', 'closed'] }) status!: string;
  @ApiProperty({ description: 'someone seated was in court at the deal (SPEC 8.5)' }) courtTable!: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'GET /games/:id/view, join `game:<id>`' }) gameId!: string | null;
  @ApiProperty({ type: [HouseSeatDto] }) seatsTaken!: HouseSeatDto[];
  @ApiProperty({ nullable: true, type: HouseSettlementDto, description: 'the settled game (status finished); null before the settlement, in the lobby, and once a rematch reopens the table' })
  settlement!: HouseSettlementDto | null;
  @ApiProperty() createdAt!: string;
}

export class HouseLobbyPageDto {
  @ApiProperty({ type: [HouseTableDto] }) items!: HouseTableDto[];
  @ApiProperty({ nullable: true, type: String, description: 'pass as `before` for the next page; null on the last' }) next!: string | null;
}

export class WalletBalanceDto {
  @ApiProperty({ enum: CURRENCIES }) currency!: string;
  @ApiProperty() balance!: number;
  @ApiProperty({ description: 'fines not yet paid, paid first out of later winnings' }) owed!: number;
}

export class WelcomeGrantDto {
  @ApiProperty({ enum: ['held', 'granted'], description: 'SPEC 7: held until the account has finished gamesNeeded friendly or workout games (docs/rules.md)' }) status!: 'held' | 'granted';
  @ApiProperty() gamesNeeded!: number;
  @ApiProperty({ description: 'qualifying games finished so far (at most gamesNeeded)' }) gamesCounted!: number;
  @ApiProperty() gamesLeft!: number;
  @ApiProperty({ description: 'what to do to receive the grant, or that it was paid' }) message!: string;
}

export class WalletDto {
  @ApiProperty() userId!: string;
  @ApiProperty({ type: [WalletBalanceDto] }) balances!: WalletBalanceDto[];
  @ApiProperty({ enum: ['Rookie', 'Hustler', 'Shark', 'Professor', 'Kingpin', 'Dominologist'] }) level!: string;
  @ApiProperty() stakeWins!: number;
  @ApiProperty({ description: 'uses assistive technology (VoiceOver, Switch Control): +10 s on the stake-table clock (PUT /me/assistive-technology)' }) assistiveTech!: boolean;
  @ApiProperty({ description: 'the clock (ms) this player would get at a stake table dealt now: level, assistive technology, court (SPEC 8.3)' }) stakeClockMs!: number;
  @ApiProperty({ nullable: true, type: String }) adultConfirmedAt!: string | null;
  @ApiProperty({ nullable: true, enum: ['municipal', 'civil', 'misdemeanor', 'felony'], description: 'SPEC 8.5; null: not in court' }) court!: string | null;
  @ApiProperty() openTickets!: number;
  @ApiProperty() felonies!: number;
  @ApiProperty({ type: WelcomeGrantDto, description: 'the welcome grant (10,000 DD and 100 soups): held or paid' }) welcomeGrant!: WelcomeGrantDto;
}

export class LedgerQueryDto {
  @ApiProperty({ enum: CURRENCIES }) @IsIn(CURRENCIES) currency!: (typeof CURRENCIES)[number];
  @ApiPropertyOptional({ default: 50 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) limit?: number;
  @ApiPropertyOptional({ description: '`next` of the previous page (an entry sequence number)' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(2_000_000_000) before?: number;
}

export class LedgerEntryDto {
  @ApiProperty() id!: string;
  @ApiProperty() seq!: number;
  @ApiProperty({ enum: ['grant', 'hold', 'release', 'settlement', 'fine', 'debt_payment', 'jar_payout', 'expunged_fine', 'correction', 'commissary'], description: 'commissary: the weekly grant (SPEC 8.2); debt_payment: a credit paying what is owed first' }) kind!: string;
  @ApiProperty({ description: 'the balance change' }) amount!: number;
  @ApiProperty({ description: 'the debt change' }) owedChange!: number;
  @ApiProperty() balanceAfter!: number;
  @ApiProperty({ nullable: true, type: String }) houseTableId!: string | null;
  @ApiProperty({ nullable: true, type: String }) gameId!: string | null;
  @ApiProperty({ nullable: true, type: String }) reason!: string | null;
  @ApiProperty() createdAt!: string;
}

export class LedgerPageDto {
  @ApiProperty({ enum: CURRENCIES }) currency!: string;
  @ApiProperty({ type: [LedgerEntryDto] }) items!: LedgerEntryDto[];
  @ApiProperty({ nullable: true, type: Number }) next!: number | null;
}

export class AdultConfirmationDto {
  @ApiProperty({ enum: [true], description: 'I am 18 or older' }) @Equals(true) adult!: true;
}

export class AssistiveTechnologyDto {
  @ApiProperty({ description: 'I use assistive technology (VoiceOver, Switch Control): +10 s on my stake-table clock from the next deal (SPEC 8.3)' })
  @IsBoolean()
  assistiveTech!: boolean;
}

export class AdultConfirmedDto {
  @ApiProperty() adultConfirmedAt!: string;
}

export class WalletCorrectionDto {
  @ApiProperty({ enum: CURRENCIES }) @IsIn(CURRENCIES) currency!: (typeof CURRENCIES)[number];
  @ApiProperty({ description: 'added to the balance (negative takes away; never below zero)', minimum: -1_000_000, maximum: 1_000_000 })
  @IsInt()
  @Min(-1_000_000)
  @Max(1_000_000)
  amount!: number;
  @ApiProperty({ minLength: 3, maxLength: 500 }) @IsString() @NoControlChars({ newlines: true }) @MinLength(3) @MaxLength(500) reason!: string;
  @ApiProperty({ description: 'idempotency key: a retried correction with the same key and body changes nothing; the same key with another body is 409 REQUEST_ID_REUSED' }) @IsUUID() requestId!: string;
}

export class FileQueryDto {
  @ApiPropertyOptional({ default: 50 }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) limit?: number;
}

export class FileEntryDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['ticket', 'dumbbell', 'felony', 'ticket_served', 'ticket_expunged', 'felony_cleared', 'computer_timeout'] }) kind!: string;
  @ApiProperty({ description: 'a tournament run-out (fined, no court ticket)' }) tournament!: boolean;
  @ApiProperty({ nullable: true, type: String }) gameId!: string | null;
  @ApiProperty({ nullable: true, type: String }) houseTableId!: string | null;
  @ApiProperty({ nullable: true, type: Number }) seat!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'the game version (turn) it happened on' }) turn!: number | null;
  @ApiProperty() fine!: number;
  @ApiProperty({ nullable: true, enum: CURRENCIES }) currency!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'the entry this one closes (served, expunged, cleared)' }) closesId!: string | null;
  @ApiProperty({ nullable: true, type: String }) expiresAt!: string | null;
  @ApiProperty({ description: 'a ticket or felony still open (not served, expunged or cleared)' }) open!: boolean;
  @ApiProperty() createdAt!: string;
}

export class WorkoutDto {
  @ApiProperty() id!: string;
  @ApiProperty() gameId!: string;
  @ApiProperty({ enum: WORKOUT_KINDS }) kind!: string;
  @ApiProperty({ description: 'reps, seconds, or tenths of a mile' }) amount!: number;
  @ApiProperty() dumbbells!: number;
  @ApiProperty({ enum: ['owed', 'done', 'excused'] }) status!: string;
  @ApiProperty({ nullable: true, type: String }) doneAt!: string | null;
  @ApiProperty() createdAt!: string;
}

export class WorkoutsDto {
  @ApiProperty({ type: [WorkoutDto] }) items!: WorkoutDto[];
  @ApiProperty({ description: "Dr.'s excuses (Lay-in Slips) not yet spent" }) excusesUnused!: number;
  @ApiProperty({ description: 'excuses paid by the Clock Jar this week (at most 3)' }) excusesThisWeek!: number;
}

export class CloseWorkoutDto {
  @ApiProperty({ enum: ['done', 'excuse'], description: 'done, or spend a Dr.\'s excuse on it' }) @IsIn(['done', 'excuse']) how!: 'done' | 'excuse';
}
