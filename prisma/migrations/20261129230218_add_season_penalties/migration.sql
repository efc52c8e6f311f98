-- CreateEnum
CREATE TYPE "SeasonPenaltyKind" AS ENUM ('rank_reset', 'season_ban', 'elite_six_disqualification');

-- CreateTable
CREATE TABLE "season_penalties" (
    "id" UUID NOT NULL,
    "season_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" "SeasonPenaltyKind" NOT NULL,
    "after_week" INTEGER,
    "reason" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "source_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "revoke_reason" TEXT,

    CONSTRAINT "season_penalties_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "season_penalties_season_id_idx" ON "season_penalties"("season_id");

-- CreateIndex
CREATE INDEX "season_penalties_user_id_idx" ON "season_penalties"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "season_penalties_source_id_kind_season_id_key" ON "season_penalties"("source_id", "kind", "season_id");

-- AddForeignKey
ALTER TABLE "season_penalties" ADD CONSTRAINT "season_penalties_season_id_fkey" FOREIGN KEY ("season_id") REFERENCES "seasons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "season_penalties" ADD CONSTRAINT "season_penalties_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

