-- CreateTable
CREATE TABLE "grant_games" (
    "user_id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "grant_games_pkey" PRIMARY KEY ("user_id","game_id")
);

-- CreateIndex
CREATE INDEX "grant_games_game_id_idx" ON "grant_games"("game_id");

-- AddForeignKey
ALTER TABLE "grant_games" ADD CONSTRAINT "grant_games_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grant_games" ADD CONSTRAINT "grant_games_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

