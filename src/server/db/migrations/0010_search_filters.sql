-- Advanced search (docs/search.md): height and kids as numbers for range filters, derived from
-- the stored text on every save and back-filled here for existing rows; one index per order and
-- per filter (partial: most profiles leave most attributes unset); trigrams for contains filters.
ALTER TABLE "profiles" ADD COLUMN "height_inches" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "kids_count" integer;--> statement-breakpoint
UPDATE "profiles" SET
  "height_inches" = CASE WHEN "height" ~ '^\d''\d{1,2}"$'
    THEN substring("height" from '^(\d)')::int * 12 + substring("height" from '''(\d{1,2})"')::int END,
  "kids_count" = CASE WHEN "kids" = 'None' THEN 0 WHEN "kids" ~ '^\d{1,2}\+?$'
    THEN substring("kids" from '^(\d{1,2})')::int END
WHERE "height" IS NOT NULL OR "kids" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_search_name_idx" ON "profiles" USING btree (lower("full_name"),"user_id");--> statement-breakpoint
CREATE INDEX "profiles_search_newest_idx" ON "profiles" USING btree ("created_at" DESC NULLS LAST,"user_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_search_country_idx" ON "profiles" USING btree ("country") WHERE "profiles"."country" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_state_idx" ON "profiles" USING btree ("state") WHERE "profiles"."state" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_county_idx" ON "profiles" USING btree ("county") WHERE "profiles"."county" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_gender_idx" ON "profiles" USING btree ("gender") WHERE "profiles"."gender" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_relationship_status_idx" ON "profiles" USING btree ("relationship_status") WHERE "profiles"."relationship_status" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_body_types_idx" ON "profiles" USING btree ("body_types") WHERE "profiles"."body_types" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_sexuality_idx" ON "profiles" USING btree ("sexuality") WHERE "profiles"."sexuality" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_zodiac_idx" ON "profiles" USING btree ("zodiac") WHERE "profiles"."zodiac" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_race_idx" ON "profiles" USING btree ("race") WHERE "profiles"."race" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_military_branch_idx" ON "profiles" USING btree ("military_branch") WHERE "profiles"."military_branch" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_hbcu_idx" ON "profiles" USING btree ("hbcu") WHERE "profiles"."hbcu" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_occupation_idx" ON "profiles" USING btree ("occupation") WHERE "profiles"."occupation" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_networth_idx" ON "profiles" USING btree ("networth") WHERE "profiles"."networth" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_salary_idx" ON "profiles" USING btree ("salary") WHERE "profiles"."salary" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_greek_idx" ON "profiles" USING btree ("greek") WHERE "profiles"."greek" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_religion_idx" ON "profiles" USING btree ("religion") WHERE "profiles"."religion" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_education_idx" ON "profiles" USING btree ("education") WHERE "profiles"."education" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_age_idx" ON "profiles" USING btree ("age") WHERE "profiles"."age" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_height_inches_idx" ON "profiles" USING btree ("height_inches") WHERE "profiles"."height_inches" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_kids_count_idx" ON "profiles" USING btree ("kids_count") WHERE "profiles"."kids_count" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_place_idx" ON "profiles" USING btree ("city_lat","city_lng") WHERE "profiles"."city_lat" is not null;--> statement-breakpoint
CREATE INDEX "profiles_city_trgm_idx" ON "profiles" USING gin (lower("city") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_military_base_trgm_idx" ON "profiles" USING gin (lower("military_base") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_university_trgm_idx" ON "profiles" USING gin (lower("university") gin_trgm_ops);