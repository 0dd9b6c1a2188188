-- Who sees what (docs/profiles-and-media.md): an audience per attribute. People who filled in a
-- sensitive attribute before audiences existed keep it visible to everyone, as it was; everyone
-- who filled anything in sees a one-time notice in Edit Profile that points at the new controls.
ALTER TABLE "profiles" ADD COLUMN "attribute_audiences" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "demographic_search" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "sensitive_consents" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "audience_notice_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "profiles" SET "attribute_audiences" = jsonb_strip_nulls(jsonb_build_object(
  'race', CASE WHEN "race" IS NOT NULL THEN 'everyone' END,
  'sexuality', CASE WHEN "sexuality" IS NOT NULL THEN 'everyone' END,
  'religion', CASE WHEN "religion" IS NOT NULL THEN 'everyone' END,
  'salary', CASE WHEN "salary" IS NOT NULL THEN 'everyone' END,
  'networth', CASE WHEN "networth" IS NOT NULL THEN 'everyone' END
)), "audience_notice_due" = true
WHERE num_nonnulls("country", "state", "county", "city", "age", "gender", "race", "sexuality", "zodiac", "body_types", "height", "relationship_status", "kids", "occupation", "military_branch", "military_base", "university", "hbcu", "salary", "networth", "greek", "religion", "education", "causes") > 0;
--> statement-breakpoint
DROP TRIGGER "profiles_search_changed" ON "profiles";--> statement-breakpoint
CREATE TRIGGER "profiles_search_changed" AFTER UPDATE ON "profiles" FOR EACH ROW
  WHEN ((OLD."full_name", OLD."username", OLD."default_username", OLD."created_at", OLD."suspended_at",
         OLD."city_lat", OLD."city_lng", OLD."age", OLD."height_inches", OLD."kids_count", OLD."country",
         OLD."state", OLD."county", OLD."city", OLD."gender", OLD."relationship_status", OLD."body_types",
         OLD."sexuality", OLD."zodiac", OLD."race", OLD."military_branch", OLD."military_base",
         OLD."university", OLD."hbcu", OLD."occupation", OLD."networth", OLD."salary", OLD."greek",
         OLD."religion", OLD."education", OLD."attribute_audiences", OLD."demographic_search")
    IS DISTINCT FROM
        (NEW."full_name", NEW."username", NEW."default_username", NEW."created_at", NEW."suspended_at",
         NEW."city_lat", NEW."city_lng", NEW."age", NEW."height_inches", NEW."kids_count", NEW."country",
         NEW."state", NEW."county", NEW."city", NEW."gender", NEW."relationship_status", NEW."body_types",
         NEW."sexuality", NEW."zodiac", NEW."race", NEW."military_branch", NEW."military_base",
         NEW."university", NEW."hbcu", NEW."occupation", NEW."networth", NEW."salary", NEW."greek",
         NEW."religion", NEW."education", NEW."attribute_audiences", NEW."demographic_search"))
  EXECUTE FUNCTION "note_search_change"();
