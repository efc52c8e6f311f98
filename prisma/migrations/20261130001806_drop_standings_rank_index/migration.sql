-- DropIndex
DROP INDEX "season_standings_season_id_rank_idx";

