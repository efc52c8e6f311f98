-- CreateEnum
CREATE TYPE "ChallengeKind" AS ENUM ('weekly', 'regional', 'ndt');

-- DropIndex
DROP INDEX "challenges_city_id_local_date_key";

-- AlterTable
ALTER TABLE "seasons" ADD COLUMN     "elite_six_draws" JSONB,
ADD COLUMN     "standings_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "challenges" ADD COLUMN     "event" JSONB,
ADD COLUMN     "event_key" TEXT,
ADD COLUMN     "kind" "ChallengeKind" NOT NULL DEFAULT 'weekly',
ADD COLUMN     "region" "Region",
ADD COLUMN     "year" INTEGER;

-- CreateTable
CREATE TABLE "season_standings" (
    "season_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "rank" INTEGER NOT NULL,
    "points" INTEGER NOT NULL,
    "tournament_wins" INTEGER NOT NULL,
    "games_played" INTEGER NOT NULL,
    "avg_score_diff" DOUBLE PRECISION NOT NULL,
    "tiebreak" TEXT,
    "status" TEXT NOT NULL,
    "points_still_possible" INTEGER NOT NULL,
    "elite_six_eligible" BOOLEAN NOT NULL,
    "resets" JSONB NOT NULL DEFAULT '[]',
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "season_standings_pkey" PRIMARY KEY ("season_id","user_id")
);

-- CreateTable
CREATE TABLE "elite_six_entries" (
    "id" UUID NOT NULL,
    "season_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "seed" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,
    "points" INTEGER NOT NULL,
    "benefit" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "removed_at" TIMESTAMPTZ(3),
    "removed_reason" TEXT,

    CONSTRAINT "elite_six_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wdc_entries" (
    "id" UUID NOT NULL,
    "year" INTEGER NOT NULL,
    "user_id" UUID,
    "name" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "challenge_id" UUID,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wdc_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "season_standings_season_id_rank_idx" ON "season_standings"("season_id", "rank");

-- CreateIndex
CREATE INDEX "season_standings_user_id_idx" ON "season_standings"("user_id");

-- CreateIndex
CREATE INDEX "elite_six_entries_user_id_idx" ON "elite_six_entries"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "elite_six_entries_season_id_user_id_key" ON "elite_six_entries"("season_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "wdc_entries_challenge_id_key" ON "wdc_entries"("challenge_id");

-- CreateIndex
CREATE INDEX "wdc_entries_user_id_idx" ON "wdc_entries"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "wdc_entries_year_user_id_key" ON "wdc_entries"("year", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "wdc_entries_year_name_country_key" ON "wdc_entries"("year", "name", "country");

-- CreateIndex
CREATE UNIQUE INDEX "challenges_event_key_key" ON "challenges"("event_key");

-- CreateIndex
CREATE UNIQUE INDEX "challenges_city_id_local_date_kind_key" ON "challenges"("city_id", "local_date", "kind");

-- AddForeignKey
ALTER TABLE "season_standings" ADD CONSTRAINT "season_standings_season_id_fkey" FOREIGN KEY ("season_id") REFERENCES "seasons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "season_standings" ADD CONSTRAINT "season_standings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "elite_six_entries" ADD CONSTRAINT "elite_six_entries_season_id_fkey" FOREIGN KEY ("season_id") REFERENCES "seasons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "elite_six_entries" ADD CONSTRAINT "elite_six_entries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wdc_entries" ADD CONSTRAINT "wdc_entries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

