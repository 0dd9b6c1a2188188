-- E-mails from us (docs/accounts.md "E-mails from us"): the daily digest's two switches and when
-- the last digest was written; the digest job finds recent activity by its time.
ALTER TABLE "mail_preferences" ADD COLUMN "email_new_followers" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD COLUMN "email_post_activity" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD COLUMN "digest_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "user_activity_created_idx" ON "user_activity" USING btree ("created_at");