-- AlterTable
ALTER TABLE "users" ADD COLUMN     "locale" VARCHAR(2) NOT NULL DEFAULT 'en';


-- The languages the platform speaks (libs/common/src/i18n/language.ts LANGUAGES).
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("locale" IN ('en', 'es'));
