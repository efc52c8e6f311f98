-- CreateEnum
CREATE TYPE "ChallengeStatus" AS ENUM ('scheduled', 'registration_open', 'check_in_open', 'check_in_closed', 'running', 'completed', 'cancelled');

-- CreateEnum
CREATE TYPE "RegistrationStatus" AS ENUM ('registered', 'waitlisted', 'withdrawn');

-- CreateEnum
CREATE TYPE "RoundStatus" AS ENUM ('pending', 'running', 'finished');

-- CreateEnum
CREATE TYPE "TableStatus" AS ENUM ('waiting', 'playing', 'tiebreak', 'finished');

-- CreateEnum
CREATE TYPE "GameStatus" AS ENUM ('playing', 'finished');

-- CreateTable
CREATE TABLE "challenges" (
    "id" UUID NOT NULL,
    "city_id" UUID NOT NULL,
    "season_id" UUID,
    "local_date" TEXT NOT NULL,
    "week" INTEGER,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "registration_opens_at" TIMESTAMPTZ(3) NOT NULL,
    "check_in_opens_at" TIMESTAMPTZ(3) NOT NULL,
    "check_in_closes_at" TIMESTAMPTZ(3) NOT NULL,
    "status" "ChallengeStatus" NOT NULL DEFAULT 'scheduled',
    "capacity" INTEGER NOT NULL DEFAULT 512,
    "min_players" INTEGER NOT NULL DEFAULT 16,
    "prize_pool_cents" INTEGER NOT NULL,
    "prize_split" JSONB NOT NULL,
    "cancel_reason" TEXT,
    "bracket" JSONB,
    "round_seconds" INTEGER NOT NULL DEFAULT 1800,
    "break_seconds" INTEGER NOT NULL DEFAULT 120,
    "turn_ms" INTEGER NOT NULL DEFAULT 20000,
    "completed_at" TIMESTAMPTZ(3),
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "challenges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "registrations" (
    "id" UUID NOT NULL,
    "challenge_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "status" "RegistrationStatus" NOT NULL,
    "position" INTEGER NOT NULL,
    "checked_in_at" TIMESTAMPTZ(3),
    "withdrawn_at" TIMESTAMPTZ(3),
    "disqualified_at" TIMESTAMPTZ(3),
    "disqualify_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "registrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rounds" (
    "id" UUID NOT NULL,
    "challenge_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "status" "RoundStatus" NOT NULL DEFAULT 'pending',
    "starts_at" TIMESTAMPTZ(3),
    "hard_stop_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "byes" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rounds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "challenge_tables" (
    "id" UUID NOT NULL,
    "challenge_id" UUID NOT NULL,
    "round_id" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "status" "TableStatus" NOT NULL DEFAULT 'waiting',
    "result" JSONB,
    "ended_by" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "challenge_tables_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "table_seats" (
    "id" UUID NOT NULL,
    "table_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "seed" INTEGER NOT NULL,

    CONSTRAINT "table_seats_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "games" (
    "id" UUID NOT NULL,
    "table_id" UUID,
    "ruleset" TEXT NOT NULL,
    "players" INTEGER NOT NULL,
    "status" "GameStatus" NOT NULL DEFAULT 'playing',
    "state" JSONB NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "seed" TEXT NOT NULL,
    "seed_hash" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "games_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "game_actions" (
    "id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "user_id" UUID,
    "action" JSONB NOT NULL,
    "request_id" TEXT,
    "decision_ms" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "game_actions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tiebreaks" (
    "id" UUID NOT NULL,
    "challenge_id" UUID NOT NULL,
    "table_id" UUID,
    "players" JSONB NOT NULL,
    "state" JSONB NOT NULL,
    "closes_at" TIMESTAMPTZ(3) NOT NULL,
    "decided_at" TIMESTAMPTZ(3),
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tiebreaks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "placements" (
    "id" UUID NOT NULL,
    "challenge_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "placement" TEXT NOT NULL,
    "ranking_points" INTEGER NOT NULL,
    "prize_cents" INTEGER NOT NULL,
    "disqualified" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "placements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "data" JSONB NOT NULL DEFAULT '{}',
    "dedupe_key" TEXT,
    "read_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "challenges_season_id_idx" ON "challenges"("season_id");

-- CreateIndex
CREATE INDEX "challenges_status_starts_at_idx" ON "challenges"("status", "starts_at");

-- CreateIndex
CREATE UNIQUE INDEX "challenges_city_id_local_date_key" ON "challenges"("city_id", "local_date");

-- CreateIndex
CREATE INDEX "registrations_user_id_idx" ON "registrations"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "registrations_challenge_id_user_id_key" ON "registrations"("challenge_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "registrations_challenge_id_position_key" ON "registrations"("challenge_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "rounds_challenge_id_number_key" ON "rounds"("challenge_id", "number");

-- CreateIndex
CREATE INDEX "challenge_tables_challenge_id_idx" ON "challenge_tables"("challenge_id");

-- CreateIndex
CREATE UNIQUE INDEX "challenge_tables_round_id_index_key" ON "challenge_tables"("round_id", "index");

-- CreateIndex
CREATE INDEX "table_seats_user_id_idx" ON "table_seats"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "table_seats_table_id_seat_key" ON "table_seats"("table_id", "seat");

-- CreateIndex
CREATE UNIQUE INDEX "table_seats_table_id_user_id_key" ON "table_seats"("table_id", "user_id");

-- CreateIndex
CREATE INDEX "games_table_id_idx" ON "games"("table_id");

-- CreateIndex
CREATE UNIQUE INDEX "game_actions_game_id_version_key" ON "game_actions"("game_id", "version");

-- CreateIndex
CREATE UNIQUE INDEX "game_actions_game_id_request_id_key" ON "game_actions"("game_id", "request_id");

-- CreateIndex
CREATE INDEX "tiebreaks_challenge_id_idx" ON "tiebreaks"("challenge_id");

-- CreateIndex
CREATE INDEX "tiebreaks_table_id_idx" ON "tiebreaks"("table_id");

-- CreateIndex
CREATE INDEX "placements_user_id_idx" ON "placements"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "placements_challenge_id_user_id_key" ON "placements"("challenge_id", "user_id");

-- CreateIndex
CREATE INDEX "notifications_user_id_created_at_idx" ON "notifications"("user_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "notifications_user_id_dedupe_key_key" ON "notifications"("user_id", "dedupe_key");

-- AddForeignKey
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_city_id_fkey" FOREIGN KEY ("city_id") REFERENCES "cities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_season_id_fkey" FOREIGN KEY ("season_id") REFERENCES "seasons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenge_tables" ADD CONSTRAINT "challenge_tables_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "challenge_tables" ADD CONSTRAINT "challenge_tables_round_id_fkey" FOREIGN KEY ("round_id") REFERENCES "rounds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "table_seats" ADD CONSTRAINT "table_seats_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "challenge_tables"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "table_seats" ADD CONSTRAINT "table_seats_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "games" ADD CONSTRAINT "games_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "challenge_tables"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_actions" ADD CONSTRAINT "game_actions_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tiebreaks" ADD CONSTRAINT "tiebreaks_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tiebreaks" ADD CONSTRAINT "tiebreaks_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "challenge_tables"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "placements" ADD CONSTRAINT "placements_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "placements" ADD CONSTRAINT "placements_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Game actions are append-only, like the audit log.
CREATE TRIGGER "game_actions_append_only"
  BEFORE UPDATE OR DELETE ON "game_actions"
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();
