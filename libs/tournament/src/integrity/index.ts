/**
 * Integrity (SPEC 5 and 7): the review board's cases, decisions with the penalty ladder, appeals and
 * reports, and the penalties' effects on accounts, seasons and prizes. The one home of the aggregate:
 * the API's review board and conduct ledger, the worker's anti-cheat scan and appeal deadlines call it.
 *
 * - integrity-cases.repository.ts: the only writer of integrity_cases and integrity_appeals (functions
 *   taking the caller's transaction);
 * - integrity.repository.ts: the board's acts (open, assign, note, evidence, decide, appeal, report);
 * - integrity-queries.repository.ts: what the board and a player read (case-opening.repository.ts: the
 *   players and games a reviewer picks for a case by hand); case-independence.repository.ts: who may
 *   act on a case or see it in the board's lists (SPEC 7: one definition of a conflict) and the case lock;
 * - penalties.repository.ts and penalty-effects.service.ts: what a penalty changes, undone by source;
 * - appeal-deadlines.*: the reminders and overdue marks;
 * - integrity.rules.ts (pure: the ladder, windows and business days) and the messages.
 */
export * from './integrity-cases.repository';
export { IntegrityRepository } from './integrity.repository';
export { IntegrityQueriesRepository, gamesInfo, type DecisionWithAppeal } from './integrity-queries.repository';
export type { PlayerMatch, RecentGame } from './case-opening.repository';
export type { AssignCaseInput, CasesQuery, DecideAppealInput, DecideCaseInput, EvidenceInput, FileReportInput, OpenCaseInput, ReportsQuery } from './integrity.inputs';
export {
  APPEAL_BUSINESS_DAYS,
  APPEAL_WINDOW_MS,
  STEP_ORDER,
  appealDeadlines,
  businessDayStart,
  clearToPlay,
  effectsOf,
  isBusinessDay,
  ladderStep,
  parseHolidays,
  stepRank,
  type Finding,
  type Step,
  type StepEffects,
} from './integrity.rules';
export { appealDecidedNotice, caseOpenedNotices, describeStep, penaltyNotice, subjectCaseSummary } from './integrity.messages';
export { PenaltiesRepository } from './penalties.repository';
export { PenaltyEffects } from './penalty-effects.service';
export { AppealDeadlinesRepository, type AppealSweepResult } from './appeal-deadlines.repository';
export { AppealDeadlinesService } from './appeal-deadlines.service';
export { appealOverdueNotice, appealReminderNotice, type BoardNotice } from './appeal-deadlines.messages';
