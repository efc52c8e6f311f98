import type { IntegrityCase, IntegrityDecision, IntegrityEvidence, IntegrityReport } from '@dcs/db';

/**
 * What the review board's repositories take (the API's DTOs, validated at the edge, have these shapes):
 * domain values, so the repositories know nothing of the HTTP layer.
 */
export interface CasesQuery {
  status?: IntegrityCase['status'];
  source?: IntegrityCase['source'];
  playerId?: string;
  assignedToId?: string;
  highStakes?: boolean;
  signal?: string;
  limit?: number;
  offset?: number;
}

export interface OpenCaseInput {
  subjectIds: string[];
  summary: string;
  gameIds?: string[];
  highStakes?: boolean;
}

export interface AssignCaseInput {
  reviewerId: string;
}

export interface EvidenceInput {
  kind: IntegrityEvidence['kind'];
  description: string;
  gameId?: string;
  appealId?: string;
  answersId?: string;
  reference?: string;
  sha256?: string;
}

export interface DecideCaseInput {
  userId: string;
  finding: IntegrityDecision['finding'];
  reason: string;
}

export interface DecideAppealInput {
  outcome: 'upheld' | 'reduced' | 'overturned';
  reducedTo?: 'minor_1' | 'minor_2' | 'major';
  reason: string;
}

export interface FileReportInput {
  subjectId: string;
  gameId?: string;
  category: IntegrityReport['category'];
  description: string;
}

export interface ReportsQuery {
  subjectId?: string;
  caseId?: string;
}
