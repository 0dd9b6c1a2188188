CREATE TABLE "followers" (
	"follower_id" text NOT NULL,
	"following_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followers_follower_id_following_id_pk" PRIMARY KEY("follower_id","following_id"),
	CONSTRAINT "followers_not_self" CHECK ("followers"."follower_id" <> "followers"."following_id")
);
--> statement-breakpoint
ALTER TABLE "followers" ADD CONSTRAINT "followers_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followers" ADD CONSTRAINT "followers_following_id_users_id_fk" FOREIGN KEY ("following_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "followers_following_created_idx" ON "followers" USING btree ("following_id","created_at","follower_id");--> statement-breakpoint
CREATE INDEX "followers_follower_created_idx" ON "followers" USING btree ("follower_id","created_at","following_id");--> statement-breakpoint
CREATE INDEX "profiles_username_prefix_idx" ON "profiles" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "profiles_default_username_prefix_idx" ON "profiles" USING btree (lower("default_username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "profiles_full_name_prefix_idx" ON "profiles" USING btree (lower("full_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "profiles_username_trgm_idx" ON "profiles" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_default_username_trgm_idx" ON "profiles" USING gin (lower("default_username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm_idx" ON "profiles" USING gin (lower("full_name") gin_trgm_ops);