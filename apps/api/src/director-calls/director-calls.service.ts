import { Injectable } from '@nestjs/common';
import type { DirectorCall } from '@dcs/db';
import { AppError, notFound, RateLimitedError } from '@dcs/common';
import { ChallengeFlowService, EffectsQueue, type Effect, LiveEmitter, liveEmit, liveRooms, recordAudit } from '@dcs/tournament';
import { acknowledgeDirectorCall, type DirectorCallAct, insertDirectorCall, lockDirectorCall, resolveDirectorCall, SPECTATOR_CALL_REASONS } from '@dcs/tournament/director-calls';
import type { AuthUser } from '../common/decorators';
import { DirectorCallsQueries } from './director-calls.repository';
import type { DirectorCallDto, DirectorCallListDto, NewDirectorCallDto, ResolveDirectorCallDto } from './director-calls.dto';

/** Who may call the director to a table they are not seated at (spectating is not recorded per account). */
const CALLING_STAFF: readonly string[] = ['director', 'reviewer', 'admin'];

/** Calls one account may make in CALL_WINDOW_MS over every table (a pending call at a table also blocks a second one there). */
export const CALLS_PER_WINDOW = 3;
export const CALL_WINDOW_MS = 10 * 60_000;

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ field, problems: [message] }]);
const callClosed = (id: string) => new AppError('DIRECTOR_CALL_CLOSED', 'This call has already been resolved', { id });

/**
 * "Call the director" (SPEC 7): a player seated at a live table, or a member of staff watching it for a
 * visible problem (spectating is not recorded per account, so a signed-in stranger cannot call to a
 * table: NOT_SEATED), calls the director of the challenge's city with a reason and a message; the call records the table's
 * game and its version. The directors see it at once (live event to their user rooms), acknowledge and
 * resolve it with a note and, optionally, one of their acts on the call's table (void, correct, disqualify
 * a player seated there — NOT_AT_CALL_TABLE otherwise; the same services as their endpoints, with their
 * audit entries and who-may-sanction-whom); the caller sees the answer at the table.
 * Nothing here touches the game or its clocks: a call never pauses the round's hard stop.
 */
@Injectable()
export class DirectorCallsService {
  constructor(
    private readonly q: DirectorCallsQueries,
    private readonly flow: ChallengeFlowService,
    private readonly queue: EffectsQueue,
    private readonly live: LiveEmitter,
  ) {}

  async call(caller: AuthUser, tableId: string, dto: NewDirectorCallDto): Promise<DirectorCallDto> {
    const callerId = caller.id;
    const call = await this.q.transaction(async (tx) => {
      const table = await this.q.table(tx, tableId);
      if (!table) throw notFound('Table', tableId);
      if (table.challengeStatus !== 'running') throw new AppError('CHALLENGE_CLOSED', 'The director can be called from a table while its challenge runs');
      const role = table.seats.includes(callerId) ? 'player' : 'spectator';
      // Spectating is not recorded per account, so "a spectator" is a member of staff watching the table.
      if (role === 'spectator' && !caller.roles.some((r) => CALLING_STAFF.includes(r))) {
        throw new AppError('NOT_SEATED', 'Only a player seated at this table (or a member of staff) can call the director here');
      }
      if (role === 'spectator' && !SPECTATOR_CALL_REASONS.includes(dto.reason)) {
        throw invalid('reason', `a spectator may call the director only for ${SPECTATOR_CALL_REASONS.join(', ')}`);
      }
      await this.q.lockCaller(tx, callerId);
      const pending = await this.q.pendingAt(tx, callerId, tableId);
      if (pending) throw new AppError('DIRECTOR_CALL_PENDING', 'Your call at this table is still waiting for the director', { id: pending.id });
      const now = new Date();
      const recent = await this.q.callsSince(tx, callerId, new Date(now.getTime() - CALL_WINDOW_MS));
      if (recent.length >= CALLS_PER_WINDOW) {
        const retry = Math.max(1, Math.ceil((recent[0].createdAt.getTime() + CALL_WINDOW_MS - now.getTime()) / 1000));
        throw new RateLimitedError(retry, `At most ${CALLS_PER_WINDOW} calls for the director every ${CALL_WINDOW_MS / 60_000} minutes`);
      }
      const created = await insertDirectorCall(tx, {
        challengeId: table.challengeId,
        tableId,
        gameId: table.game?.id ?? null,
        gameVersion: table.game?.version ?? null,
        callerId,
        callerRole: role,
        reason: dto.reason,
        message: dto.message,
      });
      await recordAudit(tx, { actorId: callerId, action: 'director-call.created', entityType: 'director_call', entityId: created.id, reason: dto.message, data: { tableId, reason: dto.reason, role, gameId: created.gameId, gameVersion: created.gameVersion } });
      return created;
    });
    const [view] = await this.views([call]);
    this.live.emit(liveEmit((await this.directors(call.challengeId)).map((id) => liveRooms.user(id)), 'director-call:new', view));
    return view;
  }

  /** The caller's own calls at a table (latest first): what the table shows after a reload. */
  async mine(callerId: string, tableId: string): Promise<DirectorCallDto[]> {
    return this.views(await this.q.mineAt(callerId, tableId));
  }

  /** The console's list: every call not resolved (oldest first), then the last resolved ones. */
  async ofChallenge(actorId: string, challengeId: string): Promise<DirectorCallListDto> {
    if (!(await this.q.challengeCity(challengeId))) throw notFound('Challenge', challengeId);
    await this.q.transaction((tx) => this.flow.assertMayDirect(tx, challengeId, actorId));
    const calls = await this.views(await this.q.ofChallenge(challengeId));
    const waiting = calls.filter((c) => c.status !== 'resolved');
    return { waiting: waiting.length, open: waiting.filter((c) => c.status === 'open').length, calls };
  }

  async acknowledge(actorId: string, id: string): Promise<DirectorCallDto> {
    const call = await this.q.transaction(async (tx) => {
      const c = await lockDirectorCall(tx, id);
      if (!c) throw notFound('Director call', id);
      await this.flow.assertMayDirect(tx, c.challengeId, actorId);
      if (c.status === 'resolved') throw callClosed(id);
      // Acknowledging twice (two directors, a retried request) answers the call as it is.
      if (await acknowledgeDirectorCall(tx, id, actorId, new Date())) {
        await recordAudit(tx, { actorId, action: 'director-call.acknowledged', entityType: 'director_call', entityId: id, data: { tableId: c.tableId } });
      }
      return (await this.q.find(tx, id))!;
    });
    return this.announce(call);
  }

  /**
   * Resolves a call: the call's row stays locked while the act runs (a second director resolving at the
   * same moment waits, then finds it resolved), so an act is carried out once. A disqualification is
   * written in the same transaction; a void or a correction runs its own (as its endpoint does) inside
   * it, and a failure of the act leaves the call unresolved.
   */
  async resolve(actorId: string, id: string, dto: ResolveDirectorCallDto): Promise<DirectorCallDto> {
    const act: DirectorCallAct = dto.act ?? 'none';
    if (act === 'correct' && !dto.order) throw invalid('order', 'order is required to correct the result');
    if (act === 'disqualify' && !dto.userId) throw invalid('userId', 'userId is required to disqualify a player');
    let effects: Effect[] = [];
    const call = await this.q.transaction(
      async (tx) => {
        const c = await lockDirectorCall(tx, id);
        if (!c) throw notFound('Director call', id);
        await this.flow.assertMayDirect(tx, c.challengeId, actorId);
        if (c.status === 'resolved') throw callClosed(id);
        let actData: Record<string, unknown> = {};
        if (act === 'disqualify') {
          // The call is about its table: its act disqualifies a player seated there, nobody else.
          const table = await this.q.table(tx, c.tableId);
          if (!table?.seats.includes(dto.userId!)) {
            throw new AppError('NOT_AT_CALL_TABLE', 'A call\'s resolution disqualifies only a player seated at the call\'s table', { userId: dto.userId, tableId: c.tableId });
          }
          effects = await this.flow.disqualifyIn(tx, actorId, c.challengeId, dto.userId!, dto.note);
          actData = { userId: dto.userId };
        } else if (act === 'void') {
          actData = await this.flow.voidTable(actorId, c.tableId, dto.note);
        } else if (act === 'correct') {
          await this.flow.correctResult(actorId, c.tableId, dto.order!, dto.note);
          actData = { order: dto.order };
        }
        await resolveDirectorCall(tx, id, actorId, dto.note, act, new Date());
        await recordAudit(tx, { actorId, action: 'director-call.resolved', entityType: 'director_call', entityId: id, reason: dto.note, data: { tableId: c.tableId, act, ...actData } });
        return (await this.q.find(tx, id))!;
      },
      { timeout: 30_000 },
    );
    await this.queue.run(effects);
    return this.announce(call);
  }

  /** Tells the city's directors and the caller (at the table) where the call stands. */
  private async announce(call: DirectorCall): Promise<DirectorCallDto> {
    const [view] = await this.views([call]);
    const to = [...new Set([...(await this.directors(call.challengeId)), call.callerId])].map((u) => liveRooms.user(u));
    this.live.emit(liveEmit(to, 'director-call:updated', view));
    return view;
  }

  private async directors(challengeId: string): Promise<string[]> {
    const ch = await this.q.challengeCity(challengeId);
    return ch ? this.q.directorsOf(ch.cityId) : [];
  }

  private async views(calls: DirectorCall[]): Promise<DirectorCallDto[]> {
    const people = await this.q.names(calls.flatMap((c) => [c.callerId, c.acknowledgedById, c.resolvedById].filter((x): x is string => !!x)));
    const tables = await this.q.tables(calls.map((c) => c.tableId));
    const person = (id: string | null) => (id ? { id, displayName: people.get(id) ?? '' } : null);
    const now = Date.now();
    return calls.map((c) => ({
      id: c.id,
      challengeId: c.challengeId,
      tableId: c.tableId,
      tableIndex: tables.get(c.tableId)?.index ?? 0,
      round: tables.get(c.tableId)?.round ?? 0,
      gameId: c.gameId,
      gameVersion: c.gameVersion,
      caller: person(c.callerId)!,
      callerRole: c.callerRole as 'player' | 'spectator',
      reason: c.reason as DirectorCallDto['reason'],
      message: c.message,
      status: c.status as DirectorCallDto['status'],
      createdAt: c.createdAt.toISOString(),
      waitingSeconds: Math.max(0, Math.round(((c.resolvedAt?.getTime() ?? now) - c.createdAt.getTime()) / 1000)),
      acknowledgedBy: person(c.acknowledgedById),
      acknowledgedAt: c.acknowledgedAt?.toISOString() ?? null,
      resolvedBy: person(c.resolvedById),
      resolvedAt: c.resolvedAt?.toISOString() ?? null,
      resolutionNote: c.resolutionNote,
      resolutionAct: c.resolutionAct as DirectorCallDto['resolutionAct'],
    }));
  }
}
