import { Injectable } from '@nestjs/common';
import type { FileEntry, WalletEntry, Workout } from '@dcs/db';
import { AppError, notFound } from '@dcs/common';
import { levelOf, seatClockMs } from '@dcs/house';
import { HouseService, type GameRunOut, type SettledGame, type TableWithSeats } from '@dcs/tournament';
import { AuthUser } from '../common/decorators';
import {
  AddComputerDto,
  AssistiveTechnologyDto,
  CloseWorkoutDto,
  FileEntryDto,
  HouseLobbyPageDto,
  HouseRunOutDto,
  HouseSettlementDto,
  HouseTableDto,
  JoinByCodeDto,
  LedgerEntryDto,
  LedgerPageDto,
  LedgerQueryDto,
  OpenHouseTableDto,
  QuickMatchDto,
  WalletCorrectionDto,
  WalletDto,
  WorkoutDto,
  WorkoutsDto,
} from './house.dto';

const cursorOf = (t: { createdAt: Date; id: string }) => `${t.createdAt.getTime()}_${t.id}`;
/** The latest instant a cursor can name: the end of year 9999 (a later one is no date the database or Prisma writes). */
const LAST_CURSOR_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
function parseCursor(s: string): { createdAt: Date; id: string } {
  const m = /^(\d{1,15})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(s);
  if (!m || Number(m[1]) > LAST_CURSOR_MS) throw new AppError('INVALID_CURSOR', '`before` is not a cursor this API gave');
  return { createdAt: new Date(Number(m[1])), id: m[2] };
}

/** House tables at the edge: DTO mapping around the shared HouseService (libs/tournament/src/house). */
@Injectable()
export class HouseApiService {
  constructor(private readonly house: HouseService) {}

  async open(user: AuthUser, dto: OpenHouseTableDto): Promise<HouseTableDto> {
    return this.table(await this.house.open(user.id, { ...dto, settings: dto.settings ? { ...dto.settings } : undefined }), user);
  }

  async quickMatch(user: AuthUser, dto: QuickMatchDto): Promise<HouseTableDto> {
    return this.table(await this.house.quickMatch(user.id, dto.ruleset), user);
  }

  async lobby(user: AuthUser, limit = 20, before?: string): Promise<HouseLobbyPageDto> {
    const rows = await this.house.lobby(limit + 1, before ? parseCursor(before) : undefined);
    const page = rows.slice(0, limit);
    return { items: page.map((t) => this.toTable(t, user)), next: rows.length > limit ? cursorOf(page[page.length - 1]) : null };
  }

  async get(user: AuthUser, id: string): Promise<HouseTableDto> {
    return this.table(await this.visible(user, id), user);
  }

  /** An unlisted table takes its invitation code (the table's own, in the body): without it the table is not found, as if it did not exist. */
  async join(user: AuthUser, id: string, seat?: number, code?: string): Promise<HouseTableDto> {
    return this.table(await this.house.join(user.id, id, seat, code), user);
  }

  async joinByCode(user: AuthUser, dto: JoinByCodeDto): Promise<HouseTableDto> {
    return this.join(user, await this.house.tableByCode(dto.code), dto.seat, dto.code);
  }

  async addComputer(user: AuthUser, id: string, dto: AddComputerDto): Promise<HouseTableDto> {
    await this.visible(user, id);
    return this.table(await this.house.addComputer(user.id, id, dto.level, dto.seat), user);
  }

  async leave(user: AuthUser, id: string): Promise<HouseTableDto> {
    await this.visible(user, id);
    return this.table(await this.house.leave(user.id, id), user);
  }

  async forfeit(user: AuthUser, id: string): Promise<HouseTableDto> {
    await this.visible(user, id);
    return this.table(await this.house.forfeit(user.id, id), user);
  }

  async rematch(user: AuthUser, id: string): Promise<HouseTableDto> {
    await this.visible(user, id);
    return this.table(await this.house.rematch(user.id, id), user);
  }

  /**
   * The table, when the caller may know it exists: a listed table, or an unlisted one to its host, the people
   * seated and staff (reviewers, admins). Anyone else gets the 404 of an id that names no table (docs/rules.md).
   */
  private async visible(user: AuthUser, id: string): Promise<TableWithSeats> {
    const t = await this.house.get(id);
    if (!t.listed && !insider(t, user) && t.hostId !== user.id) throw notFound('House table', id);
    return t;
  }

  async wallet(userId: string): Promise<WalletDto> {
    const w = await this.house.wallet(userId);
    return {
      userId,
      balances: w.balances.map((b) => ({ currency: b.currency, balance: b.balance, owed: b.owed })),
      level: levelOf(w.user.stakeWins),
      stakeWins: w.user.stakeWins,
      assistiveTech: w.user.assistiveTech,
      stakeClockMs: seatClockMs({ ruleset: 'citizen', purpose: 'stake', hostClockMs: null, humans: 2, player: { stakeWins: w.user.stakeWins, assistiveTech: w.user.assistiveTech, court: w.court.court } })!,
      adultConfirmedAt: w.user.adultConfirmedAt?.toISOString() ?? null,
      court: w.court.court,
      openTickets: w.court.openTickets,
      felonies: w.court.felonies,
      welcomeGrant: w.grant,
    };
  }

  async ledger(userId: string, q: LedgerQueryDto): Promise<LedgerPageDto> {
    const limit = q.limit ?? 50;
    const rows = await this.house.ledger(userId, q.currency, limit + 1, q.before);
    const page = rows.slice(0, limit);
    return { currency: q.currency, items: page.map(toEntry), next: rows.length > limit ? page[page.length - 1].seq : null };
  }

  async setAssistiveTech(user: AuthUser, dto: AssistiveTechnologyDto): Promise<WalletDto> {
    await this.house.setAssistiveTech(user.id, dto.assistiveTech);
    return this.wallet(user.id);
  }

  async confirmAdult(user: AuthUser): Promise<{ adultConfirmedAt: string }> {
    return { adultConfirmedAt: (await this.house.confirmAdult(user.id)).toISOString() };
  }

  async correct(user: AuthUser, userId: string, dto: WalletCorrectionDto): Promise<WalletDto> {
    if (dto.amount === 0) throw new AppError('NOTHING_TO_CHANGE', 'A correction of 0 changes nothing');
    await this.house.correct(user.id, userId, dto);
    return this.wallet(userId);
  }

  async file(userId: string, limit = 50): Promise<FileEntryDto[]> {
    await this.house.wallet(userId); // 404 for an unknown user
    const rows = await this.house.file(userId, limit);
    const closed = new Set(rows.filter((r) => r.closesId).map((r) => r.closesId));
    return rows.map((r) => toFileEntry(r, closed));
  }

  async workouts(user: AuthUser): Promise<WorkoutsDto> {
    const [items, ex] = await Promise.all([this.house.workouts(user.id), this.house.excuses(user.id)]);
    return { items: items.map(toWorkout), excusesUnused: ex.unused, excusesThisWeek: ex.thisWeek };
  }

  async closeWorkout(user: AuthUser, id: string, dto: CloseWorkoutDto): Promise<WorkoutDto> {
    return toWorkout(await this.house.closeWorkout(user.id, id, dto.how));
  }

  /** One table with its settlement (the lobby's tables are open: none). */
  private async table(t: TableWithSeats, viewer: AuthUser): Promise<HouseTableDto> {
    return this.toTable(t, viewer, await this.house.settlementOf(t));
  }

  private toTable(t: TableWithSeats, viewer: AuthUser | undefined, settled: SettledGame | null = null): HouseTableDto {
    const seated = !!viewer && t.seatsTaken.some((s) => s.userId === viewer.id);
    const full = !!viewer && insider(t, viewer);
    return {
      id: t.id,
      hostId: t.hostId,
      ruleset: t.ruleset,
      settings: t.settings as Record<string, unknown>,
      seats: t.seats,
      partners: t.partners,
      purpose: t.purpose,
      currency: t.currency,
      stake: t.stake,
      ticketFine: t.ticketFine,
      hostClockMs: t.hostClockMs,
      workoutKind: t.workoutKind,
      playToPay: t.playToPay,
      listed: t.listed,
      inviteCode: seated ? t.inviteCode : null,
      status: t.status,
      courtTable: t.courtTable,
      gameId: t.currentGameId,
      seatsTaken: t.seatsTaken.map((s) => ({
        seat: s.seat,
        kind: s.userId ? 'person' : 'computer',
        userId: s.userId,
        displayName: s.user?.displayName ?? null,
        level: s.botLevel,
        clockMs: s.clockMs,
      })),
      settlement: settled ? (full ? toSettlement(t, settled) : publicSettlement(t, settled)) : null,
      createdAt: t.createdAt.toISOString(),
    };
  }
}

const isStaff = (user: AuthUser) => user.roles.some((r) => r === 'reviewer' || r === 'admin');

/** SPEC 8.4: the run-outs and the settlement's penalties are for the table's players and staff; everyone else is an outsider. */
const insider = (t: TableWithSeats, user: AuthUser) => isStaff(user) || t.seatsTaken.some((s) => s.userId === user.id);

/** What an outsider reads of a settled game: who won, the scores, who forfeited; no money, fines, run-outs, workouts or jar. */
function publicSettlement(t: TableWithSeats, s: SettledGame): HouseSettlementDto {
  const r = s.result;
  return { gameId: s.gameId, full: false, winner: r.winner, scores: r.scores, forfeited: r.forfeited, currency: t.currency, payments: [], house: 0, fines: [], computerRunOuts: 0, runOuts: [], jar: [], workouts: [], settledAt: s.settledAt.toISOString() };
}

function toRunOut(t: TableWithSeats, r: GameRunOut, seatOf: (userId: string) => number | null): HouseRunOutDto {
  const computer = r.kind === 'computer_timeout';
  return {
    seat: r.seat,
    turn: r.version,
    attempt: r.attempt,
    kind: computer ? 'computer' : 'person',
    userId: r.userId,
    penalty: computer ? null : r.kind,
    fine: r.fine,
    currency: r.currency,
    // SPEC 8.6: every computer run-out goes in the jar; a court table's jar pays nobody.
    jar: computer,
    expunged: r.expunged.map((e) => ({ userId: e.userId, seat: e.userId ? seatOf(e.userId) : null })),
    at: r.at.toISOString(),
  };
}

function toSettlement(t: TableWithSeats, s: SettledGame): HouseSettlementDto {
  const seatOf = (userId: string) => t.seatsTaken.find((x) => x.userId === userId)?.seat ?? null;
  const r = s.result;
  return {
    gameId: s.gameId,
    full: true,
    winner: r.winner,
    scores: r.scores,
    forfeited: r.forfeited,
    currency: t.currency,
    payments: r.payments ?? [],
    house: r.house ?? 0,
    fines: s.fines.map((f) => ({ seat: f.seat, userId: f.userId, amount: f.fine, currency: f.currency })),
    computerRunOuts: s.computerRunOuts,
    runOuts: s.runOuts.map((x) => toRunOut(t, x, seatOf)),
    jar: (r.jar ?? []).map((j) => ({ userId: j.userId, seat: seatOf(j.userId), kind: j.kind, amount: j.amount ?? null })),
    workouts: (r.workouts ?? []).map((w) => ({ userId: w.userId, seat: seatOf(w.userId), kind: w.kind, amount: w.amount, dumbbells: w.dumbbells })),
    settledAt: s.settledAt.toISOString(),
  };
}

function toEntry(e: WalletEntry): LedgerEntryDto {
  return {
    id: e.id,
    seq: e.seq,
    kind: e.kind,
    amount: e.amount,
    owedChange: e.owedChange,
    balanceAfter: e.balanceAfter,
    houseTableId: e.houseTableId,
    gameId: e.gameId,
    reason: e.reason,
    createdAt: e.createdAt.toISOString(),
  };
}

function toFileEntry(r: FileEntry, closed: Set<string | null>): FileEntryDto {
  return {
    id: r.id,
    kind: r.kind,
    tournament: r.tournament,
    gameId: r.gameId,
    houseTableId: r.houseTableId,
    seat: r.seat,
    turn: r.version,
    fine: r.fine,
    currency: r.currency,
    closesId: r.closesId,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    open: (r.kind === 'ticket' && !r.tournament) || r.kind === 'felony' ? !closed.has(r.id) : false,
    createdAt: r.createdAt.toISOString(),
  };
}

function toWorkout(w: Workout): WorkoutDto {
  return { id: w.id, gameId: w.gameId, kind: w.kind, amount: w.amount, dumbbells: w.dumbbells, status: w.status, doneAt: w.doneAt?.toISOString() ?? null, createdAt: w.createdAt.toISOString() };
}
