DROP INDEX "profiles_search_country_idx";--> statement-breakpoint
DROP INDEX "profiles_search_state_idx";--> statement-breakpoint
DROP INDEX "profiles_search_county_idx";--> statement-breakpoint
DROP INDEX "profiles_search_gender_idx";--> statement-breakpoint
DROP INDEX "profiles_search_relationship_status_idx";--> statement-breakpoint
DROP INDEX "profiles_search_body_types_idx";--> statement-breakpoint
DROP INDEX "profiles_search_sexuality_idx";--> statement-breakpoint
DROP INDEX "profiles_search_zodiac_idx";--> statement-breakpoint
DROP INDEX "profiles_search_race_idx";--> statement-breakpoint
DROP INDEX "profiles_search_military_branch_idx";--> statement-breakpoint
DROP INDEX "profiles_search_hbcu_idx";--> statement-breakpoint
DROP INDEX "profiles_search_occupation_idx";--> statement-breakpoint
DROP INDEX "profiles_search_networth_idx";--> statement-breakpoint
DROP INDEX "profiles_search_salary_idx";--> statement-breakpoint
DROP INDEX "profiles_search_greek_idx";--> statement-breakpoint
DROP INDEX "profiles_search_religion_idx";--> statement-breakpoint
DROP INDEX "profiles_search_education_idx";--> statement-breakpoint
DROP INDEX "profiles_search_age_idx";--> statement-breakpoint
DROP INDEX "profiles_search_height_inches_idx";--> statement-breakpoint
DROP INDEX "profiles_search_kids_count_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_tokens" text[] GENERATED ALWAYS AS (array_remove(array['country:' || country, 'state:' || state, 'county:' || county, 'gender:' || gender, 'relationship:' || relationship_status, 'body:' || body_types, 'sexuality:' || sexuality, 'zodiac:' || zodiac, 'race:' || race, 'branch:' || military_branch, 'hbcu:' || hbcu, 'occupation:' || occupation, 'networth:' || networth, 'salary:' || salary, 'greek:' || greek, 'religion:' || religion, 'education:' || education, 'age5:' || (age / 5 * 5)::text, 'height2:' || (height_inches / 2 * 2)::text, 'kids:' || kids_count::text], null)) STORED;--> statement-breakpoint
CREATE INDEX "profiles_search_tokens_idx" ON "profiles" USING gin ("search_tokens");--> statement-breakpoint
CREATE INDEX "profiles_suspended_idx" ON "profiles" USING btree ("user_id") WHERE "profiles"."suspended_at" is not null;