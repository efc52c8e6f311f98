-- CreateEnum
CREATE TYPE "IntegrityFinding" AS ENUM ('no_violation', 'minor', 'major', 'confirmed_cheating');

-- CreateEnum
CREATE TYPE "PenaltyStep" AS ENUM ('none', 'minor_1', 'minor_2', 'major', 'permanent_ban');

-- CreateEnum
CREATE TYPE "PenaltyStatus" AS ENUM ('in_force', 'reduced', 'overturned');

-- CreateEnum
CREATE TYPE "AppealStatus" AS ENUM ('pending', 'upheld', 'reduced', 'overturned');

-- AlterTable
ALTER TABLE "integrity_cases" ADD COLUMN     "assigned_to_id" UUID;

-- CreateTable
CREATE TABLE "integrity_case_participants" (
    "id" UUID NOT NULL,
    "case_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "role" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "integrity_case_participants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "integrity_case_notes" (
    "id" UUID NOT NULL,
    "case_id" UUID NOT NULL,
    "author_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "integrity_case_notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "integrity_case_games" (
    "case_id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "integrity_case_games_pkey" PRIMARY KEY ("case_id","game_id")
);

-- CreateTable
CREATE TABLE "integrity_evidence" (
    "id" UUID NOT NULL,
    "case_id" UUID NOT NULL,
    "appeal_id" UUID,
    "kind" TEXT NOT NULL,
    "game_id" UUID,
    "description" TEXT NOT NULL,
    "reference" TEXT,
    "sha256" TEXT,
    "answers_id" UUID,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "integrity_evidence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "integrity_decisions" (
    "id" UUID NOT NULL,
    "case_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "finding" "IntegrityFinding" NOT NULL,
    "step" "PenaltyStep" NOT NULL,
    "current_step" "PenaltyStep" NOT NULL,
    "escalated" BOOLEAN NOT NULL DEFAULT false,
    "status" "PenaltyStatus" NOT NULL DEFAULT 'in_force',
    "reason" TEXT NOT NULL,
    "effects" JSONB NOT NULL DEFAULT '{}',
    "decided_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "integrity_decisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "integrity_appeals" (
    "id" UUID NOT NULL,
    "decision_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "statement" TEXT NOT NULL,
    "status" "AppealStatus" NOT NULL DEFAULT 'pending',
    "filed_at" TIMESTAMPTZ(3) NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "remind_at" TIMESTAMPTZ(3) NOT NULL,
    "reminded_at" TIMESTAMPTZ(3),
    "overdue_at" TIMESTAMPTZ(3),
    "reduced_to" "PenaltyStep",
    "decided_by_id" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "reason" TEXT,
    "effects" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "integrity_appeals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "integrity_reports" (
    "id" UUID NOT NULL,
    "reporter_id" UUID NOT NULL,
    "subject_id" UUID NOT NULL,
    "game_id" UUID,
    "category" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 1,
    "case_id" UUID,
    "dedupe_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "integrity_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prize_forfeitures" (
    "id" UUID NOT NULL,
    "placement_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "source_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "revoke_reason" TEXT,

    CONSTRAINT "prize_forfeitures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conduct_violations" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "game_id" UUID,
    "challenge_id" UUID,
    "reason" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "filed_by_id" UUID,
    "dedupe_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conduct_violations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "conduct_sanctions" (
    "id" UUID NOT NULL,
    "violation_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "until" TIMESTAMPTZ(3),
    "challenge_id" UUID,
    "season_id" UUID,
    "details" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "revoke_reason" TEXT,

    CONSTRAINT "conduct_sanctions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "integrity_case_participants_user_id_idx" ON "integrity_case_participants"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "integrity_case_participants_case_id_user_id_role_key" ON "integrity_case_participants"("case_id", "user_id", "role");

-- CreateIndex
CREATE INDEX "integrity_case_notes_case_id_idx" ON "integrity_case_notes"("case_id");

-- CreateIndex
CREATE INDEX "integrity_case_games_game_id_idx" ON "integrity_case_games"("game_id");

-- CreateIndex
CREATE INDEX "integrity_evidence_case_id_idx" ON "integrity_evidence"("case_id");

-- CreateIndex
CREATE INDEX "integrity_decisions_user_id_idx" ON "integrity_decisions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "integrity_decisions_case_id_user_id_key" ON "integrity_decisions"("case_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "integrity_appeals_decision_id_key" ON "integrity_appeals"("decision_id");

-- CreateIndex
CREATE INDEX "integrity_appeals_status_due_at_idx" ON "integrity_appeals"("status", "due_at");

-- CreateIndex
CREATE INDEX "integrity_appeals_user_id_idx" ON "integrity_appeals"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "integrity_reports_dedupe_key_key" ON "integrity_reports"("dedupe_key");

-- CreateIndex
CREATE INDEX "integrity_reports_subject_id_idx" ON "integrity_reports"("subject_id");

-- CreateIndex
CREATE INDEX "integrity_reports_case_id_idx" ON "integrity_reports"("case_id");

-- CreateIndex
CREATE INDEX "prize_forfeitures_user_id_idx" ON "prize_forfeitures"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "prize_forfeitures_placement_id_source_id_key" ON "prize_forfeitures"("placement_id", "source_id");

-- CreateIndex
CREATE UNIQUE INDEX "conduct_violations_dedupe_key_key" ON "conduct_violations"("dedupe_key");

-- CreateIndex
CREATE INDEX "conduct_violations_user_id_kind_idx" ON "conduct_violations"("user_id", "kind");

-- CreateIndex
CREATE INDEX "conduct_sanctions_user_id_kind_idx" ON "conduct_sanctions"("user_id", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "conduct_sanctions_violation_id_kind_key" ON "conduct_sanctions"("violation_id", "kind");

-- AddForeignKey
ALTER TABLE "integrity_case_participants" ADD CONSTRAINT "integrity_case_participants_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "integrity_cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "integrity_case_notes" ADD CONSTRAINT "integrity_case_notes_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "integrity_cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "integrity_case_games" ADD CONSTRAINT "integrity_case_games_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "integrity_cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "integrity_evidence" ADD CONSTRAINT "integrity_evidence_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "integrity_cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "integrity_decisions" ADD CONSTRAINT "integrity_decisions_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "integrity_cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "integrity_decisions" ADD CONSTRAINT "integrity_decisions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "integrity_appeals" ADD CONSTRAINT "integrity_appeals_decision_id_fkey" FOREIGN KEY ("decision_id") REFERENCES "integrity_decisions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "integrity_reports" ADD CONSTRAINT "integrity_reports_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "integrity_cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conduct_violations" ADD CONSTRAINT "conduct_violations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conduct_sanctions" ADD CONSTRAINT "conduct_sanctions_violation_id_fkey" FOREIGN KEY ("violation_id") REFERENCES "conduct_violations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- The board's notes, evidence, participation and the conduct ledger's violations are append-only.
CREATE TRIGGER "integrity_case_notes_append_only"
  BEFORE UPDATE OR DELETE ON "integrity_case_notes"
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();
CREATE TRIGGER "integrity_evidence_append_only"
  BEFORE UPDATE OR DELETE ON "integrity_evidence"
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();
CREATE TRIGGER "integrity_case_participants_append_only"
  BEFORE UPDATE OR DELETE ON "integrity_case_participants"
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();
CREATE TRIGGER "conduct_violations_append_only"
  BEFORE UPDATE OR DELETE ON "conduct_violations"
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();
