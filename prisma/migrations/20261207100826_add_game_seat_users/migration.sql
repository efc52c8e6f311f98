-- AlterTable
ALTER TABLE "games" ADD COLUMN     "seat_users" JSONB;

