DROP INDEX "profiles_search_age_idx";--> statement-breakpoint
DROP INDEX "profiles_search_height_idx";--> statement-breakpoint
DROP INDEX "profiles_search_kids_idx";