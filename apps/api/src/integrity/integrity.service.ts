import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppConfig, AppError, Clock, notFound, REDIS, verifyPassword } from '@dcs/common';
import type { IntegrityAppeal } from '@dcs/db';
import {
  APPEAL_WINDOW_MS,
  appealDeadlines,
  describeStep,
  effectsOf,
  IntegrityQueriesRepository,
  IntegrityRepository,
  parseHolidays,
  PenaltyEffects,
  subjectCaseSummary,
  type DecisionWithAppeal,
  type Step,
} from '@dcs/tournament';
import { RedisThrottlerStorage } from '../auth/redis-throttler.storage';
import { CredentialLimiter } from '../auth/credential-limiter';
import { AuthUser } from '../common/decorators';
import { UsersRepository } from '../users/users.repository';
import { AssignCaseDto, AppealsQueryDto, CasesQueryDto, CredentialAppealDto, DecideAppealDto, DecideCaseDto, EvidenceDto, FileAppealDto, FileReportDto, OpenCaseDto, PlayerMatchDto, PlayerSearchDto, RecentGameDto, ReportsQueryDto } from './integrity.dto';

export const appealView = (a: IntegrityAppeal) => ({
  id: a.id,
  decisionId: a.decisionId,
  userId: a.userId,
  statement: a.statement,
  status: a.status,
  filedAt: a.filedAt.toISOString(),
  dueAt: a.dueAt.toISOString(),
  remindAt: a.remindAt.toISOString(),
  remindedAt: a.remindedAt?.toISOString() ?? null,
  overdueAt: a.overdueAt?.toISOString() ?? null,
  reducedTo: a.reducedTo,
  decidedById: a.decidedById,
  decidedAt: a.decidedAt?.toISOString() ?? null,
  reason: a.reason,
});

export const decisionView = (d: DecisionWithAppeal) => ({
  id: d.id,
  caseId: d.caseId,
  userId: d.userId,
  finding: d.finding,
  step: d.step,
  penalty: describeStep(d.step as Step),
  escalated: d.escalated,
  currentStep: d.currentStep,
  status: d.status,
  reason: d.reason,
  effects: d.effects,
  decidedAt: d.createdAt.toISOString(),
  appealOpenUntil: new Date(d.createdAt.getTime() + APPEAL_WINDOW_MS).toISOString(),
  appeal: d.appeal ? appealView(d.appeal) : null,
});

@Injectable()
export class IntegrityService {
  private readonly throttle: RedisThrottlerStorage;
  private readonly credentials: CredentialLimiter;

  constructor(
    private readonly repo: IntegrityRepository,
    private readonly queries: IntegrityQueriesRepository,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly effects: PenaltyEffects,
    @Inject(REDIS) redis: Redis,
  ) {
    this.throttle = new RedisThrottlerStorage(redis, config);
    this.credentials = new CredentialLimiter(redis, config);
  }

  listCases(user: AuthUser, q: CasesQueryDto) {
    return this.queries.listCases(user.id, q);
  }

  async getCase(user: AuthUser, id: string) {
    const c = await this.queries.caseDetail(user.id, id);
    if (!c) throw notFound('Case', id);
    const { gameInfo, decisions, linked, ...rest } = c;
    return {
      ...rest,
      games: gameInfo,
      videoReview: c.highStakes || gameInfo.some((g) => g.highStakes),
      decisions: decisions.map(decisionView),
      // From the recorded sessions (shared device fingerprint or IP), whatever the signals say.
      linkedAccounts: linked,
    };
  }

  async searchPlayers(q: PlayerSearchDto): Promise<PlayerMatchDto[]> {
    return (await this.queries.searchPlayers(q.q)).map(PlayerMatchDto.from);
  }

  async recentGames(userId: string): Promise<RecentGameDto[]> {
    if (!(await this.users.findById(userId))) throw notFound('Player', userId);
    return (await this.queries.recentGames(userId)).map(RecentGameDto.from);
  }

  openCase(user: AuthUser, dto: OpenCaseDto) {
    return this.repo.openCase(user.id, dto);
  }

  assign(user: AuthUser, id: string, dto: AssignCaseDto) {
    return this.repo.assign(user.id, id, dto);
  }

  addNote(user: AuthUser, id: string, body: string) {
    return this.repo.addNote(user.id, id, body);
  }

  addEvidence(user: AuthUser, id: string, dto: EvidenceDto) {
    return this.repo.addEvidence(user.id, id, dto);
  }

  async decide(user: AuthUser, id: string, dto: DecideCaseDto) {
    const { decision, replayed } = await this.repo.decide(user.id, id, dto, this.clock.now());
    if (!replayed && effectsOf(decision.step as Step).permanentBan) await this.effects.sessionsEnded(decision.userId);
    return { ...decisionView(decision), replayed };
  }

  async fileAppeal(user: AuthUser, dto: FileAppealDto) {
    const now = this.clock.now();
    const deadlines = appealDeadlines(now, parseHolidays(this.config.APPEAL_HOLIDAYS), this.config.APPEAL_REMINDER_BUSINESS_DAYS);
    return appealView(await this.repo.fileAppeal(user.id, dto.decisionId, dto.statement, now, deadlines));
  }

  /**
   * The appeal of a player who cannot sign in (a permanent ban ends every session and refuses
   * login): the password proves who they are. Counted with login's per-account and per-address limits.
   */
  async fileAppealWithCredentials(ip: string, dto: CredentialAppealDto) {
    const email = dto.email.trim().toLowerCase();
    await this.credentials.attempt(ip, email);
    const user = await this.users.findByEmail(email);
    const ok = user ? await verifyPassword(user.passwordHash, dto.password) : false;
    if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 'Email or password is wrong');
    return this.fileAppeal({ id: user.id, email: user.email, displayName: user.displayName, roles: user.roles }, dto);
  }

  async listAppeals(user: AuthUser, q: AppealsQueryDto) {
    return (await this.queries.listAppeals(user.id, q.status, q.overdue)).map(({ decision: { user, case: c, ...d }, ...a }) => ({
      ...appealView(a),
      appellantName: user.displayName,
      decision: { ...d, caseSummary: c.summary, caseSource: c.source, caseOpenedAt: c.createdAt.toISOString() },
    }));
  }

  async decideAppeal(user: AuthUser, id: string, dto: DecideAppealDto) {
    const a = await this.repo.decideAppeal(user.id, id, dto, this.clock.now());
    return { ...appealView(a), effects: a.effects };
  }

  async myPenalties(user: AuthUser) {
    const [decisions, forfeitures] = await Promise.all([this.queries.myDecisions(user.id), this.queries.forfeituresOf(user.id)]);
    return {
      penalties: decisions.map(decisionView),
      prizeForfeitures: forfeitures.map((f) => ({ id: f.id, placementId: f.placementId, amountCents: f.amountCents, source: f.source, reason: f.reason, forfeitedAt: f.createdAt.toISOString(), restoredAt: f.revokedAt?.toISOString() ?? null })),
    };
  }

  /** The subject's view: general terms and the reports' categories only (subjectCaseSummary), never the reporter's words nor who reported. */
  async myCases(user: AuthUser) {
    return (await this.queries.myCases(user.id)).map(({ reports, ...c }) => {
      const categories = [...new Set(reports.map((r) => r.category))].sort();
      return { ...c, summary: subjectCaseSummary(c.source, categories), categories, decisions: c.decisions.map(decisionView) };
    });
  }

  listReports(user: AuthUser, q: ReportsQueryDto) {
    return this.queries.listReports(user.id, q);
  }

  /** Rate limited per reporter in Redis (shared by every API instance), like login. */
  async fileReport(user: AuthUser, dto: FileReportDto) {
    const windowMs = this.config.REPORT_RATE_WINDOW_SECONDS * 1000;
    const hit = await this.throttle.increment(user.id, windowMs, this.config.REPORT_RATE_LIMIT, windowMs, 'reports');
    if (hit.isBlocked) {
      throw new AppError('RATE_LIMITED', `At most ${this.config.REPORT_RATE_LIMIT} reports per ${this.config.REPORT_RATE_WINDOW_SECONDS} s`, { retryAfterSeconds: hit.timeToBlockExpire });
    }
    const { report, merged } = await this.repo.fileReport(user.id, dto);
    return { id: report.id, subjectId: report.subjectId, gameId: report.gameId, category: report.category, count: report.count, merged, receivedAt: report.createdAt.toISOString() };
  }
}
