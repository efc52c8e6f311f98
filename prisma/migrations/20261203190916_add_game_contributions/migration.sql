-- AlterTable
ALTER TABLE "games" ADD COLUMN     "contributions" JSONB,
ADD COLUMN     "deal_closes_at" TIMESTAMPTZ(3);

