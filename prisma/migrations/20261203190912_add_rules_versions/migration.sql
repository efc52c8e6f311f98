-- CreateTable
CREATE TABLE "rules_versions" (
    "version" SERIAL NOT NULL,
    "summary" TEXT NOT NULL,
    "published_by_id" UUID NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rules_versions_pkey" PRIMARY KEY ("version")
);

-- CreateTable
CREATE TABLE "rules_acceptances" (
    "user_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "accepted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rules_acceptances_pkey" PRIMARY KEY ("user_id","version")
);

-- CreateIndex
CREATE INDEX "rules_acceptances_version_accepted_at_idx" ON "rules_acceptances"("version", "accepted_at");

-- AddForeignKey
ALTER TABLE "rules_versions" ADD CONSTRAINT "rules_versions_published_by_id_fkey" FOREIGN KEY ("published_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rules_acceptances" ADD CONSTRAINT "rules_acceptances_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rules_acceptances" ADD CONSTRAINT "rules_acceptances_version_fkey" FOREIGN KEY ("version") REFERENCES "rules_versions"("version") ON DELETE RESTRICT ON UPDATE CASCADE;

