-- CreateTable
CREATE TABLE "voice_mutes" (
    "user_id" UUID NOT NULL,
    "muted_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "voice_mutes_pkey" PRIMARY KEY ("user_id","muted_user_id")
);

-- CreateTable
CREATE TABLE "voice_clips" (
    "id" UUID NOT NULL,
    "report_id" UUID NOT NULL,
    "mime" TEXT NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "voice_clips_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "voice_mutes_muted_user_id_idx" ON "voice_mutes"("muted_user_id");

-- CreateIndex
CREATE INDEX "voice_clips_report_id_idx" ON "voice_clips"("report_id");

-- AddForeignKey
ALTER TABLE "voice_mutes" ADD CONSTRAINT "voice_mutes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "voice_mutes" ADD CONSTRAINT "voice_mutes_muted_user_id_fkey" FOREIGN KEY ("muted_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "voice_clips" ADD CONSTRAINT "voice_clips_report_id_fkey" FOREIGN KEY ("report_id") REFERENCES "integrity_reports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

