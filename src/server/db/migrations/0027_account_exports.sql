-- 'Download my data' (docs/accounts.md "Your data"): each export's state and progress, one
-- building at a time per person; the sweep deletes a ready export's file and row after 7 days.
-- A person's comments and comment likes get an index by person, read in pages by the export.
CREATE TABLE "account_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'building' NOT NULL,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp (3) with time zone,
	"stage" text,
	"items_done" integer DEFAULT 0 NOT NULL,
	"items_total" integer DEFAULT 0 NOT NULL,
	"object_key" text,
	"size_bytes" bigint,
	"ready_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone,
	CONSTRAINT "account_exports_status_check" CHECK ("account_exports"."status" in ('building', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "account_exports" ADD CONSTRAINT "account_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_exports_one_building_idx" ON "account_exports" USING btree ("user_id") WHERE "account_exports"."status" = 'building';--> statement-breakpoint
CREATE INDEX "account_exports_user_requested_idx" ON "account_exports" USING btree ("user_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "account_exports_expires_idx" ON "account_exports" USING btree ("expires_at") WHERE "account_exports"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "post_comment_likes_user_idx" ON "post_comment_likes" USING btree ("user_id","comment_id");--> statement-breakpoint
CREATE INDEX "post_comments_user_created_idx" ON "post_comments" USING btree ("user_id","created_at","id");