-- AlterTable
ALTER TABLE "house_tables" ADD COLUMN     "play_to_pay" VARCHAR(200);


-- SPEC 8.1: Play 2 Pay is a kind of friendly table (no money moves at it).
ALTER TABLE "house_tables" ADD CONSTRAINT "house_tables_play_to_pay_friendly" CHECK ("play_to_pay" IS NULL OR "purpose" = 'friendly');
