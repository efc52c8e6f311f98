-- AlterEnum
ALTER TYPE "ChallengeKind" ADD VALUE 'special';

-- AlterTable
ALTER TABLE "challenges" ADD COLUMN     "tier" "Tier";


-- A weekly challenge already created runs at its city's tier (its pool was taken from it).
UPDATE "challenges" c SET "tier" = ci."tier" FROM "cities" ci WHERE ci."id" = c."city_id" AND c."kind" = 'weekly';
