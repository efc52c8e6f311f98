-- CreateTable
CREATE TABLE "game_reviews" (
    "game_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "analysable" BOOLEAN NOT NULL,
    "analysis" JSONB NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "game_reviews_pkey" PRIMARY KEY ("game_id")
);

-- CreateTable
CREATE TABLE "game_review_seats" (
    "game_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "decisions" INTEGER NOT NULL,
    "accuracy" DOUBLE PRECISION,
    "loss_sum" DOUBLE PRECISION NOT NULL,
    "inaccuracies" INTEGER NOT NULL,
    "mistakes" INTEGER NOT NULL,
    "blunders" INTEGER NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "game_review_seats_pkey" PRIMARY KEY ("game_id","seat")
);

-- CreateIndex
CREATE INDEX "game_reviews_finished_at_idx" ON "game_reviews"("finished_at");

-- CreateIndex
CREATE INDEX "game_review_seats_user_id_finished_at_idx" ON "game_review_seats"("user_id", "finished_at");

-- CreateIndex
CREATE INDEX "games_finished_at_idx" ON "games"("finished_at");

-- AddForeignKey
ALTER TABLE "game_reviews" ADD CONSTRAINT "game_reviews_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_review_seats" ADD CONSTRAINT "game_review_seats_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "game_reviews"("game_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_review_seats" ADD CONSTRAINT "game_review_seats_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

