-- AlterTable
ALTER TABLE "season_standings" ADD COLUMN     "position" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "season_standings_season_id_position_idx" ON "season_standings"("season_id", "position");


-- Hand-written: rows stored before this migration get their place in the standings order.
UPDATE "season_standings" s SET "position" = o.n
FROM (SELECT "season_id", "user_id", row_number() OVER (PARTITION BY "season_id" ORDER BY "rank", "user_id") AS n FROM "season_standings") o
WHERE s."season_id" = o."season_id" AND s."user_id" = o."user_id";

-- Hand-written: searching standings by part of a display name (ILIKE '%…%') uses a trigram index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX IF NOT EXISTS "users_display_name_trgm_idx" ON "users" USING gin ("display_name" gin_trgm_ops);
