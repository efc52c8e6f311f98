-- CreateEnum
CREATE TYPE "DuplicateBoardStatus" AS ENUM ('playing', 'finished', 'void');

-- AlterTable
ALTER TABLE "games" ADD COLUMN     "duplicate_table_id" UUID;

-- CreateTable
CREATE TABLE "duplicate_nights" (
    "id" UUID NOT NULL,
    "city_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "registration_opens_at" TIMESTAMPTZ(3) NOT NULL,
    "check_in_opens_at" TIMESTAMPTZ(3) NOT NULL,
    "check_in_closes_at" TIMESTAMPTZ(3) NOT NULL,
    "status" "ChallengeStatus" NOT NULL DEFAULT 'scheduled',
    "capacity" INTEGER NOT NULL DEFAULT 128,
    "min_players" INTEGER NOT NULL DEFAULT 8,
    "rounds" INTEGER NOT NULL DEFAULT 3,
    "boards_per_round" INTEGER NOT NULL DEFAULT 6,
    "board_time_limit_ms" INTEGER NOT NULL DEFAULT 360000,
    "turn_ms" INTEGER NOT NULL DEFAULT 20000,
    "break_seconds" INTEGER NOT NULL DEFAULT 120,
    "seed" TEXT NOT NULL,
    "seed_hash" TEXT NOT NULL,
    "prize_pool_cents" INTEGER NOT NULL DEFAULT 0,
    "prize_split" JSONB,
    "first_place_draw" JSONB,
    "first_place_draw_closes_at" TIMESTAMPTZ(3),
    "results" JSONB,
    "cancel_reason" TEXT,
    "completed_at" TIMESTAMPTZ(3),
    "created_by_id" UUID NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "duplicate_nights_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "duplicate_rounds" (
    "id" UUID NOT NULL,
    "night_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "status" "RoundStatus" NOT NULL DEFAULT 'pending',
    "starts_at" TIMESTAMPTZ(3),
    "current_board" INTEGER NOT NULL DEFAULT 0,
    "board_dealt_at" TIMESTAMPTZ(3),
    "board_deadline" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "seating" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "duplicate_rounds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "duplicate_tables" (
    "id" UUID NOT NULL,
    "round_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "duplicate_tables_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "duplicate_seats" (
    "id" UUID NOT NULL,
    "table_id" UUID NOT NULL,
    "round_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "user_id" UUID,
    "bot_level" "BotLevel",
    "computer_no" INTEGER,
    "forfeited_from_board" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "duplicate_seats_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "duplicate_boards" (
    "id" UUID NOT NULL,
    "table_id" UUID NOT NULL,
    "board" INTEGER NOT NULL,
    "game_id" UUID NOT NULL,
    "status" "DuplicateBoardStatus" NOT NULL DEFAULT 'playing',
    "scores" JSONB,
    "void_reason" TEXT,
    "voided_by_id" UUID,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "duplicate_boards_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "duplicate_nights_city_id_starts_at_idx" ON "duplicate_nights"("city_id", "starts_at");

-- CreateIndex
CREATE INDEX "duplicate_nights_status_starts_at_idx" ON "duplicate_nights"("status", "starts_at");

-- CreateIndex
CREATE INDEX "duplicate_nights_created_by_id_idx" ON "duplicate_nights"("created_by_id");

-- CreateIndex
CREATE UNIQUE INDEX "duplicate_rounds_night_id_number_key" ON "duplicate_rounds"("night_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "duplicate_tables_round_id_number_key" ON "duplicate_tables"("round_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "duplicate_tables_id_round_id_key" ON "duplicate_tables"("id", "round_id");

-- CreateIndex
CREATE INDEX "duplicate_seats_user_id_idx" ON "duplicate_seats"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "duplicate_seats_table_id_seat_key" ON "duplicate_seats"("table_id", "seat");

-- CreateIndex
CREATE UNIQUE INDEX "duplicate_seats_round_id_user_id_key" ON "duplicate_seats"("round_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "duplicate_boards_game_id_key" ON "duplicate_boards"("game_id");

-- CreateIndex
CREATE INDEX "duplicate_boards_status_idx" ON "duplicate_boards"("status");

-- CreateIndex
CREATE UNIQUE INDEX "duplicate_boards_table_id_board_key" ON "duplicate_boards"("table_id", "board");

-- CreateIndex
CREATE INDEX "games_duplicate_table_id_idx" ON "games"("duplicate_table_id");

-- AddForeignKey
ALTER TABLE "games" ADD CONSTRAINT "games_duplicate_table_id_fkey" FOREIGN KEY ("duplicate_table_id") REFERENCES "duplicate_tables"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "duplicate_nights" ADD CONSTRAINT "duplicate_nights_city_id_fkey" FOREIGN KEY ("city_id") REFERENCES "cities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "duplicate_nights" ADD CONSTRAINT "duplicate_nights_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "duplicate_rounds" ADD CONSTRAINT "duplicate_rounds_night_id_fkey" FOREIGN KEY ("night_id") REFERENCES "duplicate_nights"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "duplicate_tables" ADD CONSTRAINT "duplicate_tables_round_id_fkey" FOREIGN KEY ("round_id") REFERENCES "duplicate_rounds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "duplicate_seats" ADD CONSTRAINT "duplicate_seats_table_id_round_id_fkey" FOREIGN KEY ("table_id", "round_id") REFERENCES "duplicate_tables"("id", "round_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "duplicate_seats" ADD CONSTRAINT "duplicate_seats_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "duplicate_boards" ADD CONSTRAINT "duplicate_boards_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "duplicate_tables"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "duplicate_boards" ADD CONSTRAINT "duplicate_boards_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Hand-written: the invariants of SPEC 9 in the database too.
ALTER TABLE "duplicate_nights" ADD CONSTRAINT "duplicate_nights_shape" CHECK (
  "rounds" BETWEEN 1 AND 6 AND "boards_per_round" BETWEEN 2 AND 12 AND "board_time_limit_ms" > 0 AND "turn_ms" > 0
  AND "break_seconds" >= 0 AND "min_players" >= 8 AND "capacity" BETWEEN "min_players" AND 128 AND "prize_pool_cents" >= 0
);
ALTER TABLE "duplicate_rounds" ADD CONSTRAINT "duplicate_rounds_numbers" CHECK ("number" BETWEEN 1 AND 6 AND "current_board" BETWEEN 0 AND 12);
ALTER TABLE "duplicate_tables" ADD CONSTRAINT "duplicate_tables_number" CHECK ("number" BETWEEN 1 AND 32);
ALTER TABLE "duplicate_seats" ADD CONSTRAINT "duplicate_seats_seat" CHECK ("seat" BETWEEN 0 AND 3);
ALTER TABLE "duplicate_seats" ADD CONSTRAINT "duplicate_seats_person_or_computer" CHECK (
  ("user_id" IS NULL) <> ("bot_level" IS NULL) AND ("bot_level" IS NULL) = ("computer_no" IS NULL)
);
ALTER TABLE "duplicate_boards" ADD CONSTRAINT "duplicate_boards_board" CHECK ("board" BETWEEN 1 AND 12);
ALTER TABLE "duplicate_boards" ADD CONSTRAINT "duplicate_boards_void_has_reason" CHECK (("status" = 'void') = ("void_reason" IS NOT NULL));
-- A game belongs to at most one kind of table (was: challenge or house).
ALTER TABLE "games" DROP CONSTRAINT "games_one_kind_of_table";
ALTER TABLE "games" ADD CONSTRAINT "games_one_kind_of_table" CHECK (num_nonnulls("table_id", "house_table_id", "duplicate_table_id") <= 1);
-- A board with scores is a finished board, and only a finished board has them.
ALTER TABLE "duplicate_boards" ADD CONSTRAINT "duplicate_boards_scores_when_finished" CHECK (("status" = 'finished') = ("scores" IS NOT NULL));
-- One board in play at a table at a time (lockstep, SPEC 9.2).
CREATE UNIQUE INDEX "duplicate_boards_one_playing" ON "duplicate_boards"("table_id") WHERE "status" = 'playing';
-- One computer a table at most (SPEC 9.1: the seats left over, at most 3, go one a table).
CREATE UNIQUE INDEX "duplicate_seats_one_computer" ON "duplicate_seats"("table_id") WHERE "user_id" IS NULL;
-- A board's game is a game of that table (the board names its game, the game its table: they agree).
CREATE UNIQUE INDEX "games_id_duplicate_table_id_key" ON "games"("id", "duplicate_table_id");
ALTER TABLE "duplicate_boards" ADD CONSTRAINT "duplicate_boards_game_at_table_fkey" FOREIGN KEY ("game_id", "table_id") REFERENCES "games"("id", "duplicate_table_id") ON DELETE RESTRICT ON UPDATE CASCADE;
