-- CreateTable
CREATE TABLE "game_timeouts" (
    "id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "attempt" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "game_timeouts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "game_timeouts_game_id_version_attempt_key" ON "game_timeouts"("game_id", "version", "attempt");

-- AddForeignKey
ALTER TABLE "game_timeouts" ADD CONSTRAINT "game_timeouts_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Timeouts are tickets: append-only, like the action log.
CREATE TRIGGER "game_timeouts_append_only"
  BEFORE UPDATE OR DELETE ON "game_timeouts"
  FOR EACH ROW EXECUTE FUNCTION reject_mutation();
