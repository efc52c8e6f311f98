-- AlterEnum
ALTER TYPE "WalletEntryKind" ADD VALUE 'commissary';

-- CreateTable
CREATE TABLE "commissary_runs" (
    "week" TEXT NOT NULL,
    "week_start" TIMESTAMPTZ(3) NOT NULL,
    "granted" INTEGER NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "commissary_runs_pkey" PRIMARY KEY ("week")
);

