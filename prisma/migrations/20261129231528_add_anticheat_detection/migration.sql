-- CreateTable
CREATE TABLE "user_sessions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "fingerprint_hash" TEXT,
    "ip" TEXT,
    "source" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "anticheat_game_analyses" (
    "game_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "complete" BOOLEAN NOT NULL,
    "analysis" JSONB NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "anticheat_game_analyses_pkey" PRIMARY KEY ("game_id")
);

-- CreateTable
CREATE TABLE "anticheat_seat_features" (
    "game_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "features" JSONB NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "anticheat_seat_features_pkey" PRIMARY KEY ("game_id","seat")
);

-- CreateIndex
CREATE INDEX "user_sessions_user_id_created_at_idx" ON "user_sessions"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "user_sessions_fingerprint_hash_idx" ON "user_sessions"("fingerprint_hash");

-- CreateIndex
CREATE INDEX "user_sessions_ip_idx" ON "user_sessions"("ip");

-- CreateIndex
CREATE INDEX "anticheat_game_analyses_finished_at_idx" ON "anticheat_game_analyses"("finished_at");

-- CreateIndex
CREATE INDEX "anticheat_seat_features_user_id_finished_at_idx" ON "anticheat_seat_features"("user_id", "finished_at");

-- AddForeignKey
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "anticheat_game_analyses" ADD CONSTRAINT "anticheat_game_analyses_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "anticheat_seat_features" ADD CONSTRAINT "anticheat_seat_features_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "anticheat_game_analyses"("game_id") ON DELETE RESTRICT ON UPDATE CASCADE;

