-- CreateTable
CREATE TABLE "director_calls" (
    "id" UUID NOT NULL,
    "challenge_id" UUID NOT NULL,
    "table_id" UUID NOT NULL,
    "game_id" UUID,
    "game_version" INTEGER,
    "caller_id" UUID NOT NULL,
    "caller_role" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "acknowledged_by_id" UUID,
    "acknowledged_at" TIMESTAMPTZ(3),
    "resolved_by_id" UUID,
    "resolved_at" TIMESTAMPTZ(3),
    "resolution_note" TEXT,
    "resolution_act" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "director_calls_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "director_calls_challenge_id_status_idx" ON "director_calls"("challenge_id", "status");

-- CreateIndex
CREATE INDEX "director_calls_caller_id_created_at_idx" ON "director_calls"("caller_id", "created_at");

-- CreateIndex
CREATE INDEX "director_calls_table_id_idx" ON "director_calls"("table_id");


-- Hand-written: the foreign keys (the model has no relation fields, so the other models stay unchanged) and the value checks.
ALTER TABLE "director_calls" ADD CONSTRAINT "director_calls_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "director_calls" ADD CONSTRAINT "director_calls_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "challenge_tables"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "director_calls" ADD CONSTRAINT "director_calls_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "director_calls" ADD CONSTRAINT "director_calls_caller_id_fkey" FOREIGN KEY ("caller_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "director_calls" ADD CONSTRAINT "director_calls_acknowledged_by_id_fkey" FOREIGN KEY ("acknowledged_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "director_calls" ADD CONSTRAINT "director_calls_resolved_by_id_fkey" FOREIGN KEY ("resolved_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "director_calls" ADD CONSTRAINT "director_calls_caller_role_check" CHECK ("caller_role" IN ('player', 'spectator'));
ALTER TABLE "director_calls" ADD CONSTRAINT "director_calls_status_check" CHECK ("status" IN ('open', 'acknowledged', 'resolved'));
ALTER TABLE "director_calls" ADD CONSTRAINT "director_calls_resolution_act_check" CHECK ("resolution_act" IS NULL OR "resolution_act" IN ('none', 'void', 'correct', 'disqualify'));
