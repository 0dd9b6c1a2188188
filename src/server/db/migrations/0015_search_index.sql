CREATE TABLE "search_changes" (
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"user_id" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "profiles_search_name_idx";--> statement-breakpoint
DROP INDEX "profiles_search_tokens_idx";--> statement-breakpoint
DROP INDEX "profiles_search_place_idx";--> statement-breakpoint
DROP INDEX "profiles_city_trgm_idx";--> statement-breakpoint
DROP INDEX "profiles_military_base_trgm_idx";--> statement-breakpoint
DROP INDEX "profiles_university_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_changes_txid_idx" ON "search_changes" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "search_changes_changed_at_idx" ON "search_changes" USING btree ("changed_at");--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "search_tokens";--> statement-breakpoint
CREATE FUNCTION "note_search_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_changes" ("user_id") VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD."user_id" ELSE NEW."user_id" END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profiles_search_added_removed" AFTER INSERT OR DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "note_search_change"();--> statement-breakpoint
CREATE TRIGGER "profiles_search_changed" AFTER UPDATE ON "profiles" FOR EACH ROW
  WHEN ((OLD."full_name", OLD."username", OLD."default_username", OLD."created_at", OLD."suspended_at",
         OLD."city_lat", OLD."city_lng", OLD."age", OLD."height_inches", OLD."kids_count", OLD."country",
         OLD."state", OLD."county", OLD."city", OLD."gender", OLD."relationship_status", OLD."body_types",
         OLD."sexuality", OLD."zodiac", OLD."race", OLD."military_branch", OLD."military_base",
         OLD."university", OLD."hbcu", OLD."occupation", OLD."networth", OLD."salary", OLD."greek",
         OLD."religion", OLD."education")
    IS DISTINCT FROM
        (NEW."full_name", NEW."username", NEW."default_username", NEW."created_at", NEW."suspended_at",
         NEW."city_lat", NEW."city_lng", NEW."age", NEW."height_inches", NEW."kids_count", NEW."country",
         NEW."state", NEW."county", NEW."city", NEW."gender", NEW."relationship_status", NEW."body_types",
         NEW."sexuality", NEW."zodiac", NEW."race", NEW."military_branch", NEW."military_base",
         NEW."university", NEW."hbcu", NEW."occupation", NEW."networth", NEW."salary", NEW."greek",
         NEW."religion", NEW."education"))
  EXECUTE FUNCTION "note_search_change"();
