-- CreateEnum
CREATE TYPE "IntegrityCaseStatus" AS ENUM ('open', 'in_review', 'decided', 'closed');

-- CreateTable
CREATE TABLE "integrity_cases" (
    "id" UUID NOT NULL,
    "status" "IntegrityCaseStatus" NOT NULL DEFAULT 'open',
    "source" TEXT NOT NULL,
    "subject_ids" UUID[],
    "summary" TEXT NOT NULL,
    "high_stakes" BOOLEAN NOT NULL DEFAULT false,
    "opened_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "integrity_cases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "anticheat_signals" (
    "id" UUID NOT NULL,
    "case_id" UUID,
    "kind" TEXT NOT NULL,
    "user_ids" UUID[],
    "value" DOUBLE PRECISION NOT NULL,
    "threshold" DOUBLE PRECISION NOT NULL,
    "baseline" JSONB NOT NULL DEFAULT '{}',
    "sample_size" INTEGER NOT NULL,
    "game_ids" UUID[],
    "details" JSONB NOT NULL DEFAULT '{}',
    "dedupe_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "anticheat_signals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "integrity_cases_status_idx" ON "integrity_cases"("status");

-- CreateIndex
CREATE UNIQUE INDEX "anticheat_signals_dedupe_key_key" ON "anticheat_signals"("dedupe_key");

-- CreateIndex
CREATE INDEX "anticheat_signals_case_id_idx" ON "anticheat_signals"("case_id");

-- CreateIndex
CREATE INDEX "anticheat_signals_kind_idx" ON "anticheat_signals"("kind");

-- AddForeignKey
ALTER TABLE "anticheat_signals" ADD CONSTRAINT "anticheat_signals_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "integrity_cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

