-- AlterTable
ALTER TABLE "users" ADD COLUMN     "name_skeleton" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "users_name_skeleton_key" ON "users"("name_skeleton");


-- The skeletons of the accounts that exist are computed by the code that defines them (Unicode's confusables
-- table, libs/tournament/src/accounts/display-name.ts), which SQL does not have: the API fills every null one at
-- start-up (backfillNameSkeletons), oldest account first, and an account whose name looks like an older one's keeps
-- its name and a null skeleton, and no new account can take that look again.
