-- DropIndex
DROP INDEX "season_standings_season_id_position_idx";

-- CreateTable
CREATE TABLE "season_standing_order" (
    "season_id" UUID NOT NULL,
    "block" INTEGER NOT NULL,
    "user_ids" UUID[],

    CONSTRAINT "season_standing_order_pkey" PRIMARY KEY ("season_id","block")
);

-- AddForeignKey
ALTER TABLE "season_standing_order" ADD CONSTRAINT "season_standing_order_season_id_fkey" FOREIGN KEY ("season_id") REFERENCES "seasons"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Rows are updated in place on every completion (HOT): half of each page stays free for the new
-- versions (pages written from now on, and the rows move there as they are rewritten).
ALTER TABLE "season_standings" SET (fillfactor = 50);

-- The order of the rows already stored (positions are dense from 1 in every season).
INSERT INTO "season_standing_order" ("season_id", "block", "user_ids")
SELECT "season_id", ("position" - 1) / 100, array_agg("user_id" ORDER BY "position")
FROM "season_standings"
GROUP BY "season_id", ("position" - 1) / 100;
