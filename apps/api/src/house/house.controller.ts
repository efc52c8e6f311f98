import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Roles } from '../common/decorators';
import { ApiErrors, ApiOk } from '../common/openapi';
import { uuidPipe } from '../common/validation';
import {
  AddComputerDto,
  AdultConfirmationDto,
  AdultConfirmedDto,
  AssistiveTechnologyDto,
  CloseWorkoutDto,
  FileEntryDto,
  FileQueryDto,
  HouseLobbyPageDto,
  HouseTableDto,
  JoinByCodeDto,
  JoinHouseTableDto,
  LedgerPageDto,
  LedgerQueryDto,
  LobbyQueryDto,
  OpenHouseTableDto,
  QuickMatchDto,
  WalletCorrectionDto,
  WalletDto,
  WorkoutDto,
  WorkoutsDto,
} from './house.dto';
import { HouseApiService } from './house-api.service';
import { UnderAcceptedRules } from '../rules/rules-accepted.guard';

/** House tables (SPEC 8): the lobby, seats, wallets, the player's file and workouts. Play goes through /games/:id like every game. */
@ApiTags('house')
@ApiBearerAuth()
@Controller()
export class HouseController {
  constructor(private readonly service: HouseApiService) {}

  @Post('house/tables')
  @UnderAcceptedRules()
  @ApiOk(HouseTableDto)
  @ApiErrors('INVALID_SETTINGS', 'STAKE_TOO_HIGH', 'INSUFFICIENT_FUNDS', 'ADULT_CONFIRMATION_REQUIRED', 'DEBT_OUTSTANDING', 'IN_TOURNAMENT_GAME')
  @ApiOperation({ summary: 'Open a house table (the host takes seat 0; computer seats may be given at once); it deals when full' })
  open(@CurrentUser() user: AuthUser, @Body() dto: OpenHouseTableDto) {
    return this.service.open(user, dto);
  }

  @Post('house/quick-match')
  @UnderAcceptedRules()
  @HttpCode(200)
  @ApiOk(HouseTableDto)
  @ApiErrors('INVALID_SETTINGS', 'IN_TOURNAMENT_GAME')
  @ApiOperation({
    summary:
      'Quick match (issue 43): a seat at the listed table of this ruleset that has waited longest for players (friendly, or workout at a workout ruleset; no stake, no Play 2 Pay, not your own), else a new listed one-on-one table that waits for the next person; asked again while you wait or play at one, that table',
  })
  quickMatch(@CurrentUser() user: AuthUser, @Body() dto: QuickMatchDto) {
    return this.service.quickMatch(user, dto);
  }

  @Get('house/tables')
  @ApiOk(HouseLobbyPageDto)
  @ApiErrors('INVALID_CURSOR')
  @ApiOperation({ summary: 'The open lobby: listed tables still taking players, newest first (paged)' })
  lobby(@CurrentUser() user: AuthUser, @Query() q: LobbyQueryDto) {
    return this.service.lobby(user, q.limit, q.before);
  }

  @Get('house/tables/:id')
  @ApiOk(HouseTableDto)
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ summary: 'A house table: settings, seats (each with its clock), status, its current game and, once settled, its settlement (whole to its players and staff, the public result to anyone else); an unlisted table only to its host, players and staff (404 otherwise)' })
  get(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string) {
    return this.service.get(user, id);
  }

  @Post('house/tables/:id/join')
  @UnderAcceptedRules()
  @HttpCode(200)
  @ApiOk(HouseTableDto)
  @ApiErrors('NOT_FOUND', 'TABLE_NOT_OPEN', 'TABLE_FULL', 'SEAT_TAKEN', 'INVALID_SEAT', 'ALREADY_SEATED', 'INSUFFICIENT_FUNDS', 'ADULT_CONFIRMATION_REQUIRED', 'DEBT_OUTSTANDING', 'IN_TOURNAMENT_GAME')
  @ApiOperation({ summary: 'Take a seat from the lobby, or at an unlisted table with its invitation code in the body (without it: 404, as for no table); a stake table needs the 18+ confirmation, no debt and 2 × stake in the wallet' })
  join(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: JoinHouseTableDto) {
    return this.service.join(user, id, dto.seat, dto.code);
  }

  @Post('house/join')
  @UnderAcceptedRules()
  @HttpCode(200)
  @ApiOk(HouseTableDto)
  @ApiErrors('NOT_FOUND', 'TABLE_NOT_OPEN', 'TABLE_FULL', 'SEAT_TAKEN', 'INVALID_SEAT', 'ALREADY_SEATED', 'INSUFFICIENT_FUNDS', 'ADULT_CONFIRMATION_REQUIRED', 'DEBT_OUTSTANDING', 'IN_TOURNAMENT_GAME')
  @ApiOperation({ summary: 'Take a seat by invitation code' })
  joinByCode(@CurrentUser() user: AuthUser, @Body() dto: JoinByCodeDto) {
    return this.service.joinByCode(user, dto);
  }

  @Post('house/tables/:id/computers')
  @HttpCode(200)
  @ApiOk(HouseTableDto)
  @ApiErrors('NOT_HOST', 'TABLE_NOT_OPEN', 'TABLE_FULL', 'SEAT_TAKEN', 'INVALID_SEAT')
  @ApiOperation({ summary: 'The host gives an empty seat to a computer player (easy, medium, hard)' })
  addComputer(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: AddComputerDto) {
    return this.service.addComputer(user, id, dto);
  }

  @Post('house/tables/:id/leave')
  @HttpCode(200)
  @ApiOk(HouseTableDto)
  @ApiErrors('NOT_SEATED', 'TABLE_NOT_OPEN')
  @ApiOperation({ summary: 'Leave the table: before the deal the seat is freed (the host closes the table); after it, leaving forfeits (pays as if skunked)' })
  leave(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string) {
    return this.service.leave(user, id);
  }

  @Post('house/tables/:id/forfeit')
  @HttpCode(200)
  @ApiOk(HouseTableDto)
  @ApiErrors('NOT_SEATED', 'TABLE_NOT_PLAYING')
  @ApiOperation({ summary: 'Forfeit the game in progress (pays as if skunked at a stake table)' })
  forfeit(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string) {
    return this.service.forfeit(user, id);
  }

  @Post('house/tables/:id/rematch')
  @UnderAcceptedRules()
  @HttpCode(200)
  @ApiOk(HouseTableDto)
  @ApiErrors('NOT_SEATED', 'TABLE_NOT_FINISHED', 'INSUFFICIENT_FUNDS', 'IN_TOURNAMENT_GAME')
  @ApiOperation({ summary: 'Another game at the same table, once the last one is settled: it deals again when every seat is still taken' })
  rematch(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string) {
    return this.service.rematch(user, id);
  }

  @Get('me/wallet')
  @ApiOk(WalletDto)
  @ApiOperation({ summary: 'My DD wallet and soups locker (balance, debt), level and court status' })
  myWallet(@CurrentUser() user: AuthUser) {
    return this.service.wallet(user.id);
  }

  @Get('me/wallet/ledger')
  @ApiOk(LedgerPageDto)
  @ApiOperation({ summary: 'My ledger in one currency, newest first (paged by sequence number)' })
  myLedger(@CurrentUser() user: AuthUser, @Query() q: LedgerQueryDto) {
    return this.service.ledger(user.id, q);
  }

  @Post('me/adult-confirmation')
  @HttpCode(200)
  @ApiOk(AdultConfirmedDto)
  @ApiOperation({ summary: 'Confirm I am 18 or older (once per account), needed before the first stake table' })
  confirmAdult(@CurrentUser() user: AuthUser, @Body() _dto: AdultConfirmationDto) {
    return this.service.confirmAdult(user);
  }

  @Put('me/assistive-technology')
  @ApiOk(WalletDto)
  @ApiOperation({ summary: 'Say whether I use assistive technology (VoiceOver, Switch Control): +10 s on my stake-table clock from the next deal (SPEC 8.3; audited)' })
  setAssistiveTech(@CurrentUser() user: AuthUser, @Body() dto: AssistiveTechnologyDto) {
    return this.service.setAssistiveTech(user, dto);
  }

  @Get('me/file')
  @ApiOk([FileEntryDto])
  @ApiOperation({ summary: 'My file: tickets, dumbbells, felonies and what closed them, newest first' })
  myFile(@CurrentUser() user: AuthUser, @Query() q: FileQueryDto) {
    return this.service.file(user.id, q.limit);
  }

  @Get('me/workouts')
  @ApiOk(WorkoutsDto)
  @ApiOperation({ summary: "My workouts owed from lost games, and my Dr.'s excuses" })
  myWorkouts(@CurrentUser() user: AuthUser) {
    return this.service.workouts(user);
  }

  @Post('me/workouts/:id/close')
  @HttpCode(200)
  @ApiOk(WorkoutDto)
  @ApiErrors('WORKOUT_CLOSED', 'NO_EXCUSE')
  @ApiOperation({ summary: "Mark a workout done, or spend a Dr.'s excuse (Lay-in Slip) on it" })
  closeWorkout(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: CloseWorkoutDto) {
    return this.service.closeWorkout(user, id, dto);
  }

  @Get('users/:id/wallet')
  @Roles('reviewer')
  @ApiOk(WalletDto)
  @ApiOperation({ summary: "A player's wallet (reviewers and admins)" })
  wallet(@Param('id', uuidPipe()) id: string) {
    return this.service.wallet(id);
  }

  @Get('users/:id/wallet/ledger')
  @Roles('reviewer')
  @ApiOk(LedgerPageDto)
  @ApiOperation({ summary: "A player's ledger (reviewers and admins)" })
  ledger(@Param('id', uuidPipe()) id: string, @Query() q: LedgerQueryDto) {
    return this.service.ledger(id, q);
  }

  @Get('users/:id/file')
  @Roles('reviewer')
  @ApiOk([FileEntryDto])
  @ApiOperation({ summary: "A player's file (reviewers and admins)" })
  file(@Param('id', uuidPipe()) id: string, @Query() q: FileQueryDto) {
    return this.service.file(id, q.limit);
  }

  @Post('users/:id/wallet/corrections')
  @HttpCode(200)
  @Roles('admin')
  @ApiOk(WalletDto)
  @ApiErrors('INSUFFICIENT_FUNDS', 'NOTHING_TO_CHANGE', 'REQUEST_ID_REUSED', 'OWN_WALLET')
  @ApiOperation({
    summary: 'Correct a wallet with a reason (admins, never their own: 403 OWN_WALLET; audited; never below zero; a credit pays what is owed first; idempotent on requestId)',
    description:
      'The same requestId with the same body (currency, amount, reason) is answered 200 and applies nothing; with another body it is refused 409 REQUEST_ID_REUSED, nothing applied, `details.stored` naming the stored correction (currency, amount, reason, createdAt).',
  })
  correct(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: WalletCorrectionDto) {
    return this.service.correct(user, id, dto);
  }
}
