import { ApiProperty } from '@nestjs/swagger';
import type { NextThing } from './my-next.decisions';

const KINDS = ['table', 'check-in', 'next-round', 'house-game', 'workout', 'registered'];

export class NextChallengeDto {
  @ApiProperty({ format: 'uuid' }) challengeId!: string;
  @ApiProperty({ format: 'uuid' }) cityId!: string;
  @ApiProperty() cityName!: string;
  @ApiProperty({ example: '2027-01-02' }) localDate!: string;
}

export class NextTableDto {
  @ApiProperty({ format: 'uuid', description: 'open /tables/:tableId' }) tableId!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: "the table's current game" }) gameId!: string | null;
  @ApiProperty({ description: "0-based index within the round (table 0 is 'table 1')" }) table!: number;
  @ApiProperty({ description: 'my seat, 0-based' }) seat!: number;
}

export class NextThingDto {
  @ApiProperty({
    enum: KINDS,
    description:
      "table: my table is seated and being played — take my seat; check-in: I am registered or waitlisted, not checked in, and the check-in window is open (`at` = when it closes; a waitlisted player who checks in may take the place of a registered player who does not, `waitlisted` says which); next-round: I am through and the next round is seated at `at` (null: when the round still being played ends); house-game: a house table I sit at is not finished (`houseStatus`); workout: `count` workouts owed; registered: I am registered (or waitlisted) and play starts at `at`",
  })
  kind!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'check-in: the window closes; next-round: the round is seated; registered: play starts; table: the round\'s hard stop' }) at!: string | null;
  @ApiProperty({ type: NextChallengeDto, nullable: true }) challenge!: NextChallengeDto | null;
  @ApiProperty({ type: NextTableDto, nullable: true }) table!: NextTableDto | null;
  @ApiProperty({ nullable: true, type: Number, description: 'table, next-round: the round number (1-based)' }) round!: number | null;
  @ApiProperty({ nullable: true, type: Boolean, description: 'registered, check-in: whether I checked in' }) checkedIn!: boolean | null;
  @ApiProperty({ nullable: true, type: Boolean, description: 'registered, check-in: on the waitlist' }) waitlisted!: boolean | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'house-game: open /house/tables/:houseTableId' }) houseTableId!: string | null;
  @ApiProperty({ nullable: true, enum: ['open', 'playing'], type: String, description: 'house-game: still taking players, or being played' }) houseStatus!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'workout: how many are owed' }) count!: number | null;

  static from(t: NextThing): NextThingDto {
    return { ...t, at: t.at?.toISOString() ?? null };
  }
}

export class MyNextDto {
  @ApiProperty({ type: [NextThingDto], description: 'most urgent first; empty when there is nothing to do' }) items!: NextThingDto[];
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'my city: the city of my latest registration (null before any)' }) cityId!: string | null;
}
