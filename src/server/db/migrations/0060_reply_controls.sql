ALTER TABLE "mail_preferences" ADD COLUMN "who_can_message" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reply_policy" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD CONSTRAINT "mail_preferences_who_can_message_check" CHECK ("mail_preferences"."who_can_message" in ('everyone', 'following', 'friends', 'nobody'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_reply_policy_check" CHECK ("posts"."reply_policy" in ('everyone', 'following', 'friends', 'nobody'));