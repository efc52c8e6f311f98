import { Body, Controller, Get, HttpCode, Ip, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public, Roles } from '../common/decorators';
import { uuidPipe } from '../common/validation';
import { AppealDecidedDto, AppealDto, AppealListItemDto, CaseDetailDto, CaseListItemDto, CaseNoteResponseDto, DecisionResultDto, EvidenceResponseDto, IntegrityCaseDto, MyCaseDto, MyPenaltiesDto, PlayerMatchDto, RecentGameDto, ReportFiledDto, ReportResponseDto } from './integrity.dto';
import { AppealsQueryDto, AssignCaseDto, CaseNoteDto, CasesQueryDto, CredentialAppealDto, DecideAppealDto, DecideCaseDto, EvidenceDto, FileAppealDto, FileReportDto, OpenCaseDto, PlayerSearchDto, ReportsQueryDto } from './integrity.dto';
import { CASE_EXAMPLE } from './integrity.examples';
import { IntegrityService } from './integrity.service';
import { ApiErrors, ApiOk } from '../common/openapi';

/** The Anti-Cheat Review Board (role reviewer; admin passes). */
@ApiTags('integrity')
@ApiBearerAuth()
@Roles('reviewer')
@Controller('integrity')
export class IntegrityBoardController {
  constructor(private readonly service: IntegrityService) {}

  @Get('cases')
  @ApiOk([CaseListItemDto])
  @ApiOperation({ summary: 'Cases, newest first; filter by status, source, player, assignee, high stakes (never the caller\'s own cases)' })
  list(@CurrentUser() user: AuthUser, @Query() q: CasesQueryDto) {
    return this.service.listCases(user, q);
  }

  @Get('players')
  @ApiOk([PlayerMatchDto], { description: 'at most 20, names starting with the text first' })
  @ApiOperation({ summary: 'Players by a part of their name, to open a case about one' })
  players(@Query() q: PlayerSearchDto) {
    return this.service.searchPlayers(q);
  }

  @Get('players/:id/games')
  @ApiOk([RecentGameDto], { description: 'the 20 latest, newest first' })
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ summary: 'A player\'s latest challenge games with where and against whom, to choose a case\'s games from' })
  playerGames(@Param('id', uuidPipe()) id: string) {
    return this.service.recentGames(id);
  }

  @Post('cases')
  @ApiOk(IntegrityCaseDto)
  @ApiErrors('CASE_ALREADY_OPEN', 'UNKNOWN_PLAYER', 'UNKNOWN_GAME', 'NOT_THEIR_GAME', 'NOT_INDEPENDENT')
  @ApiOperation({ summary: 'Open a case by hand (source "manual", audited): players, games they played, and the reason; 409 CASE_ALREADY_OPEN (details.caseId) when these players already have an open case; 403 NOT_INDEPENDENT (details.reasons: party, played, linked) when the reviewer is one of them, played one of the games or shares a device with one of them' })
  open(@CurrentUser() user: AuthUser, @Body() dto: OpenCaseDto) {
    return this.service.openCase(user, dto);
  }

  @Get('cases/:id')
  @ApiOk(CaseDetailDto, { example: CASE_EXAMPLE })
  @ApiErrors('NOT_INDEPENDENT')
  @ApiOperation({ summary: 'A case with its evidence: signals with thresholds and baselines, games with record links, reports, notes, evidence, decisions' })
  get(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string) {
    return this.service.getCase(user, id);
  }

  @Post('cases/:id/assign')
  @HttpCode(200)
  @ApiOk(IntegrityCaseDto)
  @ApiErrors('NOT_A_REVIEWER', 'NOT_INDEPENDENT')
  @ApiOperation({ summary: 'Assign the case to a reviewer' })
  assign(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: AssignCaseDto) {
    return this.service.assign(user, id, dto);
  }

  @Post('cases/:id/notes')
  @ApiOk(CaseNoteResponseDto)
  @ApiErrors('NOT_INDEPENDENT')
  @ApiOperation({ summary: 'Add a reviewer note (never shown to players)' })
  note(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: CaseNoteDto) {
    return this.service.addNote(user, id, dto.body);
  }

  @Post('cases/:id/evidence')
  @ApiOk(EvidenceResponseDto)
  @ApiErrors('UNKNOWN_APPEAL', 'UNKNOWN_REQUEST', 'UNKNOWN_GAME', 'NOT_INDEPENDENT')
  @ApiOperation({ summary: 'Request video evidence, or attach evidence by reference and SHA-256' })
  evidence(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: EvidenceDto) {
    return this.service.addEvidence(user, id, dto);
  }

  @Post('cases/:id/decisions')
  @ApiOk(DecisionResultDto)
  @ApiErrors('NOT_A_SUBJECT', 'NOT_INDEPENDENT', 'ALREADY_DECIDED', 'SANCTION_NOT_ALLOWED')
  @ApiOperation({ summary: 'Decide one player of the case; the penalty ladder and its effects apply at once' })
  decide(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: DecideCaseDto) {
    return this.service.decide(user, id, dto);
  }

  @Get('appeals')
  @ApiOk([AppealListItemDto])
  @ApiOperation({ summary: 'Appeals by due date; filter pending / overdue (never those of the caller\'s own cases: as the appellant or one of the case\'s players)' })
  appeals(@CurrentUser() user: AuthUser, @Query() q: AppealsQueryDto) {
    return this.service.listAppeals(user, q);
  }

  @Post('appeals/:id/decision')
  @HttpCode(200)
  @ApiOk(AppealDecidedDto)
  @ApiErrors('APPEAL_DECIDED', 'NOT_INDEPENDENT', 'INVALID_REDUCTION', 'SANCTION_NOT_ALLOWED')
  @ApiOperation({ summary: 'Decide an appeal (reviewers independent of the case only): upheld, reduced or overturned' })
  decideAppeal(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: DecideAppealDto) {
    return this.service.decideAppeal(user, id, dto);
  }

  @Get('reports')
  @ApiOk([ReportResponseDto], { description: 'the 200 most recently updated' })
  @ApiOperation({ summary: 'Community reports (merged duplicates carry a count; never those about the caller, nor those of a case about the caller)' })
  reports(@CurrentUser() user: AuthUser, @Query() q: ReportsQueryDto) {
    return this.service.listReports(user, q);
  }
}

/** What a competitor does with the board: report, appeal, see their own cases and penalties. */
@ApiTags('integrity')
@ApiBearerAuth()
@Roles('competitor')
@Controller()
export class IntegrityPlayerController {
  constructor(private readonly service: IntegrityService) {}

  @Post('reports')
  @ApiOk(ReportFiledDto)
  @ApiErrors('RATE_LIMITED', 'CANNOT_REPORT_SELF', 'NOT_FOUND', 'NOT_THEIR_GAME')
  @ApiOperation({ summary: 'Report a player you suspect (what: cheating, collusion, conduct, other; what you saw): rate limited; one report per reporter, player and game, the same report again is merged into it (count); it joins the player\'s open case or opens one, in the review board\'s queue' })
  report(@CurrentUser() user: AuthUser, @Body() dto: FileReportDto) {
    return this.service.fileReport(user, dto);
  }

  @Post('appeals')
  @ApiOk(AppealDto)
  @ApiErrors('NOT_FOUND', 'NOTHING_TO_APPEAL', 'APPEAL_WINDOW_CLOSED', 'APPEAL_EXISTS')
  @ApiOperation({ summary: 'Appeal one of my penalties: within 7 days, once per incident' })
  appeal(@CurrentUser() user: AuthUser, @Body() dto: FileAppealDto) {
    return this.service.fileAppeal(user, dto);
  }

  @Public()
  @Post('appeals/with-credentials')
  @ApiOk(AppealDto)
  @ApiErrors('INVALID_CREDENTIALS', 'RATE_LIMITED', 'NOT_FOUND', 'NOTHING_TO_APPEAL', 'APPEAL_WINDOW_CLOSED', 'APPEAL_EXISTS')
  @ApiOperation({ summary: 'Appeal as a banned player who cannot sign in: email and password instead of a token (throttled like login)' })
  appealWithCredentials(@Ip() ip: string, @Body() dto: CredentialAppealDto) {
    return this.service.fileAppealWithCredentials(ip, dto);
  }

  @Get('me/penalties')
  @ApiOk(MyPenaltiesDto)
  @ApiOperation({ summary: 'My penalties with their appeals, and prizes forfeited' })
  penalties(@CurrentUser() user: AuthUser) {
    return this.service.myPenalties(user);
  }

  @Get('me/cases')
  @ApiOk([MyCaseDto])
  @ApiOperation({ summary: 'The cases about me (no reviewer notes or evidence)' })
  cases(@CurrentUser() user: AuthUser) {
    return this.service.myCases(user);
  }
}
