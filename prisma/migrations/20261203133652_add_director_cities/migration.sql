-- CreateTable
CREATE TABLE "director_cities" (
    "user_id" UUID NOT NULL,
    "city_id" UUID NOT NULL,
    "assigned_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "director_cities_pkey" PRIMARY KEY ("user_id","city_id")
);

-- CreateIndex
CREATE INDEX "director_cities_city_id_idx" ON "director_cities"("city_id");

-- CreateIndex
CREATE INDEX "director_cities_assigned_by_id_idx" ON "director_cities"("assigned_by_id");

-- AddForeignKey
ALTER TABLE "director_cities" ADD CONSTRAINT "director_cities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "director_cities" ADD CONSTRAINT "director_cities_city_id_fkey" FOREIGN KEY ("city_id") REFERENCES "cities"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "director_cities" ADD CONSTRAINT "director_cities_assigned_by_id_fkey" FOREIGN KEY ("assigned_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

