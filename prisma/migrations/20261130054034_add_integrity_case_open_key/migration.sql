-- AlterTable
ALTER TABLE "integrity_cases" ADD COLUMN     "open_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "integrity_cases_open_key_key" ON "integrity_cases"("open_key");


-- Hand-written: at most one open case per subject set, enforced by the database.
-- "Open" is every status before a decision or closure: open and in_review. The key is the subject set
-- (sorted distinct uuids, comma-separated), computed here so that every writer (detection, reports,
-- manual opening, any later code) gets the same key. The driver adapter splits migration scripts at
-- every semicolon (comments included), so function bodies spell theirs as \073 inside an E'' string.
CREATE OR REPLACE FUNCTION integrity_case_open_key(subjects uuid[]) RETURNS text LANGUAGE sql IMMUTABLE AS
E'SELECT string_agg(s::text, '','' ORDER BY s) FROM (SELECT DISTINCT unnest(subjects) AS s) d';

-- Backfill the open cases. Where existing data already holds several open cases for one subject set,
-- only the oldest (created_at, then id) gets the key, the others keep NULL (they stay workable and
-- are decided as before, but no new case can join them: detection and reports attach to the oldest).
UPDATE "integrity_cases" c SET "open_key" = k.key
FROM (
  SELECT DISTINCT ON (integrity_case_open_key(subject_ids)) id, integrity_case_open_key(subject_ids) AS key
  FROM "integrity_cases"
  WHERE status IN ('open', 'in_review') AND integrity_case_open_key(subject_ids) IS NOT NULL
  ORDER BY integrity_case_open_key(subject_ids), created_at, id
) k
WHERE c.id = k.id;

-- Every insert and update keeps the key: set while open or in review, NULL once decided or closed.
-- A case that stays open with the same subjects keeps its key as it is (a duplicate left NULL above
-- stays NULL, so it can still be assigned and decided). A write of open_key by the application is ignored.
CREATE OR REPLACE FUNCTION integrity_cases_set_open_key() RETURNS trigger LANGUAGE plpgsql AS
E'BEGIN
  IF NEW.status NOT IN (''open'', ''in_review'') THEN
    NEW.open_key := NULL\073
  ELSIF TG_OP = ''INSERT'' THEN
    NEW.open_key := integrity_case_open_key(NEW.subject_ids)\073
  ELSIF OLD.status NOT IN (''open'', ''in_review'') OR NEW.subject_ids IS DISTINCT FROM OLD.subject_ids THEN
    NEW.open_key := integrity_case_open_key(NEW.subject_ids)\073
  ELSE
    NEW.open_key := OLD.open_key\073
  END IF\073
  RETURN NEW\073
END\073';

CREATE TRIGGER "integrity_cases_open_key"
  BEFORE INSERT OR UPDATE ON "integrity_cases"
  FOR EACH ROW EXECUTE FUNCTION integrity_cases_set_open_key();
