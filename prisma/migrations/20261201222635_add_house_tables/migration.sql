-- CreateEnum
CREATE TYPE "HousePurpose" AS ENUM ('friendly', 'workout', 'stake');

-- CreateEnum
CREATE TYPE "HouseTableStatus" AS ENUM ('open', 'playing', 'finished', 'closed');

-- CreateEnum
CREATE TYPE "Currency" AS ENUM ('DD', 'soups');

-- CreateEnum
CREATE TYPE "BotLevel" AS ENUM ('easy', 'medium', 'hard');

-- CreateEnum
CREATE TYPE "WorkoutKind" AS ENUM ('reps', 'timed', 'run');

-- CreateEnum
CREATE TYPE "WalletEntryKind" AS ENUM ('grant', 'hold', 'release', 'settlement', 'fine', 'debt_payment', 'jar_payout', 'expunged_fine', 'correction');

-- CreateEnum
CREATE TYPE "FileEntryKind" AS ENUM ('ticket', 'dumbbell', 'felony', 'ticket_served', 'ticket_expunged', 'felony_cleared', 'computer_timeout');

-- CreateEnum
CREATE TYPE "WorkoutStatus" AS ENUM ('owed', 'done', 'excused');

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "adult_confirmed_at" TIMESTAMPTZ(3),
ADD COLUMN     "assistive_tech" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "stake_wins" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "games" ADD COLUMN     "house_table_id" UUID;

-- CreateTable
CREATE TABLE "house_tables" (
    "id" UUID NOT NULL,
    "host_id" UUID NOT NULL,
    "ruleset" TEXT NOT NULL,
    "settings" JSONB NOT NULL,
    "seats" INTEGER NOT NULL,
    "partners" BOOLEAN NOT NULL DEFAULT false,
    "purpose" "HousePurpose" NOT NULL,
    "currency" "Currency",
    "stake" INTEGER NOT NULL DEFAULT 0,
    "ticket_fine" INTEGER NOT NULL DEFAULT 0,
    "host_clock_ms" INTEGER,
    "workout_kind" "WorkoutKind" NOT NULL DEFAULT 'reps',
    "listed" BOOLEAN NOT NULL DEFAULT true,
    "invite_code" TEXT NOT NULL,
    "status" "HouseTableStatus" NOT NULL DEFAULT 'open',
    "court_table" BOOLEAN NOT NULL DEFAULT false,
    "current_game_id" UUID,
    "bot_seed" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "house_tables_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "house_seats" (
    "id" UUID NOT NULL,
    "table_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "user_id" UUID,
    "bot_level" "BotLevel",
    "clock_ms" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "house_seats_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wallets" (
    "user_id" UUID NOT NULL,
    "currency" "Currency" NOT NULL,
    "balance" INTEGER NOT NULL DEFAULT 0,
    "owed" INTEGER NOT NULL DEFAULT 0,
    "seq" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "wallets_pkey" PRIMARY KEY ("user_id","currency")
);

-- CreateTable
CREATE TABLE "wallet_entries" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "currency" "Currency" NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" "WalletEntryKind" NOT NULL,
    "amount" INTEGER NOT NULL,
    "owed_change" INTEGER NOT NULL DEFAULT 0,
    "balance_after" INTEGER NOT NULL,
    "house_table_id" UUID,
    "game_id" UUID,
    "actor_id" UUID,
    "reason" TEXT,
    "dedupe_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wallet_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "file_entries" (
    "id" UUID NOT NULL,
    "user_id" UUID,
    "kind" "FileEntryKind" NOT NULL,
    "tournament" BOOLEAN NOT NULL DEFAULT false,
    "game_id" UUID,
    "house_table_id" UUID,
    "seat" INTEGER,
    "version" INTEGER,
    "attempt" INTEGER,
    "fine" INTEGER NOT NULL DEFAULT 0,
    "currency" "Currency",
    "closes_id" UUID,
    "expires_at" TIMESTAMPTZ(3),
    "dedupe_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "file_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workouts" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "kind" "WorkoutKind" NOT NULL,
    "amount" INTEGER NOT NULL,
    "dumbbells" INTEGER NOT NULL,
    "status" "WorkoutStatus" NOT NULL DEFAULT 'owed',
    "done_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workouts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "doctors_excuses" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "week_start" TIMESTAMPTZ(3) NOT NULL,
    "used_on_workout_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "doctors_excuses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "house_settlements" (
    "game_id" UUID NOT NULL,
    "table_id" UUID NOT NULL,
    "result" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "house_settlements_pkey" PRIMARY KEY ("game_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "house_tables_invite_code_key" ON "house_tables"("invite_code");

-- CreateIndex
CREATE INDEX "house_tables_host_id_idx" ON "house_tables"("host_id");

-- CreateIndex
CREATE INDEX "house_tables_status_listed_created_at_idx" ON "house_tables"("status", "listed", "created_at");

-- CreateIndex
CREATE INDEX "house_seats_user_id_idx" ON "house_seats"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "house_seats_table_id_seat_key" ON "house_seats"("table_id", "seat");

-- CreateIndex
CREATE UNIQUE INDEX "house_seats_table_id_user_id_key" ON "house_seats"("table_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "wallet_entries_dedupe_key_key" ON "wallet_entries"("dedupe_key");

-- CreateIndex
CREATE INDEX "wallet_entries_game_id_idx" ON "wallet_entries"("game_id");

-- CreateIndex
CREATE UNIQUE INDEX "wallet_entries_user_id_currency_seq_key" ON "wallet_entries"("user_id", "currency", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "file_entries_closes_id_key" ON "file_entries"("closes_id");

-- CreateIndex
CREATE UNIQUE INDEX "file_entries_dedupe_key_key" ON "file_entries"("dedupe_key");

-- CreateIndex
CREATE INDEX "file_entries_user_id_kind_idx" ON "file_entries"("user_id", "kind");

-- CreateIndex
CREATE INDEX "file_entries_game_id_idx" ON "file_entries"("game_id");

-- CreateIndex
CREATE INDEX "file_entries_kind_expires_at_idx" ON "file_entries"("kind", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "workouts_user_id_game_id_key" ON "workouts"("user_id", "game_id");

-- CreateIndex
CREATE UNIQUE INDEX "doctors_excuses_used_on_workout_id_key" ON "doctors_excuses"("used_on_workout_id");

-- CreateIndex
CREATE INDEX "doctors_excuses_user_id_week_start_idx" ON "doctors_excuses"("user_id", "week_start");

-- CreateIndex
CREATE UNIQUE INDEX "doctors_excuses_user_id_game_id_key" ON "doctors_excuses"("user_id", "game_id");

-- CreateIndex
CREATE INDEX "house_settlements_table_id_idx" ON "house_settlements"("table_id");

-- CreateIndex
CREATE INDEX "games_house_table_id_idx" ON "games"("house_table_id");

-- AddForeignKey
ALTER TABLE "games" ADD CONSTRAINT "games_house_table_id_fkey" FOREIGN KEY ("house_table_id") REFERENCES "house_tables"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "house_tables" ADD CONSTRAINT "house_tables_host_id_fkey" FOREIGN KEY ("host_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "house_seats" ADD CONSTRAINT "house_seats_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "house_tables"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "house_seats" ADD CONSTRAINT "house_seats_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "file_entries" ADD CONSTRAINT "file_entries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- SPEC 8.2: a balance can never go negative, nor a debt: held by the database, not only by code.
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_balance_non_negative" CHECK ("balance" >= 0);
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_owed_non_negative" CHECK ("owed" >= 0);
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_balance_after_non_negative" CHECK ("balance_after" >= 0);
ALTER TABLE "house_tables" ADD CONSTRAINT "house_tables_stake_range" CHECK ("stake" >= 0 AND "ticket_fine" >= 0 AND "ticket_fine" <= GREATEST("stake", 0));
ALTER TABLE "house_seats" ADD CONSTRAINT "house_seats_person_or_computer" CHECK (("user_id" IS NULL) <> ("bot_level" IS NULL));
ALTER TABLE "games" ADD CONSTRAINT "games_one_kind_of_table" CHECK ("table_id" IS NULL OR "house_table_id" IS NULL);

-- Ledgers and the player's file are append-only, like the audit log.
CREATE TRIGGER "wallet_entries_append_only"
  BEFORE UPDATE OR DELETE ON "wallet_entries"
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();
CREATE TRIGGER "file_entries_append_only"
  BEFORE UPDATE OR DELETE ON "file_entries"
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();
