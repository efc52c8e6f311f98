-- CreateTable
CREATE TABLE "tier_settings" (
    "tier" "Tier" NOT NULL,
    "prize_split" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tier_settings_pkey" PRIMARY KEY ("tier")
);

